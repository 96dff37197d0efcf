/**
 * The domain's identity port over Firebase Auth (firebase-admin): the production identity, and in
 * development and tests the Firebase Auth emulator (firebase-admin talks to it when the standard
 * `FIREBASE_AUTH_EMULATOR_HOST` is set; server/config.ts refuses that in production).
 *
 * A portal user is one account: the provider's account and the database row change together. The
 * database side runs in the request's transaction; the provider's side cannot, so each change here
 * registers how to reverse it (TransactionEffects): a created account is deleted again, a changed one
 * gets its old address and name back, and a deletion is prepared by disabling the account (reversible)
 * and carried out only after the commit. The custom claims Storage's rules read follow the database after
 * each commit (custom-claims.ts).
 *
 * A crash between the provider's change and the commit would leave the two apart (an account without a
 * user, so the address could never register again; a user whose account stays disabled): creations and
 * deletions are recorded before the provider is called (pending-accounts.ts) and settled by the
 * reconciler when their request never finished (account-reconciler.ts; decision 39).
 */
import { randomUUID } from 'node:crypto'
import { applicationDefault, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { DuplicateKeyError } from '#domain/ports.ts'
import type { IdentityProvider, TokenCheck } from '#domain/ports.ts'
import { problem } from '#domain/problem.ts'
import type { PendingAccounts } from './pending-accounts.ts'
import type { TransactionEffects } from './transaction-effects.ts'

export interface FirebaseIdentityConfig {
  readonly projectId: string
  /** `host:port` of the Auth emulator; undefined against Google. */
  readonly emulatorHost: string | undefined
  /** The project's Web API key (server/config.ts); the emulator takes any. */
  readonly webApiKey?: string | undefined
}

/** Whether `password` signs in the account with this uid and address now. */
export type PasswordCheck = (uid: string, email: string, password: string) => Promise<boolean>

/** Answers of `accounts:signInWithPassword` that mean "not this account's password" (no account, disabled too). */
const WRONG_PASSWORD = ['INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'EMAIL_NOT_FOUND', 'USER_DISABLED']

/**
 * firebase-admin cannot check a password, so this asks the Identity Toolkit's REST sign-in with the
 * project's Web API key (the emulator serves the same path). The session the sign-in makes is not used.
 */
export const identityToolkitPasswordCheck = (config: FirebaseIdentityConfig): PasswordCheck => {
  const base = config.emulatorHost
    ? `http://${config.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1'
  const key = config.webApiKey ?? (config.emulatorHost ? 'emulator-api-key' : undefined)
  return async (uid, email, password) => {
    if (!key) throw unavailable(new Error('FIREBASE_WEB_API_KEY is not set: passwords cannot be checked.'))
    let response: Response
    try {
      response = await fetch(`${base}/accounts:signInWithPassword?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: false }),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      throw unavailable(error)
    }
    const body = (await response.json().catch(() => ({}))) as { localId?: unknown; error?: { message?: unknown } }
    if (response.ok) return body.localId === uid
    // Messages may carry details after the code: `TOO_MANY_ATTEMPTS_TRY_LATER : …`.
    const message = typeof body.error?.message === 'string' ? body.error.message : ''
    if (WRONG_PASSWORD.some((code) => message.startsWith(code))) return false
    throw unavailable(new Error(`accounts:signInWithPassword answered ${response.status} ${message}`))
  }
}

/** firebase-admin's error code (`auth/id-token-expired`, …), or ''. */
export const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

/** Token failures that are the caller's (401); anything else is the provider being unreachable. */
const TOKEN_REFUSALS: Readonly<Record<string, string>> = {
  'auth/id-token-expired': 'The token has expired.',
  'auth/id-token-revoked': 'The token was revoked (password changed or signed out everywhere).',
  'auth/argument-error': 'The token is malformed.',
  'auth/invalid-id-token': 'The token is invalid.',
  'auth/user-disabled': 'The account is disabled.',
  'auth/user-not-found': 'The user of this token no longer exists.',
}

const unavailable = (error: unknown): Error =>
  problem(
    'unavailable',
    `The identity provider did not answer: ${error instanceof Error ? error.message : codeOf(error)}`,
  )

/** One firebase-admin app per server (named, so tests can run several side by side). */
export const startFirebaseAuth = (
  config: FirebaseIdentityConfig,
): { auth: Auth; app: App; checkPassword: PasswordCheck } => {
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost
  const app = initializeApp(
    // Against the emulator no credential is needed; against Google the standard application default
    // credentials (GOOGLE_APPLICATION_CREDENTIALS or the platform's service account).
    config.emulatorHost
      ? { projectId: config.projectId }
      : { projectId: config.projectId, credential: applicationDefault() },
    `vereinsportal-${randomUUID()}`,
  )
  return { auth: getAuth(app), app, checkPassword: identityToolkitPasswordCheck(config) }
}

/**
 * The identity port for one transaction: provider changes are undone when `effects` rolls back, and
 * recorded in `pending` until they have settled.
 */
export const firebaseIdentityProvider = (
  auth: Auth,
  effects: TransactionEffects,
  pending: PendingAccounts,
  now: () => number,
  checkPassword: PasswordCheck,
): IdentityProvider => ({
  verifyIdToken: async (token): Promise<TokenCheck> => {
    try {
      // `checkRevoked`: tokens issued before a password change or a revocation are refused.
      const decoded = await auth.verifyIdToken(token, true)
      return {
        ok: true,
        identity: {
          uid: decoded.uid,
          email: decoded.email ?? '',
          emailVerified: decoded.email_verified === true,
          issuedAt: decoded.iat,
          authTime: decoded.auth_time,
        },
      }
    } catch (error) {
      const reason = TOKEN_REFUSALS[codeOf(error)]
      if (reason) return { ok: false, reason }
      throw unavailable(error)
    }
  },

  createAccount: async (account) => {
    await pending.add(account.uid, 'create', account.email, now())
    try {
      await auth.createUser({
        uid: account.uid,
        email: account.email,
        password: account.password,
        emailVerified: account.emailVerified,
        displayName: account.displayName,
      })
    } catch (error) {
      // Whether the provider created it is unknown after a timeout: the record stays for the reconciler then.
      if (codeOf(error).startsWith('auth/')) await pending.remove(account.uid, 'create').catch(() => undefined)
      // An account the portal has no user for (made in the Firebase console, or left by an old crash).
      if (codeOf(error) === 'auth/email-already-exists') throw new DuplicateKeyError('user-email')
      if (codeOf(error) === 'auth/invalid-password') throw problem('validation', 'The password is too weak.')
      throw unavailable(error)
    }
    effects.onRollback(`delete account ${account.uid}`, async () => {
      await auth.deleteUser(account.uid)
      await pending.remove(account.uid, 'create')
    })
    effects.onCommit(`registration of ${account.uid} settled`, () => pending.remove(account.uid, 'create'))
  },

  updateAccount: async (uid, changes) => {
    const before = await auth.getUser(uid).catch((error: unknown) => {
      throw unavailable(error)
    })
    if (before.email === changes.email && before.displayName === changes.displayName) return
    try {
      await auth.updateUser(uid, { email: changes.email, displayName: changes.displayName })
    } catch (error) {
      if (codeOf(error) === 'auth/email-already-exists') throw new DuplicateKeyError('user-email')
      throw unavailable(error)
    }
    effects.onRollback(`restore account ${uid}`, () =>
      auth.updateUser(uid, { email: before.email ?? changes.email, displayName: before.displayName ?? null }),
    )
  },

  setPassword: async (uid, password) => {
    try {
      await auth.updateUser(uid, { password })
      // Every session ends: refresh tokens stop working, and ID tokens issued before now are refused by
      // verifyIdToken's revocation check.
      await auth.revokeRefreshTokens(uid)
    } catch (error) {
      if (codeOf(error) === 'auth/invalid-password') throw problem('validation', 'The password is too weak.')
      throw unavailable(error)
    }
  },

  verifyPassword: (uid, email, password) => checkPassword(uid, email, password),

  revokeSessions: async (uid) => {
    try {
      // Refresh tokens stop working; verifyIdToken's revocation check refuses ID tokens issued before now.
      await auth.revokeRefreshTokens(uid)
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') return
      throw unavailable(error)
    }
  },

  passwordResetCode: async (email) => {
    try {
      const link = await auth.generatePasswordResetLink(email)
      const code = new URL(link).searchParams.get('oobCode')
      if (!code) throw new Error(`The password-reset link has no oobCode: ${link}`)
      return code
    } catch (error) {
      if (codeOf(error) === 'auth/email-not-found' || codeOf(error) === 'auth/user-not-found') return null
      throw unavailable(error)
    }
  },

  deleteAccount: async (uid) => {
    await pending.add(uid, 'delete', null, now())
    try {
      await auth.updateUser(uid, { disabled: true })
      await auth.revokeRefreshTokens(uid)
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') {
        await pending.remove(uid, 'delete')
        return
      }
      throw unavailable(error)
    }
    effects.onRollback(`enable account ${uid}`, async () => {
      await auth.updateUser(uid, { disabled: false })
      await pending.remove(uid, 'delete')
    })
    effects.onCommit(`delete account ${uid}`, async () => {
      await auth.deleteUser(uid)
      await pending.remove(uid, 'delete')
    })
  },

  emailVerificationCode: async (_uid, email) => {
    try {
      const link = await auth.generateEmailVerificationLink(email)
      const code = new URL(link).searchParams.get('oobCode')
      if (!code) throw new Error(`The verification link has no oobCode: ${link}`)
      return code
    } catch (error) {
      throw unavailable(error)
    }
  },
})
