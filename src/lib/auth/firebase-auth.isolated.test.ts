import { beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The Firebase SDK is stubbed: these tests pin how the provider configures it (no popup/redirect
 * resolver, local persistence, the emulator) and how it maps Firebase's error codes to the app's.
 */
const sdk = vi.hoisted(() => {
  const auth = {
    currentUser: null as null | {
      uid: string
      email: string
      emailVerified: boolean
      displayName: string
      getIdToken: (force?: boolean) => Promise<string>
    },
    emulatorConfig: null as unknown,
    authStateReady: () => Promise.resolve(),
  }
  const firebaseError = (code: string) =>
    Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' })
  return {
    auth,
    firebaseError,
    initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })),
    initializeAuth: vi.fn(() => auth),
    connectAuthEmulator: vi.fn(),
    signInWithEmailAndPassword: vi.fn(),
    sendPasswordResetEmail: vi.fn(),
    applyActionCode: vi.fn(),
    confirmPasswordReset: vi.fn(),
    sendEmailVerification: vi.fn(),
    signOut: vi.fn(),
    reload: vi.fn(),
    reauthenticateWithCredential: vi.fn(),
    credential: vi.fn((email: string, password: string) => ({ providerId: 'password', email, password })),
  }
})

vi.mock('firebase/app', () => ({
  initializeApp: sdk.initializeApp,
  getApps: () => [],
  getApp: () => ({ name: '[DEFAULT]' }),
}))

vi.mock('firebase/auth', () => ({
  browserLocalPersistence: { type: 'LOCAL' },
  initializeAuth: sdk.initializeAuth,
  getAuth: () => sdk.auth,
  connectAuthEmulator: sdk.connectAuthEmulator,
  onAuthStateChanged: vi.fn(() => () => undefined),
  onIdTokenChanged: vi.fn(() => () => undefined),
  signInWithEmailAndPassword: sdk.signInWithEmailAndPassword,
  sendPasswordResetEmail: sdk.sendPasswordResetEmail,
  applyActionCode: sdk.applyActionCode,
  confirmPasswordReset: sdk.confirmPasswordReset,
  sendEmailVerification: sdk.sendEmailVerification,
  signOut: sdk.signOut,
  reload: sdk.reload,
  reauthenticateWithCredential: sdk.reauthenticateWithCredential,
  EmailAuthProvider: { credential: sdk.credential },
}))

const { createFirebaseAuth, emulatorUrl, firebaseConfigFromEnv, mapFirebaseError } = await import('./firebase-auth.ts')
const { AuthError } = await import('./auth-service.ts')

const emulatorEnv = { VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }

describe('the Firebase auth provider', () => {
  beforeEach(() => {
    sdk.auth.currentUser = null
    sdk.auth.emulatorConfig = null
  })

  it.each([
    ['auth/invalid-credential', 'invalid-credential'],
    ['auth/invalid-login-credentials', 'invalid-credential'],
    ['auth/wrong-password', 'invalid-credential'],
    ['auth/user-not-found', 'invalid-credential'],
    ['auth/invalid-email', 'invalid-credential'],
    ['auth/too-many-requests', 'too-many-requests'],
    ['auth/network-request-failed', 'network'],
    ['auth/invalid-action-code', 'invalid-action-code'],
    ['auth/expired-action-code', 'expired-action-code'],
    ['auth/weak-password', 'weak-password'],
    ['auth/password-does-not-meet-requirements', 'weak-password'],
    ['auth/requires-recent-login', 'requires-recent-login'],
    ['auth/user-token-expired', 'requires-recent-login'],
    ['auth/user-disabled', 'unknown'],
    ['auth/internal-error', 'unknown'],
  ])('maps %s to %s', (firebaseCode, code) => {
    const mapped = mapFirebaseError(sdk.firebaseError(firebaseCode))
    expect(mapped).toBeInstanceOf(AuthError)
    expect(mapped.code).toBe(code)
  })

  it('maps anything that is not a Firebase error to unknown', () => {
    expect(mapFirebaseError(new TypeError('boom')).code).toBe('unknown')
    expect(mapFirebaseError('boom').code).toBe('unknown')
  })

  it('initialises Auth with local persistence, no popup/redirect resolver, and the emulator when configured', async () => {
    await createFirebaseAuth(emulatorEnv)
    expect(sdk.initializeApp).toHaveBeenCalledWith(
      expect.objectContaining({ apiKey: 'demo-api-key', projectId: 'demo-vereinsportal' }),
    )
    expect(sdk.initializeAuth).toHaveBeenCalledWith(expect.anything(), { persistence: { type: 'LOCAL' } })
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(sdk.auth, 'http://127.0.0.1:9479', { disableWarnings: true })
  })

  it('reads the real project configuration from VITE_FIREBASE_* and refuses to start without it', () => {
    expect(
      firebaseConfigFromEnv({
        VITE_FIREBASE_API_KEY: 'key',
        VITE_FIREBASE_PROJECT_ID: 'vereinsportal-prod',
        VITE_FIREBASE_APP_ID: 'app',
      }),
    ).toEqual({
      apiKey: 'key',
      projectId: 'vereinsportal-prod',
      authDomain: 'vereinsportal-prod.firebaseapp.com',
      appId: 'app',
    })
    expect(() => firebaseConfigFromEnv({})).toThrow(/VITE_FIREBASE_API_KEY/)
    expect(emulatorUrl(' http://localhost:9099/ ')).toBe('http://localhost:9099')
    expect(emulatorUrl('')).toBeUndefined()
  })

  it('turns a failed sign-in into an AuthError', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce(sdk.firebaseError('auth/invalid-credential'))
    await expect(service.signIn('admin@demo.at', 'falsch')).rejects.toMatchObject({ code: 'invalid-credential' })
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce(sdk.firebaseError('auth/network-request-failed'))
    await expect(service.signIn('admin@demo.at', 'Demo1234!')).rejects.toMatchObject({ code: 'network' })
  })

  it('signs in and exposes the user and the ID token', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    const user = {
      uid: 'uid-admin',
      email: 'admin@demo.at',
      emailVerified: true,
      displayName: 'Andrea Admin',
      getIdToken: (force?: boolean) => Promise.resolve(force ? 'fresh-token' : 'token'),
    }
    sdk.signInWithEmailAndPassword.mockImplementationOnce(() => {
      sdk.auth.currentUser = user
      return Promise.resolve({ user })
    })
    expect(await service.signIn(' admin@demo.at ', 'Demo1234!')).toEqual({
      uid: 'uid-admin',
      email: 'admin@demo.at',
      emailVerified: true,
      displayName: 'Andrea Admin',
    })
    expect(sdk.signInWithEmailAndPassword).toHaveBeenLastCalledWith(sdk.auth, 'admin@demo.at', 'Demo1234!')
    expect(await service.getIdToken()).toBe('token')
    expect(await service.getIdToken(true)).toBe('fresh-token')
  })

  it('never reveals whether an address has an account when asked for a reset mail', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(sdk.firebaseError('auth/user-not-found'))
    await expect(service.sendPasswordResetEmail('niemand@demo.at')).resolves.toBeUndefined()
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(sdk.firebaseError('auth/network-request-failed'))
    await expect(service.sendPasswordResetEmail('admin@demo.at')).rejects.toMatchObject({ code: 'network' })
  })

  it('maps action-code failures and needs a user to resend the confirmation', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    sdk.applyActionCode.mockRejectedValueOnce(sdk.firebaseError('auth/invalid-action-code'))
    await expect(service.applyActionCode('used')).rejects.toMatchObject({ code: 'invalid-action-code' })
    sdk.confirmPasswordReset.mockRejectedValueOnce(sdk.firebaseError('auth/expired-action-code'))
    await expect(service.confirmPasswordReset('old', 'Neu12345!')).rejects.toMatchObject({
      code: 'expired-action-code',
    })
    await expect(service.sendEmailVerification()).rejects.toMatchObject({ code: 'requires-recent-login' })
    expect(await service.getIdToken()).toBeNull()
    expect(await service.reload()).toBeNull()
  })

  it('fetches a new ID token when a reload finds the address newly confirmed', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    const getIdToken = vi.fn((force?: boolean) => Promise.resolve(force ? 'fresh' : 'old'))
    const user = { uid: 'u1', email: 'neu@demo.at', emailVerified: false, displayName: '', getIdToken }
    sdk.auth.currentUser = user
    sdk.reload.mockImplementationOnce(() => {
      user.emailVerified = true
      return Promise.resolve()
    })
    expect(await service.reload()).toMatchObject({ uid: 'u1', emailVerified: true })
    expect(getIdToken).toHaveBeenCalledWith(true)

    getIdToken.mockClear()
    sdk.reload.mockResolvedValueOnce(undefined)
    await service.reload()
    expect(getIdToken).not.toHaveBeenCalledWith(true)
  })

  it('answers the first reload after start from the user the SDK has just restored (fetched afresh)', async () => {
    const getIdToken = vi.fn(() => Promise.resolve('token'))
    const user = { uid: 'u1', email: 'verein@demo.at', emailVerified: true, displayName: '', getIdToken }
    sdk.auth.currentUser = user
    const service = await createFirebaseAuth(emulatorEnv)
    await service.ready()
    sdk.reload.mockClear()
    expect(await service.reload()).toMatchObject({ uid: 'u1', emailVerified: true })
    expect(sdk.reload).not.toHaveBeenCalled()
    // Later reloads ask the provider (a confirmation made elsewhere).
    sdk.reload.mockResolvedValueOnce(undefined)
    await service.reload()
    expect(sdk.reload).toHaveBeenCalledTimes(1)
  })

  it('reauthenticates with the e-mail credential and takes a fresh ID token', async () => {
    const service = await createFirebaseAuth(emulatorEnv)
    await expect(service.reauthenticate('Demo1234!')).rejects.toMatchObject({ code: 'requires-recent-login' })

    const getIdToken = vi.fn((force?: boolean) => Promise.resolve(force ? 'fresh' : 'old'))
    const user = { uid: 'u1', email: 'verein@demo.at', emailVerified: true, displayName: '', getIdToken }
    sdk.auth.currentUser = user
    sdk.reauthenticateWithCredential.mockResolvedValueOnce({ user })

    await service.reauthenticate('Demo1234!')
    expect(sdk.credential).toHaveBeenCalledWith('verein@demo.at', 'Demo1234!')
    expect(sdk.reauthenticateWithCredential).toHaveBeenCalledWith(user, {
      providerId: 'password',
      email: 'verein@demo.at',
      password: 'Demo1234!',
    })
    expect(getIdToken).toHaveBeenCalledWith(true)
  })

  it.each([
    ['auth/wrong-password', 'invalid-credential'],
    ['auth/invalid-credential', 'invalid-credential'],
    ['auth/user-mismatch', 'invalid-credential'],
    ['auth/too-many-requests', 'too-many-requests'],
    ['auth/network-request-failed', 'network'],
  ])('maps a failed reauthentication (%s) to %s and takes no new token', async (firebaseCode, code) => {
    const service = await createFirebaseAuth(emulatorEnv)
    const getIdToken = vi.fn(() => Promise.resolve('old'))
    sdk.auth.currentUser = { uid: 'u1', email: 'verein@demo.at', emailVerified: true, displayName: '', getIdToken }
    sdk.reauthenticateWithCredential.mockRejectedValueOnce(sdk.firebaseError(firebaseCode))

    await expect(service.reauthenticate('falsch')).rejects.toMatchObject({ code })
    expect(getIdToken).not.toHaveBeenCalled()
  })
})
