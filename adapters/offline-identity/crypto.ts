/**
 * The offline identity's cryptography. SHA-256 and HMAC-SHA256 come from `@noble/hashes` (audited, no
 * dependencies, the same code in the browser and in Node): the browser's WebCrypto is asynchronous, but the
 * mocked backend signs and checks tokens inside synchronous code (`MockBackend.idTokenFor`, and tests that
 * ask for a token while they render), so it cannot be used here. Password hashes: ./passwords.ts.
 *
 * Still written here, because no platform API or the library covers them everywhere: base64url over the
 * platform's btoa/atob (`Uint8Array.prototype.toBase64` and `Uint8Array.fromBase64` are not in every
 * browser the app supports yet), and comparing two signature strings in constant time.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export const utf8 = (text: string): Uint8Array => encoder.encode(text)

export const sha256 = (message: Uint8Array): Uint8Array => nobleSha256(message)

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array => hmac(nobleSha256, key, message)

export const base64UrlEncode = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Decodes base64url (padding and the standard alphabet tolerated); null when it is not base64. */
export const base64UrlDecode = (text: string): Uint8Array | null => {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/')
  // atob would also skip white space: only the alphabet and trailing padding are base64 here.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return null
  try {
    return Uint8Array.from(atob(standard), (char) => char.charCodeAt(0))
  } catch {
    return null // a length no base64 text has
  }
}

export const base64UrlEncodeText = (text: string): string => base64UrlEncode(utf8(text))
export const base64UrlDecodeText = (text: string): string | null => {
  const bytes = base64UrlDecode(text)
  return bytes ? decoder.decode(bytes) : null
}

/** Compares two strings in time independent of where they differ (habit; a mock leaks little anyway). */
export const constantTimeEqual = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

export const randomBytes = (length: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(length))

/** A random URL-safe token for invitations, action codes and refresh tokens. */
export const randomToken = (bytes = 24): string => base64UrlEncode(randomBytes(bytes))

export const randomId = (): string => globalThis.crypto.randomUUID()
