import { describe, expect, it, vi } from 'vitest'
import { AuthController } from './auth-controller'
import type { AuthService, AuthUser } from './auth-service'

const done = () => Promise.resolve()
const anna: AuthUser = { uid: 'uid-anna', email: 'anna@demo.at', emailVerified: true, displayName: null }

const provider = (restored: AuthUser | null): AuthService => {
  let user = restored
  return {
    mode: 'firebase',
    ready: done,
    currentUser: () => user,
    onAuthStateChanged: () => () => undefined,
    onIdTokenChanged: () => () => undefined,
    getIdToken: () => Promise.resolve(user ? 'token' : null),
    signIn: () => {
      user = anna
      return Promise.resolve(anna)
    },
    signOut: () => {
      user = null
      return done()
    },
    reload: () => Promise.resolve(user),
    applyActionCode: done,
    sendPasswordResetEmail: done,
    confirmPasswordReset: done,
    sendEmailVerification: done,
    reauthenticate: done,
  }
}

describe('the auth controller without a stored session (issue 12: no SDK on a public page)', () => {
  it('knows at once that nobody is signed in, and loads nothing', async () => {
    const load = vi.fn(() => Promise.resolve(provider(null)))
    const auth = new AuthController(load, () => false)
    await auth.ready()
    expect(auth.isReady).toBe(true)
    expect(auth.getUser()).toBeNull()
    expect(await auth.getIdToken()).toBeNull()
    await auth.signOut()
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the provider once when a sign-in form is used, and signs in with it', async () => {
    const load = vi.fn(() => Promise.resolve(provider(null)))
    const auth = new AuthController(load, () => false)
    auth.preload()
    auth.preload()
    const user = await auth.signIn('anna@demo.at', 'geheim123')
    expect(user.uid).toBe('uid-anna')
    expect(auth.getUser()?.uid).toBe('uid-anna')
    expect(await auth.getIdToken()).toBe('token')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tells React when a session arrives later (another tab signed in)', async () => {
    const auth = new AuthController(
      () => Promise.resolve(provider(anna)),
      () => false,
    )
    const listener = vi.fn()
    auth.subscribe(listener)
    auth.preload()
    await vi.waitFor(() => expect(auth.getSnapshot()?.uid).toBe('uid-anna'))
    expect(listener).toHaveBeenCalled()
  })
})

describe('the auth controller with a stored session', () => {
  it('restores it before the guard goes on', async () => {
    const load = vi.fn(() => Promise.resolve(provider(anna)))
    const auth = new AuthController(load, () => true)
    expect(auth.isReady).toBe(false)
    await auth.ready()
    expect(auth.isReady).toBe(true)
    expect(auth.getUser()?.uid).toBe('uid-anna')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
