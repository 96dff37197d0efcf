import { describe, expect, it } from 'vitest'
import { base64UrlDecodeText, base64UrlEncodeText, hmacSha256, sha256, utf8 } from './crypto.ts'
import { checkIdToken, signIdToken } from './tokens.ts'

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')

describe('the token signature', () => {
  it('uses standard SHA-256 and HMAC (test vectors)', () => {
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(utf8('a'.repeat(1000))))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3')
    // RFC 4231, test case 2.
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
  })

  it('round-trips base64url with non-ASCII text', () => {
    expect(base64UrlDecodeText(base64UrlEncodeText('Grünbach · Obfrau'))).toBe('Grünbach · Obfrau')
  })

  it('accepts its own tokens until they expire, and nothing altered', () => {
    const now = Date.now()
    const iat = Math.floor(now / 1000)
    const token = signIdToken({ iss: 'vereinsportal-offline-auth', sub: 'u1', email: 'a@b.at', email_verified: true, iat, exp: iat + 60, auth_time: iat })
    expect(checkIdToken(token, now, null)).toMatchObject({ ok: true, kind: 'offline', claims: { sub: 'u1' } })
    expect(checkIdToken(token, now + 61_000, null)).toMatchObject({ ok: false })
    expect(checkIdToken(`${token}x`, now, null).ok).toBe(false)
    expect(checkIdToken(token.split('.').slice(0, 2).join('.'), now, null).ok).toBe(false)
  })
})
