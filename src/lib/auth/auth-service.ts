/**
 * The one small auth interface the app uses (spec §4, §7: the provider's calls). Two implementations:
 * `offline-auth.ts` (the default, paired with the mocked backend) and `firebase-auth.ts` (Firebase Auth,
 * loaded on demand). Nothing outside src/lib/auth knows which one runs.
 */
export interface AuthUser {
  uid: string
  email: string | null
  emailVerified: boolean
  displayName: string | null
}

export type AuthErrorCode =
  | 'invalid-credential'
  | 'too-many-requests'
  | 'network'
  | 'invalid-action-code'
  | 'expired-action-code'
  | 'weak-password'
  /** The offline twin refuses the common passwords the backend refuses (Firebase does not know the list). */
  | 'common-password'
  | 'requires-recent-login'
  | 'unknown'

/** A provider failure, mapped to one of a few codes the screens turn into German messages. */
export class AuthError extends Error {
  readonly code: AuthErrorCode

  constructor(code: AuthErrorCode, message?: string) {
    super(message ?? code)
    this.name = 'AuthError'
    this.code = code
  }
}

export interface AuthService {
  readonly mode: 'offline' | 'firebase'
  /** Resolves when the provider has restored a persisted session (or found none). */
  ready(): Promise<void>
  currentUser(): AuthUser | null
  /** Sign-in, sign-out and user switch. Returns the unsubscribe function. */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): () => void
  /** Every new ID token (sign-in, refresh shortly before expiry, sign-out with null). */
  onIdTokenChanged(listener: (user: AuthUser | null) => void): () => void
  getIdToken(forceRefresh?: boolean): Promise<string | null>
  signIn(email: string, password: string): Promise<AuthUser>
  signOut(): Promise<void>
  /**
   * Confirms the signed-in user's password again (Firebase `reauthenticateWithCredential`) and takes a new
   * ID token whose `auth_time` is now: the backend wants that for a password change, new bank details and a
   * role change (401 `reauthentication-required`). Same user; a wrong password fails with
   * 'invalid-credential' and leaves the session as it was.
   */
  reauthenticate(password: string): Promise<void>
  /** Fetches the user again (for example `emailVerified` after the address was confirmed elsewhere). */
  reload(): Promise<AuthUser | null>
  applyActionCode(oobCode: string): Promise<void>
  sendPasswordResetEmail(email: string): Promise<void>
  /** Sets a new password with the code from a password-reset e-mail (`mode=resetPassword&oobCode=…`). */
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>
  sendEmailVerification(): Promise<void>
}
