import { authMode } from '#src/lib/config.ts'
import type { AuthService, AuthUser } from './auth-service.ts'

/**
 * Loads the provider for this build. Both are dynamic imports: the offline twin is small, but the
 * Firebase SDK is large and must never be part of the initial chunk (it loads after the shell paints).
 */
export const loadAuthService = async (): Promise<AuthService> => {
  if (authMode === 'firebase') {
    const { createFirebaseAuth } = await import('./firebase-auth.ts')
    return createFirebaseAuth()
  }
  const { createOfflineAuth } = await import('./offline-auth.ts')
  return createOfflineAuth()
}

/** Where Firebase Auth keeps a session with `browserLocalPersistence` (firebase-auth.ts): one key per app. */
const FIREBASE_SESSION_KEY = 'firebase:authUser:'

const firebaseSessionStored = (): boolean => {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      if (localStorage.key(index)?.startsWith(FIREBASE_SESSION_KEY)) return true
    }
    return false
  } catch {
    // Storage blocked (privacy settings): Firebase cannot have kept a session there either.
    return false
  }
}

/**
 * Whether a session may be stored in this browser, read without the SDK (no Firebase on a
 * public page nobody signed in on). The offline twin is small and answers for itself.
 */
export const mayHaveStoredSession = (): boolean => authMode !== 'firebase' || firebaseSessionStored()

/**
 * Calls `onSession` when another tab of this app signs in while this one has not loaded the provider:
 * the SDK would have noticed through the same storage event, had it been loaded.
 */
export const watchForSessionElsewhere = (onSession: () => void): (() => void) => {
  if (authMode !== 'firebase') return () => undefined
  const listener = (event: StorageEvent) => {
    if (event.key?.startsWith(FIREBASE_SESSION_KEY) && event.newValue) onSession()
  }
  window.addEventListener('storage', listener)
  return () => window.removeEventListener('storage', listener)
}

/** A session Firebase keeps in this browser, as it stored it: the user and their last ID token. */
export interface StoredSession {
  user: AuthUser
  idToken: string
  /** When the ID token expires (ms since the epoch). */
  expiresAt: number
}

/** A token closer than this to its expiry is not used early: the SDK refreshes it first. */
const EARLY_TOKEN_MARGIN_MS = 5 * 60_000

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The session Firebase kept in this browser (its `browserLocalPersistence` entry), read without the SDK,
 * when its ID token is still good for a while; else null. The app starts with this user and
 * token while the SDK loads and checks the session (one round trip to the provider), so a signed-in
 * screen asks the backend at once instead of after that check. The backend verifies the token as
 * always (signature, expiry, revocation); when the SDK then finds nobody signed in, the app forgets the
 * user and the guard sends them to sign in (session-sync.ts).
 */
export const readStoredSession = (now: number = Date.now()): StoredSession | null => {
  if (authMode !== 'firebase') return null
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (!key?.startsWith(FIREBASE_SESSION_KEY)) continue
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
      if (!stored || typeof stored !== 'object') return null
      const entry = stored as Record<string, unknown>
      const tokens = (entry.stsTokenManager ?? {}) as Record<string, unknown>
      const uid = text(entry.uid)
      const idToken = text(tokens.accessToken)
      const expiresAt = typeof tokens.expirationTime === 'number' ? tokens.expirationTime : 0
      if (!uid || !idToken || expiresAt - EARLY_TOKEN_MARGIN_MS <= now) return null
      return {
        user: {
          uid,
          email: text(entry.email),
          emailVerified: entry.emailVerified === true,
          displayName: text(entry.displayName),
        },
        idToken,
        expiresAt,
      }
    }
  } catch {
    // Storage blocked or an entry this code does not understand: wait for the SDK, as before.
  }
  return null
}
