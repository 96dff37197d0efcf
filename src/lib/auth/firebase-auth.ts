import { getApp, getApps, initializeApp, type FirebaseOptions } from 'firebase/app'
import {
  applyActionCode,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  EmailAuthProvider,
  getAuth,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth'
import { AuthError, type AuthErrorCode, type AuthService, type AuthUser } from './auth-service.ts'

/**
 * Firebase Auth behind the app's small `AuthService` interface. This module (and with it the SDK) is only
 * ever reached through the dynamic import in create-auth-service.ts, so it lands in its own chunk that
 * loads after the shell has painted.
 */

/** The project the local emulator runs (`npm run dev:firebase`); `demo-` projects never reach Google. */
export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'

export interface FirebaseEnv {
  VITE_FIREBASE_API_KEY?: string | undefined
  VITE_FIREBASE_AUTH_DOMAIN?: string | undefined
  VITE_FIREBASE_PROJECT_ID?: string | undefined
  VITE_FIREBASE_STORAGE_BUCKET?: string | undefined
  VITE_FIREBASE_APP_ID?: string | undefined
  VITE_FIREBASE_AUTH_EMULATOR_HOST?: string | undefined
}

/** `127.0.0.1:9199` or a full URL → the URL `connectAuthEmulator` wants; undefined when no emulator. */
export const emulatorUrl = (host: string | undefined): string | undefined => {
  const value = host?.trim()
  if (!value) return undefined
  return /^https?:\/\//.test(value) ? value.replace(/\/+$/, '') : `http://${value}`
}

/**
 * The Firebase web config from `VITE_FIREBASE_*`. Against the emulator any API key works, so the demo
 * project's placeholders fill what is missing; against Google a missing key is a setup error.
 */
export const firebaseConfigFromEnv = (env: FirebaseEnv): FirebaseOptions => {
  const emulator = Boolean(emulatorUrl(env.VITE_FIREBASE_AUTH_EMULATOR_HOST))
  const apiKey = env.VITE_FIREBASE_API_KEY || (emulator ? 'demo-api-key' : undefined)
  const projectId = env.VITE_FIREBASE_PROJECT_ID || (emulator ? EMULATOR_PROJECT_ID : undefined)
  if (!apiKey || !projectId) {
    throw new Error(
      'Firebase mode needs VITE_FIREBASE_API_KEY and VITE_FIREBASE_PROJECT_ID (or VITE_FIREBASE_AUTH_EMULATOR_HOST).',
    )
  }
  const config: FirebaseOptions = {
    apiKey,
    projectId,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  }
  if (env.VITE_FIREBASE_STORAGE_BUCKET) config.storageBucket = env.VITE_FIREBASE_STORAGE_BUCKET
  if (env.VITE_FIREBASE_APP_ID) config.appId = env.VITE_FIREBASE_APP_ID
  return config
}

const FIREBASE_CODES: Record<string, AuthErrorCode> = {
  'auth/invalid-credential': 'invalid-credential',
  'auth/invalid-login-credentials': 'invalid-credential',
  'auth/wrong-password': 'invalid-credential',
  'auth/user-not-found': 'invalid-credential',
  'auth/invalid-email': 'invalid-credential',
  'auth/missing-password': 'invalid-credential',
  'auth/too-many-requests': 'too-many-requests',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/invalid-action-code': 'invalid-action-code',
  'auth/expired-action-code': 'expired-action-code',
  'auth/weak-password': 'weak-password',
  'auth/password-does-not-meet-requirements': 'weak-password',
  'auth/requires-recent-login': 'requires-recent-login',
  // Reauthentication with an address that is not the signed-in user's.
  'auth/user-mismatch': 'invalid-credential',
  // The session ended elsewhere (password changed, account deleted): the user has to sign in again.
  'auth/user-token-expired': 'requires-recent-login',
  'auth/invalid-user-token': 'requires-recent-login',
}

/** Any Firebase failure → one of the app's few `AuthError` codes (the screens pick the German text). */
export const mapFirebaseError = (error: unknown): AuthError => {
  if (error instanceof AuthError) return error
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : ''
  const message = error instanceof Error ? error.message : code
  return new AuthError(FIREBASE_CODES[code] ?? 'unknown', message || code || 'unknown')
}

const guarded = async <T>(action: () => Promise<T>): Promise<T> => {
  try {
    return await action()
  } catch (error) {
    throw mapFirebaseError(error)
  }
}

export const toAuthUser = (user: User | null): AuthUser | null =>
  user ? { uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName } : null

const startAuth = (env: FirebaseEnv): Auth => {
  const app = getApps().length > 0 ? getApp() : initializeApp(firebaseConfigFromEnv(env))
  let auth: Auth
  try {
    // No popup/redirect resolver: e-mail and password only, and the resolver would add ~30 KB.
    auth = initializeAuth(app, { persistence: browserLocalPersistence })
  } catch {
    // Hot module reload: Auth already exists for this app.
    auth = getAuth(app)
  }
  const emulator = emulatorUrl(env.VITE_FIREBASE_AUTH_EMULATOR_HOST)
  if (emulator && !auth.emulatorConfig) connectAuthEmulator(auth, emulator, { disableWarnings: true })
  return auth
}

/** How long the user the SDK restored at start counts as just reloaded. */
const RESTORED_USER_FRESH_MS = 10_000

export const createFirebaseAuth = (env: FirebaseEnv = import.meta.env): Promise<AuthService> => {
  const auth = startAuth(env)

  const requireUser = (): User => {
    if (!auth.currentUser) throw new AuthError('requires-recent-login', 'not signed in')
    return auth.currentUser
  }

  // While it starts, the SDK fetches a stored user afresh (`reloadAndSetCurrentUserOrClear`): the user it
  // restores is as current as a reload would make it. The first reload soon after (the session sync's,
  // spec §4) answers from it instead of a second round trip to the provider on every page load.
  let restored: { user: User; at: number } | null = null
  void auth.authStateReady().then(() => {
    if (auth.currentUser) restored = { user: auth.currentUser, at: Date.now() }
  })
  const justRestored = (user: User): boolean => {
    const fresh = restored?.user === user && Date.now() - restored.at < RESTORED_USER_FRESH_MS
    restored = null
    return fresh
  }

  return Promise.resolve({
    mode: 'firebase',

    ready: () => auth.authStateReady(),

    currentUser: () => toAuthUser(auth.currentUser),

    onAuthStateChanged: (listener) => onAuthStateChanged(auth, (user) => listener(toAuthUser(user))),

    onIdTokenChanged: (listener) => onIdTokenChanged(auth, (user) => listener(toAuthUser(user))),

    getIdToken: (forceRefresh = false) =>
      guarded(async () => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null)),

    signIn: (email, password) =>
      guarded(async () => {
        const credential = await signInWithEmailAndPassword(auth, email.trim(), password)
        return toAuthUser(credential.user)!
      }),

    signOut: () => guarded(() => signOut(auth)),

    reauthenticate: (password) =>
      guarded(async () => {
        const user = requireUser()
        if (!user.email) throw new AuthError('requires-recent-login', 'the user has no e-mail address')
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password))
        // A new ID token carries the new `auth_time` the backend checks.
        await user.getIdToken(true)
      }),

    reload: () =>
      guarded(async () => {
        if (!auth.currentUser) return null
        if (justRestored(auth.currentUser)) return toAuthUser(auth.currentUser)
        const wasVerified = auth.currentUser.emailVerified
        await reload(auth.currentUser)
        // reload() refreshes the profile, not the ID token; the backend reads `email_verified` from the
        // token, so a newly confirmed address needs a new one (as the offline twin does).
        if (auth.currentUser.emailVerified !== wasVerified) await auth.currentUser.getIdToken(true)
        return toAuthUser(auth.currentUser)
      }),

    applyActionCode: (oobCode) => guarded(() => applyActionCode(auth, oobCode)),

    sendPasswordResetEmail: (email) =>
      guarded(async () => {
        try {
          await sendPasswordResetEmail(auth, email.trim())
        } catch (error) {
          // Never reveal whether an address has an account (projects without e-mail enumeration protection
          // and the emulator still answer "user not found").
          if (typeof error === 'object' && error && 'code' in error && error.code === 'auth/user-not-found') return
          throw error
        }
      }),

    confirmPasswordReset: (oobCode, newPassword) => guarded(() => confirmPasswordReset(auth, oobCode, newPassword)),

    sendEmailVerification: () => guarded(() => sendEmailVerification(requireUser())),
  })
}
