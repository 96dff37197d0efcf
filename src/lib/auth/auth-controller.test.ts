import { describe, expect, it, vi } from 'vitest'
import { AuthController } from './auth-controller.ts'
import type { AuthService, AuthUser } from './auth-service.ts'

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

describe('the auth controller without a stored session (no SDK on a public page)', () => {
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

describe('the auth controller with a stored session (screens ask the backend at once)', () => {
  const stored = { user: anna, idToken: 'stored-token', expiresAt: Date.now() + 30 * 60_000 }

  it('knows the stored user and sends its token before the provider has loaded', async () => {
    let finishLoading: (service: AuthService) => void = () => undefined
    const load = vi.fn(() => new Promise<AuthService>((resolve) => (finishLoading = resolve)))
    const auth = new AuthController(
      load,
      () => true,
      () => stored,
    )
    await auth.ready()
    expect(auth.isReady).toBe(true)
    expect(auth.getUser()?.uid).toBe('uid-anna')
    expect(await auth.getIdToken()).toBe('stored-token')
    expect(load).toHaveBeenCalledTimes(1)

    // Once loaded, the provider's tokens are used; a forced refresh always waits for it.
    const refreshed = auth.getIdToken(true)
    finishLoading(provider(anna))
    expect(await refreshed).toBe('token')
    expect(await auth.getIdToken()).toBe('token')
  })

  it('checks the stored session when the app says so, and earlier only when a token must come from the provider', async () => {
    const load = vi.fn(() => Promise.resolve(provider(anna)))
    let check: () => void = () => undefined
    const auth = new AuthController(
      load,
      () => true,
      () => stored,
      undefined,
      (later) => (check = later),
    )
    expect(await auth.getIdToken()).toBe('stored-token')
    expect(load).not.toHaveBeenCalled()
    // A forced refresh cannot wait for the first screen.
    expect(await auth.getIdToken(true)).toBe('token')
    expect(load).toHaveBeenCalledTimes(1)
    check()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('signs out before the provider was due to load: it loads it to end the session', async () => {
    const signOut = vi.fn(done)
    const load = vi.fn(() => Promise.resolve({ ...provider(anna), signOut }))
    const auth = new AuthController(
      load,
      () => true,
      () => stored,
      undefined,
      () => undefined,
    )
    await auth.signOut()
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(auth.getUser()).toBeNull()
  })

  it('forgets the stored user when the provider finds nobody signed in', async () => {
    const auth = new AuthController(
      () => Promise.resolve(provider(null)),
      () => true,
      () => stored,
    )
    const seen: (string | null)[] = []
    auth.subscribe(() => seen.push(auth.getUser()?.uid ?? null))
    expect(auth.getUser()?.uid).toBe('uid-anna')
    await vi.waitFor(() => expect(seen).toEqual([null]))
    expect(await auth.getIdToken()).toBeNull()
  })

  it('does not send a stored token that is about to expire', async () => {
    const expiring = { ...stored, expiresAt: Date.now() + 30_000 }
    const auth = new AuthController(
      () => Promise.resolve(provider(anna)),
      () => true,
      () => expiring,
    )
    expect(await auth.getIdToken()).toBe('token')
  })
})

describe('signing out', () => {
  it('sends the current token to end the sessions on the backend, without waiting for the answer', async () => {
    const order: string[] = []
    const service: AuthService = {
      ...provider(anna),
      signOut: () => {
        order.push('local sign-out')
        return done()
      },
    }
    // The backend never answers: the person is signed out anyway.
    const endServerSession = vi.fn((token: string) => {
      order.push(`backend sign-out with ${token}`)
      return new Promise<void>(() => undefined)
    })
    const auth = new AuthController(
      () => Promise.resolve(service),
      () => true,
      () => null,
      endServerSession,
    )
    await auth.ready()
    await auth.signOut()
    expect(order).toEqual(['backend sign-out with token', 'local sign-out'])
    expect(auth.getUser()).toBeNull()
  })

  it('signs out here when the backend refuses or cannot be reached', async () => {
    const endServerSession = vi.fn(() => Promise.reject(new Error('offline')))
    const auth = new AuthController(
      () => Promise.resolve(provider(anna)),
      () => true,
      () => null,
      endServerSession,
    )
    await auth.ready()
    await auth.signOut()
    expect(endServerSession).toHaveBeenCalledTimes(1)
    expect(auth.getUser()).toBeNull()
  })
})
