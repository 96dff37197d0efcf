/**
 * The server's settings, from the environment (and `npm run server -- --flags`). Everything has a
 * default that runs on a developer's machine; production sets NODE_ENV=production and is then refused
 * what must never run there (the local identity and the test hooks).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts'
import type { RateLimits } from './rate-limits.ts'
import { readContentSources } from './security-headers.ts'
import type { ContentSources } from './security-headers.ts'

export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Where PGlite keeps its data (and, later, uploaded files). */
  readonly dataDir: string
  /** A PostgreSQL server instead of PGlite. */
  readonly databaseUrl: string | undefined
  readonly production: boolean
  /** Load the demo seed into an empty database on start. */
  readonly demo: boolean
  /**
   * The test control plane: `POST /__mock/reset` (back to the demo seed) and `/__mock/mailbox` (the
   * outbox). Never in production.
   */
  readonly testHooks: boolean
  /** Bytes of a JSON body; a larger one is refused (413) before it is read. */
  readonly bodyLimit: number
  /** Milliseconds a request may take before it is answered with 503. */
  readonly requestTimeoutMs: number
  /**
   * Milliseconds a whole request may take to arrive (UPLOAD_TIMEOUT_MS, default 2 minutes): uploads of up
   * to 10 MB on a slow line need longer than an operation may run. JSON bodies are small (BODY_LIMIT_BYTES).
   */
  readonly uploadTimeoutMs?: number
  /** Origins whose pages may call the API from the browser (CORS). */
  readonly corsOrigins: readonly string[]
  readonly logLevel: string
  readonly poolSize: number
  /**
   * Who signs users in: Firebase Auth (FIREBASE_PROJECT_ID, or the Auth emulator with the standard
   * FIREBASE_AUTH_EMULATOR_HOST) or, when neither is set, the local identity (development and tests only).
   */
  readonly identity: IdentityConfig
  /** The built app to serve beside the API (STATIC_DIR, `npm start`); none: the API alone. */
  readonly staticDir?: string | undefined
  /**
   * Whose `X-Forwarded-For`/`-Proto` to believe (TRUST_PROXY: `true` for any, or the proxies' addresses
   * and CIDRs, comma-separated): the client IP of the rate limits, HTTPS for HSTS. Default: nobody's.
   */
  readonly trustProxy?: boolean | string
  /** Requests per minute and client IP (server/rate-limits.ts); 0 switches one off. */
  readonly rateLimits?: RateLimits
  /** What the served app may load and call besides its own origin (CSP, server/security-headers.ts). */
  readonly contentSources?: ContentSources
  /** Where mail goes out (SMTP_URL, nodemailer's connection URL); unset: mails stay in the outbox (server/mail). */
  readonly smtpUrl: string | undefined
  /** The sender of every mail (MAIL_FROM). */
  readonly mailFrom: string
  /** Without SMTP: a folder that also gets each committed mail as an `.eml` file (MAIL_DIR; server/mail). */
  readonly mailDir?: string | undefined
  /** The app's origin (APP_ORIGIN), put in front of the app links of delivered mails. */
  readonly appOrigin: string
}

export const DEFAULT_MAIL_FROM = 'Vereinsportal <no-reply@vereinsportal.at>'
/** The app of `npm run dev:server`. */
export const DEFAULT_APP_ORIGIN = 'http://localhost:5173'

/** APP_ORIGIN; else the app this server serves itself (STATIC_DIR), else the one of `npm run dev:server`. */
const appOrigin = (given: string | undefined, servesApp: boolean, port: number): string =>
  (given?.trim() || (servesApp ? `http://localhost:${port}` : DEFAULT_APP_ORIGIN)).replace(/\/+$/, '')

export type IdentityConfig =
  | { readonly kind: 'local' }
  | { readonly kind: 'firebase'; readonly projectId: string; readonly emulatorHost: string | undefined }

/** The project the Auth emulator runs in development (`demo-` projects never reach Google). */
export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'

const readIdentity = (env: NodeJS.ProcessEnv): IdentityConfig => {
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || env.GCLOUD_PROJECT?.trim() || undefined
  if (!emulatorHost && !projectId) return { kind: 'local' }
  return { kind: 'firebase', projectId: projectId ?? EMULATOR_PROJECT_ID, emulatorHost }
}

/** The portal's own pages: the hosts src/api/client.ts maps to a backend, and local development. */
export const DEFAULT_CORS_ORIGINS = [
  'https://portal.vereinsportal.at',
  'https://portal-dev.vereinsportal.at',
  'https://registrierung.vereinsportal.at',
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
]

const flag = (value: string | undefined): boolean => value === '1' || value === 'true' || value === 'yes'
const int = (value: string | undefined, fallback: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value)
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}

const optionalPath = (value: string | undefined): string | undefined => (value ? resolve(value) : undefined)

/** TRUST_PROXY: `true` (any proxy), or the proxies' addresses/CIDRs, comma-separated; else false. */
const trustProxy = (value: string | undefined): boolean | string => {
  const given = value?.trim() ?? ''
  if (given === '' || given === '0' || given === 'false' || given === 'no') return false
  return given === '1' || given === 'true' || given === 'yes' ? true : given
}

export const readConfig = (
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'test-hooks': { type: 'boolean', default: false },
      'static-dir': { type: 'string' },
    },
    allowPositionals: false,
  })
  const production = env.NODE_ENV === 'production'
  return {
    port: int(values.port ?? env.PORT, 8080),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: values.demo || flag(env.PORTAL_DEMO),
    testHooks: values['test-hooks'] || flag(env.PORTAL_TEST_HOOKS),
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 15_000),
    uploadTimeoutMs: int(env.UPLOAD_TIMEOUT_MS, 120_000),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    logLevel: env.LOG_LEVEL ?? 'info',
    poolSize: int(env.DATABASE_POOL_SIZE, 10),
    identity: readIdentity(env),
    staticDir: optionalPath(values['static-dir'] ?? env.STATIC_DIR),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimits: {
      signInPerMinute: int(env.RATE_LIMIT_SIGN_IN_PER_MINUTE, DEFAULT_RATE_LIMITS.signInPerMinute),
      publicPerMinute: int(env.RATE_LIMIT_PUBLIC_PER_MINUTE, DEFAULT_RATE_LIMITS.publicPerMinute),
    },
    contentSources: readContentSources(env),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    mailDir: optionalPath(env.MAIL_DIR),
    appOrigin: appOrigin(
      env.APP_ORIGIN,
      Boolean(values['static-dir'] ?? env.STATIC_DIR),
      int(values.port ?? env.PORT, 8080),
    ),
  }
}

/** Why this configuration must not start, or null. */
export const refusal = (config: ServerConfig): string | null => {
  if (config.production && config.testHooks)
    return 'The test hooks (PORTAL_TEST_HOOKS, --test-hooks) never run with NODE_ENV=production.'
  if (config.production && config.identity.kind === 'local') {
    return 'NODE_ENV=production needs Firebase Auth: set FIREBASE_PROJECT_ID (and credentials, GOOGLE_APPLICATION_CREDENTIALS); the local identity is for development only.'
  }
  if (config.production && config.identity.kind === 'firebase' && config.identity.emulatorHost) {
    return 'FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator accepts unsigned tokens and never runs with NODE_ENV=production.'
  }
  return null
}
