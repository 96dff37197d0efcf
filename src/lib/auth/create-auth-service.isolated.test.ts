import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  localStorage.clear()
  vi.unstubAllEnvs()
  vi.resetModules()
})

/** The module reads the build's auth mode when it loads. */
const load = async (mode: 'firebase' | 'offline') => {
  vi.stubEnv('VITE_AUTH', mode)
  return import('./create-auth-service.ts')
}

const NOW = Date.UTC(2026, 10, 24, 8, 0)

/** What Firebase's `browserLocalPersistence` keeps for a signed-in user (`UserImpl.toJSON()`). */
const firebaseEntry = (expirationTime: number) =>
  JSON.stringify({
    uid: 'uid-verein',
    email: 'verein@demo.at',
    emailVerified: true,
    displayName: null,
    isAnonymous: false,
    stsTokenManager: { refreshToken: 'refresh', accessToken: 'id-token', expirationTime },
    apiKey: 'demo-api-key',
    appName: '[DEFAULT]',
  })

describe('readStoredSession', () => {
  it("reads Firebase's stored user and ID token", async () => {
    const { readStoredSession } = await load('firebase')
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', firebaseEntry(NOW + 50 * 60_000))
    expect(readStoredSession(NOW)).toEqual({
      user: { uid: 'uid-verein', email: 'verein@demo.at', emailVerified: true, displayName: null },
      idToken: 'id-token',
      expiresAt: NOW + 50 * 60_000,
    })
  })

  it('gives nothing for a token that expires within five minutes, an odd entry, or none', async () => {
    const { readStoredSession } = await load('firebase')
    expect(readStoredSession(NOW)).toBeNull()
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', firebaseEntry(NOW + 4 * 60_000))
    expect(readStoredSession(NOW)).toBeNull()
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{not json')
    expect(readStoredSession(NOW)).toBeNull()
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', JSON.stringify({ uid: 'x' }))
    expect(readStoredSession(NOW)).toBeNull()
  })

  it('is never used by the offline twin', async () => {
    const { readStoredSession } = await load('offline')
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', firebaseEntry(NOW + 50 * 60_000))
    expect(readStoredSession(NOW)).toBeNull()
  })
})
