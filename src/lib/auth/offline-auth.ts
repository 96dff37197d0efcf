import { API_PREFIX, apiBaseUrl } from '#src/api/client.ts'
import { AuthError, type AuthErrorCode, type AuthService, type AuthUser } from './auth-service.ts'

/**
 * The offline twin of Firebase Auth: it talks to the mocked backend's identity endpoints
 * (`/__mock/identity/*`, see docs/handoff/mock-identity-protocol.md) and behaves like the Firebase SDK where
 * the app can tell: the session survives a reload (localStorage), the ID token is refreshed shortly before
 * it expires and whenever `getIdToken(true)` asks, and listeners hear about every new token and user.
 * The identity calls stay in this file; screens only see the `AuthService` interface.
 */

interface IdentityUser {
  uid: string
  email: string | null
  emailVerified: boolean
  displayName: string | null
}

interface IdentitySession {
  idToken: string
  refreshToken: string
  /** Seconds, as Firebase's token endpoint answers. */
  expiresIn: number
  user: IdentityUser
}

/** What survives a reload. Firebase keeps the same pieces (user, refresh token, access token, expiry). */
interface StoredSession {
  idToken: string
  refreshToken: string
  /** Epoch milliseconds. */
  expiresAt: number
  /** Milliseconds the token was issued for; decides how early it is refreshed. */
  lifetimeMs: number
  user: AuthUser
}

export const SESSION_STORAGE_KEY = 'vereinsportal.auth.session'

/** Firebase refreshes a token when it has less than five minutes left. */
export const REFRESH_AHEAD_MS = 5 * 60_000
/** After a failed background refresh (network), try again this much later (Firebase's minimum back-off). */
export const RETRY_AFTER_MS = 30_000

/**
 * When a token counts as due for refresh. Tokens shorter-lived than ten minutes (the expiry tests use a few
 * seconds) are refreshed at half their lifetime, otherwise every call would refresh.
 */
export const refreshDueAt = (session: Pick<StoredSession, 'expiresAt' | 'lifetimeMs'>): number =>
  session.expiresAt - Math.min(REFRESH_AHEAD_MS, session.lifetimeMs / 2)

export interface OfflineAuthOptions {
  /**
   * Where the identity endpoints answer. By default the mocked backend's origin: the page itself in mocked
   * mode, or the standalone mock server (`npm run mock:server`) when VITE_API_BASE_URL points there.
   */
  baseUrl?: string
  storage?: Storage
  fetch?: (url: string, init: RequestInit) => Promise<Response>
  now?: () => number
}

const ERROR_CODES: Record<string, AuthErrorCode> = {
  INVALID_CREDENTIALS: 'invalid-credential',
  INVALID_OOB_CODE: 'invalid-action-code',
  EXPIRED_OOB_CODE: 'expired-action-code',
  WEAK_PASSWORD: 'weak-password',
  COMMON_PASSWORD: 'common-password',
  TOO_MANY_ATTEMPTS: 'too-many-requests',
}

/** The identity endpoint refused the refresh token: the session is over (password changed, user deleted). */
class SessionEndedError extends Error {}

const toUser = (user: IdentityUser): AuthUser => ({
  uid: user.uid,
  email: user.email ?? null,
  emailVerified: Boolean(user.emailVerified),
  displayName: user.displayName ?? null,
})

const isStoredSession = (value: unknown): value is StoredSession => {
  if (!value || typeof value !== 'object') return false
  const session = value as Partial<StoredSession>
  return (
    typeof session.idToken === 'string' &&
    typeof session.refreshToken === 'string' &&
    typeof session.expiresAt === 'number' &&
    typeof session.lifetimeMs === 'number' &&
    typeof session.user?.uid === 'string'
  )
}

const sameUser = (a: AuthUser | null, b: AuthUser | null) => (a?.uid ?? null) === (b?.uid ?? null)

export interface OfflineAuthService extends AuthService {
  /** Stops the refresh timer and the cross-tab listener (tests; the app keeps its one service forever). */
  dispose(): void
}

export const createOfflineAuth = (options: OfflineAuthOptions = {}): OfflineAuthService => {
  const storage = options.storage ?? globalThis.localStorage
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => globalThis.fetch(url, init))
  const now = options.now ?? (() => Date.now())
  const baseUrl = (options.baseUrl ?? apiBaseUrl().slice(0, -API_PREFIX.length)).replace(/\/+$/, '')

  let session: StoredSession | null = null
  let refreshing: Promise<StoredSession | null> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const authListeners = new Set<(user: AuthUser | null) => void>()
  const tokenListeners = new Set<(user: AuthUser | null) => void>()

  // ------------------------------------------------------------------ transport

  const call = async <T>(path: string, body: unknown): Promise<T> => {
    let response: Response
    try {
      response = await doFetch(`${baseUrl}/__mock/identity/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      })
    } catch {
      throw new AuthError('network')
    }
    if (response.status === 204) return undefined as T
    const data = (await response.json().catch(() => undefined)) as { error?: string } | undefined
    if (response.ok) return data as T
    const reason = data?.error ?? ''
    if (reason === 'INVALID_REFRESH_TOKEN') throw new SessionEndedError(reason)
    if (response.status === 429) throw new AuthError('too-many-requests', reason)
    throw new AuthError(ERROR_CODES[reason] ?? 'unknown', reason || `HTTP ${response.status}`)
  }

  // ------------------------------------------------------------------ state

  const persist = (next: StoredSession | null) => {
    try {
      if (next) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next))
      else storage.removeItem(SESSION_STORAGE_KEY)
    } catch {
      // Private mode or a full quota: the session then lasts as long as the page, which is still usable.
    }
  }

  const readStored = (): StoredSession | null => {
    try {
      const raw = storage.getItem(SESSION_STORAGE_KEY)
      const parsed: unknown = raw ? JSON.parse(raw) : null
      return isStoredSession(parsed) ? parsed : null
    } catch {
      return null
    }
  }

  const fromIdentity = (answer: IdentitySession): StoredSession => {
    const lifetimeMs = Math.max(1, answer.expiresIn) * 1000
    return {
      idToken: answer.idToken,
      refreshToken: answer.refreshToken,
      expiresAt: now() + lifetimeMs,
      lifetimeMs,
      user: toUser(answer.user),
    }
  }

  const emit = (previous: AuthUser | null, tokenChanged: boolean) => {
    const user = session?.user ?? null
    if (tokenChanged) tokenListeners.forEach((listener) => listener(user))
    if (!sameUser(previous, user)) authListeners.forEach((listener) => listener(user))
  }

  /** Adopts a session (or none), saves it, plans the next refresh and tells the listeners. */
  const setSession = (next: StoredSession | null, { save = true }: { save?: boolean } = {}) => {
    const previous = session?.user ?? null
    const tokenChanged = session?.idToken !== next?.idToken
    session = next
    if (save) persist(next)
    schedule()
    emit(previous, tokenChanged)
  }

  const schedule = (delay?: number) => {
    clearTimeout(timer)
    timer = undefined
    if (!session) return
    const wait = delay ?? Math.max(0, refreshDueAt(session) - now())
    timer = setTimeout(() => {
      void refresh().catch(() => schedule(RETRY_AFTER_MS))
    }, wait)
  }

  /** One refresh at a time: concurrent callers share it. */
  const refresh = (): Promise<StoredSession | null> => {
    if (!session) return Promise.resolve(null)
    if (refreshing) return refreshing
    const { refreshToken } = session
    refreshing = call<IdentitySession>('token', { refreshToken })
      .then((answer) => {
        // Somebody may have signed out (or in as someone else) while the refresh was under way.
        if (session?.refreshToken !== refreshToken) return session
        setSession(fromIdentity(answer))
        return session
      })
      .catch((error: unknown) => {
        if (error instanceof SessionEndedError) {
          if (session?.refreshToken === refreshToken) setSession(null)
          return null
        }
        throw error
      })
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  // ------------------------------------------------------------------ start-up and other tabs

  const restore = async () => {
    const stored = readStored()
    if (!stored) return
    session = stored
    if (now() < refreshDueAt(stored)) {
      schedule()
      return
    }
    try {
      await refresh()
    } catch {
      // Offline at start-up: keep the user (as Firebase does); the next getIdToken tries again.
      schedule(RETRY_AFTER_MS)
    }
  }

  // Firebase keeps tabs in step through the same storage; a sign-out in one tab signs out all of them.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return
    const stored = readStored()
    if (stored?.idToken === session?.idToken) return
    setSession(stored, { save: false })
  }
  globalThis.addEventListener?.('storage', onStorage)

  const restored = restore()

  // ------------------------------------------------------------------ the interface

  const currentToken = async (forceRefresh: boolean): Promise<string | null> => {
    await restored
    if (!session) return null
    if (!forceRefresh && now() < refreshDueAt(session)) return session.idToken
    try {
      const fresh = await refresh()
      return fresh?.idToken ?? null
    } catch (error) {
      // Offline: a token that has not expired yet still works; an expired one would only earn a 401.
      if (!forceRefresh && session && now() < session.expiresAt) return session.idToken
      throw error
    }
  }

  const requireToken = async (): Promise<string> => {
    const token = await currentToken(false)
    if (!token) throw new AuthError('requires-recent-login', 'not signed in')
    return token
  }

  return {
    mode: 'offline',

    ready: () => restored,

    currentUser: () => session?.user ?? null,

    onAuthStateChanged(listener) {
      authListeners.add(listener)
      return () => authListeners.delete(listener)
    },

    onIdTokenChanged(listener) {
      tokenListeners.add(listener)
      return () => tokenListeners.delete(listener)
    },

    getIdToken: (forceRefresh = false) => currentToken(forceRefresh),

    async signIn(email, password) {
      await restored
      const answer = await call<IdentitySession>('signIn', { email: email.trim(), password })
      setSession(fromIdentity(answer))
      return session!.user
    },

    async signOut() {
      await restored
      setSession(null)
    },

    // Firebase's reauthenticateWithCredential: the password once more, for a sign-in time of now. The
    // offline identity keeps `auth_time` from the sign-in across refreshes, so a new sign-in is what
    // renews it; the new session replaces the old one for the same user.
    async reauthenticate(password) {
      await restored
      const current = session
      if (!current?.user.email) throw new AuthError('requires-recent-login', 'not signed in')
      const answer = await call<IdentitySession>('signIn', { email: current.user.email, password })
      // Signed out (or in as someone else) meanwhile, or the address now names another account.
      if (session?.user.uid !== current.user.uid || answer.user.uid !== current.user.uid) {
        throw new AuthError('requires-recent-login', 'the user changed during reauthentication')
      }
      setSession(fromIdentity(answer))
    },

    async reload() {
      await restored
      if (!session) return null
      const idToken = await requireToken()
      const answer = await call<{ user: IdentityUser }>('lookup', { idToken })
      if (!session || session.idToken !== idToken) return session?.user ?? null
      const user = toUser(answer.user)
      const verifiedChanged = user.emailVerified !== session.user.emailVerified
      session = { ...session, user }
      persist(session)
      // The backend reads `email_verified` from the token, so a changed flag needs a new token too.
      if (verifiedChanged) await refresh()
      return session?.user ?? null
    },

    async applyActionCode(oobCode) {
      await call('applyActionCode', { oobCode })
    },

    async sendPasswordResetEmail(email) {
      await call('sendPasswordReset', { email: email.trim() })
    },

    async confirmPasswordReset(oobCode, newPassword) {
      await call('resetPassword', { oobCode, newPassword })
    },

    async sendEmailVerification() {
      const idToken = await requireToken()
      await call('sendVerification', { idToken })
    },

    dispose() {
      clearTimeout(timer)
      timer = undefined
      globalThis.removeEventListener?.('storage', onStorage)
      authListeners.clear()
      tokenListeners.clear()
    },
  }
}
