import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getGetGlobalsQueryKey } from '#src/api/generated/query/endpoints/globals/globals.ts'
import { getActiveClubId, setActiveClubId } from '#src/lib/active-club.ts'
import { AuthController } from './auth-controller.ts'
import type { AuthService, AuthUser } from './auth-service.ts'
import { keepSessionInSync } from './session-sync.ts'

const user = (uid: string, emailVerified = true): AuthUser => ({
  uid,
  email: `${uid}@demo.at`,
  emailVerified,
  displayName: null,
})

/** A provider whose current user the test sets; `reload` answers what the server would know. */
const controllable = () => {
  let current: AuthUser | null = null
  const listeners = new Set<(user: AuthUser | null) => void>()
  const done = () => Promise.resolve()
  const service: AuthService = {
    mode: 'offline',
    ready: done,
    currentUser: () => current,
    onAuthStateChanged: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onIdTokenChanged: () => () => undefined,
    getIdToken: () => Promise.resolve(current ? 'token' : null),
    signIn: () => Promise.resolve(current!),
    signOut: done,
    reload: () => Promise.resolve(current),
    applyActionCode: done,
    sendPasswordResetEmail: done,
    confirmPasswordReset: done,
    sendEmailVerification: done,
    reauthenticate: done,
  }
  const reload = vi.spyOn(service, 'reload')
  const set = (next: AuthUser | null) => {
    current = next
    listeners.forEach((listener) => listener(next))
  }
  return { service, set, reload }
}

const setup = async () => {
  const provider = controllable()
  const auth = new AuthController(() => Promise.resolve(provider.service))
  const queryClient = new QueryClient()
  const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined)
  const onUserChanged = vi.fn()
  keepSessionInSync({ auth, queryClient, onUserChanged })
  await auth.ready()
  return { provider, queryClient, prefetch, onUserChanged }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('keepSessionInSync', () => {
  it('fetches the globals for a confirmed user (spec §4) without reloading it: the provider looked it up as it started', async () => {
    const { provider, prefetch, onUserChanged } = await setup()
    provider.set(user('uid-admin'))
    await flush()
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ queryKey: getGetGlobalsQueryKey() }))
    expect(provider.reload).not.toHaveBeenCalled()
    expect(onUserChanged).toHaveBeenCalledTimes(1)
  })

  it('reloads an unconfirmed user, whose address may have been confirmed elsewhere', async () => {
    const { provider } = await setup()
    provider.set(user('uid-neu', false))
    await flush()
    expect(provider.reload).toHaveBeenCalled()
  })

  it("asks for a confirmed user's globals without waiting for the reload", async () => {
    const { provider, prefetch } = await setup()
    provider.reload.mockReturnValue(new Promise(() => undefined))
    provider.set(user('uid-admin'))
    await flush()
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ queryKey: getGetGlobalsQueryKey() }))
  })

  it('fetches the globals once a reload finds the address confirmed elsewhere', async () => {
    const { provider, prefetch } = await setup()
    provider.reload.mockResolvedValueOnce(user('uid-neu', true))
    provider.set(user('uid-neu', false))
    await flush()
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ queryKey: getGetGlobalsQueryKey() }))
  })

  it('does not fetch the globals for an unconfirmed address', async () => {
    const { provider, prefetch } = await setup()
    provider.set(user('uid-unbestaetigt', false))
    await flush()
    expect(prefetch).not.toHaveBeenCalled()
  })

  it('clears every cached response on sign-out and on a user switch', async () => {
    const { provider, queryClient, onUserChanged } = await setup()
    provider.set(user('uid-admin'))
    queryClient.setQueryData(['/users/me'], { role: 'ROLE_ADMIN' })

    provider.set(user('uid-verein'))
    expect(queryClient.getQueryData(['/users/me'])).toBeUndefined()

    queryClient.setQueryData(['/users/me'], { role: 'ROLE_USER' })
    provider.set(null)
    expect(queryClient.getQueryData(['/users/me'])).toBeUndefined()
    expect(onUserChanged).toHaveBeenCalledTimes(3)
  })

  it('leaves the cache alone when only the token changes', async () => {
    const { provider, queryClient, onUserChanged } = await setup()
    provider.set(user('uid-admin'))
    queryClient.setQueryData(['/users/me'], { role: 'ROLE_ADMIN' })
    provider.set(user('uid-admin'))
    expect(queryClient.getQueryData(['/users/me'])).toEqual({ role: 'ROLE_ADMIN' })
    expect(onUserChanged).toHaveBeenCalledTimes(1)
  })

  describe('the active club', () => {
    afterEach(() => {
      localStorage.clear()
      vi.unstubAllEnvs()
    })

    it('is forgotten when its user signs out', async () => {
      const { provider } = await setup()
      provider.set(user('uid-verein'))
      setActiveClubId('uid-verein', 'club-b')
      setActiveClubId('uid-other', 'club-x')

      provider.set(user('uid-verein'))
      expect(getActiveClubId('uid-verein')).toBe('club-b')

      provider.set(null)
      expect(getActiveClubId('uid-verein')).toBeNull()
      // Only the user who left; nobody else's choice is touched.
      expect(getActiveClubId('uid-other')).toBe('club-x')
      expect(Object.keys(localStorage)).toEqual(['vereinsportal.activeClub.uid-other'])
    })

    it('is forgotten when another user signs in, and kept while the address gets confirmed', async () => {
      const { provider } = await setup()
      provider.set(user('uid-verein', false))
      setActiveClubId('uid-verein', 'club-b')
      provider.set(user('uid-verein', true))
      expect(getActiveClubId('uid-verein')).toBe('club-b')

      provider.set(user('uid-admin'))
      expect(getActiveClubId('uid-verein')).toBeNull()
    })

    it('goes with the drafts the tab kept for the user who signs out', async () => {
      const { provider } = await setup()
      provider.set(user('uid-staff'))
      sessionStorage.setItem('vereinsportal.registrationDraft', '{"club":{"name":"Schachklub"}}')
      sessionStorage.setItem('other.app', 'kept')
      provider.set(null)
      expect(sessionStorage.getItem('vereinsportal.registrationDraft')).toBeNull()
      expect(sessionStorage.getItem('other.app')).toBe('kept')
      sessionStorage.clear()
    })

    it('in the real build lives in memory only and is gone after sign-out', async () => {
      vi.stubEnv('VITE_MOCKS', 'false')
      const { provider } = await setup()
      provider.set(user('uid-verein'))
      setActiveClubId('uid-verein', 'club-b')
      expect(getActiveClubId('uid-verein')).toBe('club-b')
      expect(localStorage.length).toBe(0)

      provider.set(null)
      expect(getActiveClubId('uid-verein')).toBeNull()
    })
  })
})

describe('keepSessionInSync with a user known before the provider loaded', () => {
  it('treats that user as the first state, so a provider finding nobody clears the cache and re-runs the guards', async () => {
    const provider = controllable()
    const stored = { user: user('uid-verein'), idToken: 'stored', expiresAt: Date.now() + 30 * 60_000 }
    const auth = new AuthController(
      () => Promise.resolve(provider.service),
      () => true,
      () => stored,
    )
    const queryClient = new QueryClient()
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined)
    const onUserChanged = vi.fn()
    queryClient.setQueryData(['/users/me'], { role: 'ROLE_USER' })
    keepSessionInSync({ auth, queryClient, onUserChanged })
    // The globals are asked for with the stored session, not after the provider's check.
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ queryKey: getGetGlobalsQueryKey() }))
    await flush()
    expect(onUserChanged).toHaveBeenCalledTimes(1)
    expect(queryClient.getQueryData(['/users/me'])).toBeUndefined()
  })
})
