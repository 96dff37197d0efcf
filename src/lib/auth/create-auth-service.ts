import { authMode } from '@/lib/config'
import type { AuthService } from './auth-service'

/**
 * Loads the provider for this build. Both are dynamic imports: the offline twin is small, but the
 * Firebase SDK is large and must never be part of the initial chunk (it loads after the shell paints).
 */
export const loadAuthService = async (): Promise<AuthService> => {
  if (authMode === 'firebase') {
    const { createFirebaseAuth } = await import('./firebase-auth')
    return createFirebaseAuth()
  }
  const { createOfflineAuth } = await import('./offline-auth')
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
 * Whether a session may be stored in this browser, read without the SDK (issue 12: no Firebase on a
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
