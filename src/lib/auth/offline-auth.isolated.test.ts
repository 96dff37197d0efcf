import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthError } from './auth-service.ts'
import {
  createOfflineAuth,
  REFRESH_AHEAD_MS,
  RETRY_AFTER_MS,
  SESSION_STORAGE_KEY,
  type OfflineAuthService,
} from './offline-auth.ts'

/**
 * A stand-in for `/__mock/identity/*` (the protocol of docs/handoff/mock-identity-protocol.md), so these
 * tests pin the provider's own behaviour: timing, persistence, error mapping.
 */
const createIdentity = ({ lifetimeSeconds = 3600 } = {}) => {
  let issued = 0
  const state = {
    lifetimeSeconds,
    calls: [] as string[],
    revoked: new Set<string>(),
    offline: false,
    emailVerified: true,
    /** Whose session the identity answers with (a different one imitates a changed account). */
    uid: 'uid-admin',
  }
  const session = () => {
    issued += 1
    return {
      idToken: `id-token-${issued}`,
      refreshToken: 'refresh-1',
      expiresIn: state.lifetimeSeconds,
      user: {
        uid: state.uid,
        email: 'admin@demo.at',
        emailVerified: state.emailVerified,
        displayName: 'Andrea Admin',
      },
    }
  }
  const json = (status: number, body?: unknown) =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
  const fetch = vi.fn((input: string, init?: RequestInit): Promise<Response> => {
    if (state.offline) return Promise.reject(new TypeError('Failed to fetch'))
    const path = new URL(input).pathname.replace('/__mock/identity/', '')
    state.calls.push(path)
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, string>
    switch (path) {
      case 'signIn':
        return body.password === 'Demo1234!' ? json(200, session()) : json(400, { error: 'INVALID_CREDENTIALS' })
      case 'token':
        return state.revoked.has(body.refreshToken!)
          ? json(400, { error: 'INVALID_REFRESH_TOKEN' })
          : json(200, session())
      case 'lookup':
        return json(200, { user: { ...session().user } })
      case 'applyActionCode':
        return body.oobCode === 'good'
          ? json(204)
          : json(400, { error: body.oobCode === 'old' ? 'EXPIRED_OOB_CODE' : 'INVALID_OOB_CODE' })
      case 'resetPassword':
        return body.newPassword!.length < 8 ? json(400, { error: 'WEAK_PASSWORD' }) : json(204)
      case 'sendPasswordReset':
      case 'sendVerification':
        return json(204)
      default:
        return json(404)
    }
  })
  return { state, fetch }
}

const memoryStorage = (): Storage => {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  }
}

const services: OfflineAuthService[] = []
const create = (identity: ReturnType<typeof createIdentity>, storage: Storage) => {
  const service = createOfflineAuth({ baseUrl: 'http://localhost:3000', fetch: identity.fetch, storage })
  services.push(service)
  return service
}

describe('the offline auth provider', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T09:00:00Z') })
  })
  afterEach(() => {
    services.splice(0).forEach((service) => service.dispose())
    vi.useRealTimers()
  })

  it('signs in, tells its listeners and hands out the ID token', async () => {
    const identity = createIdentity()
    const auth = create(identity, memoryStorage())
    await auth.ready()
    const states: Array<string | null> = []
    const tokens: Array<string | null> = []
    auth.onAuthStateChanged((user) => states.push(user?.uid ?? null))
    auth.onIdTokenChanged((user) => tokens.push(user?.uid ?? null))

    const user = await auth.signIn(' admin@demo.at ', 'Demo1234!')

    expect(user).toEqual({ uid: 'uid-admin', email: 'admin@demo.at', emailVerified: true, displayName: 'Andrea Admin' })
    expect(auth.currentUser()?.uid).toBe('uid-admin')
    expect(await auth.getIdToken()).toBe('id-token-1')
    expect(states).toEqual(['uid-admin'])
    expect(tokens).toEqual(['uid-admin'])
  })

  it('maps a wrong password to invalid-credential and stays signed out', async () => {
    const auth = create(createIdentity(), memoryStorage())
    await expect(auth.signIn('admin@demo.at', 'falsch')).rejects.toMatchObject({ code: 'invalid-credential' })
    expect(auth.currentUser()).toBeNull()
    expect(await auth.getIdToken()).toBeNull()
  })

  it('reports an unreachable identity service as a network error', async () => {
    const identity = createIdentity()
    identity.state.offline = true
    const auth = create(identity, memoryStorage())
    const failure = auth.signIn('admin@demo.at', 'Demo1234!')
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({ code: 'network' })
  })

  it('keeps the session across a reload (localStorage) without asking the network while the token is fresh', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const first = create(identity, storage)
    await first.signIn('admin@demo.at', 'Demo1234!')
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ refreshToken: 'refresh-1' })
    first.dispose()

    identity.state.calls.length = 0
    const second = create(identity, storage)
    await second.ready()
    expect(second.currentUser()?.email).toBe('admin@demo.at')
    expect(await second.getIdToken()).toBe('id-token-1')
    expect(identity.state.calls).toEqual([])
  })

  it('refreshes a stored token that is due when the page loads again', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const first = create(identity, storage)
    await first.signIn('admin@demo.at', 'Demo1234!')
    first.dispose()

    vi.setSystemTime(Date.now() + 2 * 3600_000)
    const second = create(identity, storage)
    await second.ready()
    expect(identity.state.calls).toEqual(['signIn', 'token'])
    expect(await second.getIdToken()).toBe('id-token-2')
  })

  it('starts signed out when the stored refresh token was revoked (password changed elsewhere)', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const first = create(identity, storage)
    await first.signIn('admin@demo.at', 'Demo1234!')
    first.dispose()

    identity.state.revoked.add('refresh-1')
    vi.setSystemTime(Date.now() + 2 * 3600_000)
    const second = create(identity, storage)
    await second.ready()
    expect(second.currentUser()).toBeNull()
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('refreshes the token five minutes before it expires, like Firebase', async () => {
    const identity = createIdentity({ lifetimeSeconds: 3600 })
    const auth = create(identity, memoryStorage())
    await auth.signIn('admin@demo.at', 'Demo1234!')
    const changes: string[] = []
    auth.onIdTokenChanged(() => changes.push('token'))

    await vi.advanceTimersByTimeAsync(3600_000 - REFRESH_AHEAD_MS - 1000)
    expect(identity.state.calls).toEqual(['signIn'])

    await vi.advanceTimersByTimeAsync(1000)
    expect(identity.state.calls).toEqual(['signIn', 'token'])
    expect(changes).toEqual(['token'])
    expect(await auth.getIdToken()).toBe('id-token-2')

    // …and again 55 minutes after that.
    await vi.advanceTimersByTimeAsync(3600_000 - REFRESH_AHEAD_MS)
    expect(identity.state.calls).toEqual(['signIn', 'token', 'token'])
  })

  it('refreshes short-lived tokens (the expiry tests) at half their lifetime', async () => {
    const identity = createIdentity({ lifetimeSeconds: 10 })
    const auth = create(identity, memoryStorage())
    await auth.signIn('admin@demo.at', 'Demo1234!')

    await vi.advanceTimersByTimeAsync(4_900)
    expect(identity.state.calls).toEqual(['signIn'])
    await vi.advanceTimersByTimeAsync(100)
    expect(identity.state.calls).toEqual(['signIn', 'token'])
  })

  it('refreshes on getIdToken(true), once for concurrent callers', async () => {
    const identity = createIdentity()
    const auth = create(identity, memoryStorage())
    await auth.signIn('admin@demo.at', 'Demo1234!')

    const [a, b] = await Promise.all([auth.getIdToken(true), auth.getIdToken(true)])
    expect(a).toBe('id-token-2')
    expect(b).toBe('id-token-2')
    expect(identity.state.calls).toEqual(['signIn', 'token'])
  })

  it('signs out when a refresh is refused, and tells the listeners', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const auth = create(identity, storage)
    await auth.signIn('admin@demo.at', 'Demo1234!')
    const states: Array<string | null> = []
    auth.onAuthStateChanged((user) => states.push(user?.uid ?? null))

    identity.state.revoked.add('refresh-1')
    expect(await auth.getIdToken(true)).toBeNull()
    expect(auth.currentUser()).toBeNull()
    expect(states).toEqual([null])
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('keeps a still-valid token while offline and retries the refresh 30 s later', async () => {
    const identity = createIdentity({ lifetimeSeconds: 3600 })
    const auth = create(identity, memoryStorage())
    await auth.signIn('admin@demo.at', 'Demo1234!')

    identity.state.offline = true
    await vi.advanceTimersByTimeAsync(3600_000 - REFRESH_AHEAD_MS)
    expect(await auth.getIdToken()).toBe('id-token-1')

    identity.state.offline = false
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS)
    expect(identity.state.calls).toEqual(['signIn', 'token'])
    expect(await auth.getIdToken()).toBe('id-token-2')
  })

  it('signs out: forgets the session, stops refreshing, tells the listeners', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const auth = create(identity, storage)
    await auth.signIn('admin@demo.at', 'Demo1234!')
    const states: Array<string | null> = []
    const tokens: Array<string | null> = []
    auth.onAuthStateChanged((user) => states.push(user?.uid ?? null))
    auth.onIdTokenChanged((user) => tokens.push(user?.uid ?? null))

    await auth.signOut()
    expect(auth.currentUser()).toBeNull()
    expect(await auth.getIdToken()).toBeNull()
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(states).toEqual([null])
    expect(tokens).toEqual([null])

    await vi.advanceTimersByTimeAsync(2 * 3600_000)
    expect(identity.state.calls).toEqual(['signIn'])
  })

  it('follows a sign-out in another tab (storage event)', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const auth = create(identity, storage)
    await auth.signIn('admin@demo.at', 'Demo1234!')
    const states: Array<string | null> = []
    auth.onAuthStateChanged((user) => states.push(user?.uid ?? null))

    storage.removeItem(SESSION_STORAGE_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }))
    expect(auth.currentUser()).toBeNull()
    expect(states).toEqual([null])
  })

  it('reloads the user and fetches a new token when the address was confirmed meanwhile', async () => {
    const identity = createIdentity()
    identity.state.emailVerified = false
    const auth = create(identity, memoryStorage())
    expect((await auth.signIn('admin@demo.at', 'Demo1234!')).emailVerified).toBe(false)

    identity.state.emailVerified = true
    const user = await auth.reload()
    expect(user?.emailVerified).toBe(true)
    expect(identity.state.calls).toEqual(['signIn', 'lookup', 'token'])
    expect(auth.currentUser()?.emailVerified).toBe(true)
  })

  it('maps action-code and password errors to AuthError codes', async () => {
    const auth = create(createIdentity(), memoryStorage())
    await expect(auth.applyActionCode('good')).resolves.toBeUndefined()
    await expect(auth.applyActionCode('used')).rejects.toMatchObject({ code: 'invalid-action-code' })
    await expect(auth.applyActionCode('old')).rejects.toMatchObject({ code: 'expired-action-code' })
    await expect(auth.confirmPasswordReset('good', 'kurz')).rejects.toMatchObject({ code: 'weak-password' })
    await expect(auth.confirmPasswordReset('good', 'lang-genug-1')).resolves.toBeUndefined()
    await expect(auth.sendPasswordResetEmail('wer@demo.at')).resolves.toBeUndefined()
  })

  it('reauthenticates: signs in again as the same user, with a new session and token', async () => {
    const identity = createIdentity()
    const storage = memoryStorage()
    const auth = create(identity, storage)
    await auth.signIn('admin@demo.at', 'Demo1234!')
    const states: Array<string | null> = []
    const tokens: Array<string | null> = []
    auth.onAuthStateChanged((user) => states.push(user?.uid ?? null))
    auth.onIdTokenChanged((user) => tokens.push(user?.uid ?? null))

    await auth.reauthenticate('Demo1234!')

    expect(identity.fetch).toHaveBeenLastCalledWith(
      'http://localhost:3000/__mock/identity/signIn',
      expect.objectContaining({ body: JSON.stringify({ email: 'admin@demo.at', password: 'Demo1234!' }) }),
    )
    expect(await auth.getIdToken()).toBe('id-token-2')
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ idToken: 'id-token-2' })
    expect(auth.currentUser()?.uid).toBe('uid-admin')
    // A new token for the listeners; the same user, so no auth state change.
    expect(tokens).toEqual(['uid-admin'])
    expect(states).toEqual([])
  })

  it('keeps the session as it was when reauthentication fails', async () => {
    const identity = createIdentity()
    const auth = create(identity, memoryStorage())
    await expect(auth.reauthenticate('Demo1234!')).rejects.toMatchObject({ code: 'requires-recent-login' })
    await auth.signIn('admin@demo.at', 'Demo1234!')

    await expect(auth.reauthenticate('falsch')).rejects.toMatchObject({ code: 'invalid-credential' })
    expect(await auth.getIdToken()).toBe('id-token-1')

    identity.state.offline = true
    await expect(auth.reauthenticate('Demo1234!')).rejects.toMatchObject({ code: 'network' })
    identity.state.offline = false

    // The address now belongs to another account: never switch users through a reauthentication.
    identity.state.uid = 'uid-other'
    await expect(auth.reauthenticate('Demo1234!')).rejects.toBeInstanceOf(AuthError)
    expect(auth.currentUser()?.uid).toBe('uid-admin')
    expect(await auth.getIdToken()).toBe('id-token-1')
  })

  it('needs a session to send the confirmation mail again', async () => {
    const identity = createIdentity()
    const auth = create(identity, memoryStorage())
    await expect(auth.sendEmailVerification()).rejects.toBeInstanceOf(AuthError)
    await auth.signIn('admin@demo.at', 'Demo1234!')
    await expect(auth.sendEmailVerification()).resolves.toBeUndefined()
    expect(identity.fetch).toHaveBeenLastCalledWith(
      'http://localhost:3000/__mock/identity/sendVerification',
      expect.objectContaining({ body: JSON.stringify({ idToken: 'id-token-1' }) }),
    )
  })
})
