import { describe, expect, it } from 'vitest'
import { createMockBackend } from '#mocks/backend.ts'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import {
  base64UrlDecode,
  base64UrlDecodeText,
  base64UrlEncode,
  base64UrlEncodeText,
  hmacSha256,
  sha256,
  utf8,
} from './crypto.ts'
import { checkIdToken, newSigningKey, signIdToken, signingKeyFromText, signingKeyToText } from './tokens.ts'

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')

const claims = (now: number) => {
  const iat = Math.floor(now / 1000)
  return {
    iss: 'vereinsportal-offline-auth',
    sub: 'u1',
    email: 'a@b.at',
    email_verified: true,
    iat,
    exp: iat + 60,
    auth_time: iat,
  }
}

describe('the token signature', () => {
  it('uses standard SHA-256 and HMAC (test vectors)', () => {
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(utf8('a'.repeat(1000))))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3')
    // RFC 4231, test case 2.
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
  })

  it('round-trips base64url with non-ASCII text, tolerates padding and the standard alphabet, refuses the rest', () => {
    expect(base64UrlDecodeText(base64UrlEncodeText('Grünbach · Obfrau'))).toBe('Grünbach · Obfrau')
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index)
    for (let length = 0; length <= 5; length++)
      expect(base64UrlDecode(base64UrlEncode(bytes.slice(250, 250 + length)))).toEqual(bytes.slice(250, 250 + length))
    expect(base64UrlEncode(utf8('\u00fb\u00ff'))).toBe('w7vDvw')
    expect(base64UrlDecode('w7vDvw==')).toEqual(utf8('\u00fb\u00ff'))
    expect(base64UrlDecode('+/8')).toEqual(base64UrlDecode('-_8'))
    expect(base64UrlDecode('ab c')).toBeNull()
    expect(base64UrlDecode('a')).toBeNull()
    expect(base64UrlDecode('ab$d')).toBeNull()
  })

  it('accepts its own tokens until they expire, and nothing altered', () => {
    const now = Date.now()
    const key = newSigningKey()
    const token = signIdToken(claims(now), key)
    expect(checkIdToken(token, now, null, key)).toMatchObject({ ok: true, kind: 'offline', claims: { sub: 'u1' } })
    expect(checkIdToken(token, now + 61_000, null, key)).toMatchObject({ ok: false })
    expect(checkIdToken(`${token}x`, now, null, key).ok).toBe(false)
    expect(checkIdToken(token.split('.').slice(0, 2).join('.'), now, null, key).ok).toBe(false)
  })

  it('refuses a token signed with another key', () => {
    const now = Date.now()
    const key = newSigningKey()
    const other = newSigningKey()
    expect(hex(other)).not.toBe(hex(key))
    expect(checkIdToken(signIdToken(claims(now), other), now, null, key)).toEqual({
      ok: false,
      reason: 'The token signature is invalid.',
    })
    // The key that was a constant in the source before decision 23 signs nothing any backend accepts.
    const published = utf8('vereinsportal-mock-backend:offline-id-token-key:v1')
    expect(checkIdToken(signIdToken(claims(now), published), now, null, key).ok).toBe(false)
  })

  it('keeps a key as text for browser storage, and refuses text that is no key', () => {
    const key = newSigningKey()
    expect(key.length).toBe(32)
    expect(signingKeyFromText(signingKeyToText(key))).toEqual(key)
    expect(signingKeyFromText(null)).toBeNull()
    expect(signingKeyFromText('zu-kurz')).toBeNull()
    expect(signingKeyFromText('%%%')).toBeNull()
  })
})

describe('the signing key of a mocked backend', () => {
  const currentUser = (backend: ReturnType<typeof createMockBackend>, token: string) =>
    backend.execute('getCurrentUser', {
      method: 'GET',
      path: '/users/me',
      origin: 'http://localhost',
      appOrigin: 'http://localhost',
      params: {},
      query: new URLSearchParams(),
      authorization: `Bearer ${token}`,
      body: undefined,
      rawBody: null,
      headers: {},
    })

  it('is random per backend: one backend refuses the tokens of another', async () => {
    const first = createMockBackend()
    const second = createMockBackend()
    const token = first.idTokenFor(seedAccounts.admin.email)
    expect((await currentUser(first, token)).status).toBe(200)
    expect((await currentUser(second, token)).status).toBe(401)
  })

  it('is the one it is given (the browser keeps its key with the saved state)', async () => {
    const signingKey = newSigningKey()
    const before = createMockBackend({ signingKey })
    const afterReload = createMockBackend({ signingKey })
    expect((await currentUser(afterReload, before.idTokenFor(seedAccounts.verein.email))).status).toBe(200)
  })
})
