/**
 * ID tokens of the offline identity provider: JWT-shaped, HMAC-SHA256-signed with a key only the mocked
 * backend knows (docs/handoff/mock-identity-protocol.md). Also reads Firebase Auth emulator tokens
 * (`alg: none`) when the backend is told to accept them.
 *
 * The few lines of JWT are written here rather than taken from `jose`: jose signs and verifies
 * asynchronously (WebCrypto), and the mocked backend mints tokens synchronously (decision 23). The
 * signature itself is @noble/hashes' HMAC (./crypto.ts).
 *
 * The key is random, never in the source: one per mocked backend (mock:server's process, each Vitest
 * worker) and one per browser installation for the in-browser mock (kept beside its saved state,
 * mocks/browser.ts). The server's local identity makes its own (server/backend.ts).
 */
import {
  base64UrlDecode,
  base64UrlDecodeText,
  base64UrlEncode,
  base64UrlEncodeText,
  constantTimeEqual,
  hmacSha256,
  randomBytes,
  utf8,
} from './crypto.ts'

export const OFFLINE_ISSUER = 'vereinsportal-offline-auth'
const HEADER = base64UrlEncodeText(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'offline-v1' }))

/** Bytes of a signing key: HMAC-SHA256's block of 64 would do no better against guessing than 32. */
const KEY_BYTES = 32

/** A fresh random signing key. */
export const newSigningKey = (): Uint8Array => randomBytes(KEY_BYTES)

/** A key as text, to keep it in browser storage. */
export const signingKeyToText = (key: Uint8Array): string => base64UrlEncode(key)

/** A key kept as text, or null when the text is not one (absent, corrupt, too short). */
export const signingKeyFromText = (text: string | null): Uint8Array | null => {
  const key = text === null ? null : base64UrlDecode(text)
  return key && key.length === KEY_BYTES ? key : null
}

export interface IdTokenClaims {
  iss: string
  sub: string
  email: string
  email_verified: boolean
  iat: number
  exp: number
  auth_time: number
}

const sign = (key: Uint8Array, signingInput: string): string => base64UrlEncode(hmacSha256(key, utf8(signingInput)))

export const signIdToken = (claims: IdTokenClaims, key: Uint8Array): string => {
  const signingInput = `${HEADER}.${base64UrlEncodeText(JSON.stringify(claims))}`
  return `${signingInput}.${sign(key, signingInput)}`
}

export type TokenCheck =
  | { ok: true; kind: 'offline'; claims: IdTokenClaims }
  | { ok: true; kind: 'firebase-emulator'; email: string; emailVerified: boolean; authTime: number }
  | { ok: false; reason: string }

const parseJson = (segment: string): Record<string, unknown> | null => {
  const text = base64UrlDecodeText(segment)
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * Checks a token's form, signature and lifetime (not whether its user still exists: that is the
 * caller's business). `firebaseEmulatorProject` enables emulator tokens of that project.
 */
export const checkIdToken = (
  token: string,
  nowMs: number,
  firebaseEmulatorProject: string | null,
  key: Uint8Array,
): TokenCheck => {
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'The token is not a JWT.' }
  const [headerPart, payloadPart, signature] = parts as [string, string, string]
  const header = parseJson(headerPart)
  const payload = parseJson(payloadPart)
  if (!header || !payload) return { ok: false, reason: 'The token is malformed.' }
  const nowSeconds = Math.floor(nowMs / 1000)

  if (header.alg === 'none') {
    const expected = firebaseEmulatorProject ? `https://securetoken.google.com/${firebaseEmulatorProject}` : null
    if (!expected || payload.iss !== expected) return { ok: false, reason: 'Unsigned tokens are not accepted.' }
    if (typeof payload.exp === 'number' && payload.exp <= nowSeconds)
      return { ok: false, reason: 'The token has expired.' }
    if (typeof payload.email !== 'string') return { ok: false, reason: 'The token names no e-mail address.' }
    return {
      ok: true,
      kind: 'firebase-emulator',
      email: payload.email,
      emailVerified: payload.email_verified === true,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : nowSeconds,
    }
  }

  if (header.alg !== 'HS256' || !constantTimeEqual(signature, sign(key, `${headerPart}.${payloadPart}`))) {
    return { ok: false, reason: 'The token signature is invalid.' }
  }
  const { iss, sub, email, email_verified: emailVerified, iat, exp, auth_time: authTime } = payload
  if (
    iss !== OFFLINE_ISSUER ||
    typeof sub !== 'string' ||
    typeof email !== 'string' ||
    typeof emailVerified !== 'boolean' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    typeof authTime !== 'number'
  ) {
    return { ok: false, reason: 'The token claims are invalid.' }
  }
  if (exp <= nowSeconds) return { ok: false, reason: 'The token has expired.' }
  return {
    ok: true,
    kind: 'offline',
    claims: { iss, sub, email, email_verified: emailVerified, iat, exp, auth_time: authTime },
  }
}
