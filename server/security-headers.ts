/**
 * Security headers on every answer of the server: the app's pages and assets, the API, problems, CORS
 * preflights (docs/decisions/0013-security-headers-and-rate-limits.md).
 *
 * One Content-Security-Policy for everything the server sends: scripts only from the server's own origin
 * (no `'unsafe-inline'`, no `'unsafe-eval'`), connections only to it and to what Firebase Auth (and, when
 * configured, Firebase Storage) needs, nothing may frame a page. A route that needs a stricter policy sets
 * its own headers first (the card provider's stand-in page, file downloads): what a route set stays.
 *
 * HSTS only over HTTPS: `request.protocol`, which honours `X-Forwarded-Proto` only from a trusted proxy
 * (TRUST_PROXY, server/config.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** What Firebase Auth's web SDK calls for e-mail/password sign-in, token refresh and account actions. */
export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
/** Firebase Storage's web SDK: uploads, and the download URLs the app shows as images. */
export const FIREBASE_STORAGE_ORIGINS = ['https://firebasestorage.googleapis.com']

export interface ContentSources {
  /** Origins the app may call besides its own (`connect-src`). */
  readonly connect: readonly string[]
  /** Origins images may come from besides its own, `data:` and `blob:` (`img-src`). */
  readonly image: readonly string[]
}

/** `127.0.0.1:9479` or `http://127.0.0.1:9479` → `http://127.0.0.1:9479`. */
const emulatorOrigin = (host: string): string =>
  (/^https?:\/\//.test(host) ? host : `http://${host}`).replace(/\/+$/, '')

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)

/**
 * The sources the served app needs, from the server's environment:
 * - Firebase Auth always (the real build signs in with it);
 * - the Auth emulator when `FIREBASE_AUTH_EMULATOR_HOST` is set (npm start, tests);
 * - Firebase Storage when `FIREBASE_STORAGE_BUCKET` is set (a Firebase deployment keeping files there), its
 *   emulator when `FIREBASE_STORAGE_EMULATOR_HOST` is;
 * - `CSP_CONNECT_SRC` / `CSP_IMG_SRC`: anything else, e.g. an API on another host than the pages.
 */
export const readContentSources = (env: NodeJS.ProcessEnv): ContentSources => {
  const storage = env.FIREBASE_STORAGE_BUCKET ? FIREBASE_STORAGE_ORIGINS : []
  const storageEmulator = env.FIREBASE_STORAGE_EMULATOR_HOST ? [emulatorOrigin(env.FIREBASE_STORAGE_EMULATOR_HOST)] : []
  const authEmulator = env.FIREBASE_AUTH_EMULATOR_HOST ? [emulatorOrigin(env.FIREBASE_AUTH_EMULATOR_HOST)] : []
  const unique = (values: string[]) => [...new Set(values)]
  return {
    connect: unique([
      ...FIREBASE_AUTH_ORIGINS,
      ...authEmulator,
      ...storage,
      ...storageEmulator,
      ...list(env.CSP_CONNECT_SRC),
    ]),
    image: unique([...storage, ...storageEmulator, ...list(env.CSP_IMG_SRC)]),
  }
}

export const contentSecurityPolicy = (sources: ContentSources): string =>
  [
    "default-src 'self'",
    // The build's module scripts only: no inline script, no eval (index.html has none).
    "script-src 'self'",
    // Inline styles: the toast library (sonner) injects its stylesheet as a <style> element at start.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', 'blob:', ...sources.image].join(' ')}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...sources.connect].join(' ')}`,
    // Firebase's e-mail/password sign-in needs no frame; nothing else does.
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')

/** Features the portal never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** One year, subdomains included (the portal's hosts are all HTTPS). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

export const securityHeaders = (sources: ContentSources): Readonly<Record<string, string>> => ({
  'content-security-policy': contentSecurityPolicy(sources),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Not `no-referrer`: Firebase API keys may be restricted by referrer. Cross-origin requests get the origin
  // only, so an invitation token in a URL never leaves the portal.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
})

const overHttps = (request: FastifyRequest): boolean => request.protocol === 'https'

/** Adds the headers to every answer that has not set them itself. */
export const registerSecurityHeaders = (app: FastifyInstance, sources: ContentSources): void => {
  const headers = Object.entries(securityHeaders(sources))
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value)
    if (overHttps(request) && !reply.hasHeader('strict-transport-security'))
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY)
    return payload
  })
}
