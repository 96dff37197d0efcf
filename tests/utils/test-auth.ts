import { AuthError, type AuthService, type AuthUser } from '#src/lib/auth/auth-service.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { idTokenFor } from '#mocks/testing.ts'

const decode = (token: string): AuthUser => {
  const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    sub: string
    email: string
    email_verified: boolean
  }
  return { uid: payload.sub, email: payload.email, emailVerified: payload.email_verified, displayName: null }
}

/**
 * An auth service for component tests: signed in as a seed account from the start, with real tokens the
 * mocked backend accepts, and no network or timers. Sign-in/out work in memory.
 */
export const createTestAuth = (signedInAs?: string): AuthService => {
  let token = signedInAs ? idTokenFor(signedInAs) : null
  let user = token ? decode(token) : null
  const stateListeners = new Set<(user: AuthUser | null) => void>()
  const tokenListeners = new Set<(user: AuthUser | null) => void>()
  const emit = () => {
    stateListeners.forEach((listener) => listener(user))
    tokenListeners.forEach((listener) => listener(user))
  }
  return {
    mode: 'offline',
    ready: async () => undefined,
    currentUser: () => user,
    onAuthStateChanged: (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    onIdTokenChanged: (listener) => {
      tokenListeners.add(listener)
      return () => tokenListeners.delete(listener)
    },
    getIdToken: async () => token,
    signIn: async (email) => {
      try {
        token = idTokenFor(email)
      } catch {
        throw new AuthError('invalid-credential')
      }
      user = decode(token)
      emit()
      return user
    },
    signOut: async () => {
      token = null
      user = null
      emit()
    },
    reload: async () => user,
    applyActionCode: async () => undefined,
    sendPasswordResetEmail: async () => undefined,
    confirmPasswordReset: async () => undefined,
    sendEmailVerification: async () => undefined,
    // The seed password confirms the sign-in; a new token carries a new `auth_time`.
    reauthenticate: async (password) => {
      if (!user?.email) throw new AuthError('requires-recent-login')
      if (password !== SEED_PASSWORD) throw new AuthError('invalid-credential')
      token = idTokenFor(user.email)
      emit()
    },
  }
}
