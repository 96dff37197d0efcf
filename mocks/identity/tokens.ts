/**
 * ID tokens of the offline identity provider: JWT-shaped, HMAC-SHA256-signed with a key only the mocked
 * backend knows (docs/handoff/mock-identity-protocol.md). Also reads Firebase Auth emulator tokens
 * (`alg: none`) when the backend is told to accept them.
 */
import { base64UrlDecodeText, base64UrlEncode, base64UrlEncodeText, constantTimeEqual, hmacSha256, utf8 } from './crypto.ts'

export const OFFLINE_ISSUER = 'vereinsportal-offline-auth'
/** The mocked backend's key (the browser, Vitest, mock:server). The server's local identity uses its own. */
export const MOCK_SIGNING_KEY = utf8('vereinsportal-mock-backend:offline-id-token-key:v1')
const HEADER = base64UrlEncodeText(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'offline-v1' }))

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

export const signIdToken = (claims: IdTokenClaims, key: Uint8Array = MOCK_SIGNING_KEY): string => {
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
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
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
  key: Uint8Array = MOCK_SIGNING_KEY,
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
    if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) return { ok: false, reason: 'The token has expired.' }
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
  return { ok: true, kind: 'offline', claims: { iss, sub, email, email_verified: emailVerified, iat, exp, auth_time: authTime } }
}
