import type { AuthService, AuthUser } from './auth-service.ts'
import type { StoredSession } from './create-auth-service.ts'

/** A stored token this close to its expiry is no longer sent; the request waits for the provider's. */
const EARLY_TOKEN_MIN_LIFE_MS = 60_000

/**
 * Holds the running auth service and the current user for the router context and for React.
 * The service itself loads on demand (the Firebase SDK must never be in the initial chunk), so the shell
 * can paint before it arrives; `ready()` is what the route guard waits for.
 *
 * With `mayHaveSession` saying no (no session stored in this browser), nothing loads at all until it is
 * needed: `ready()` resolves at once with nobody signed in, and the provider loads when a sign-in form is
 * used (`preload()`) or an operation needs it (sign-in, password reset, an e-mail code). A public page then
 * never fetches the Firebase SDK.
 */
export class AuthController {
  private service: AuthService | null = null
  private loading: Promise<AuthService> | null = null
  private readonly restoring: Promise<void>
  private user: AuthUser | null = null
  private readonly listeners = new Set<() => void>()

  /** The session stored in this browser, used until the provider has loaded and checked it. */
  private early: StoredSession | null = null

  private readonly load: () => Promise<AuthService>

  /** Ends the sessions on the backend too (`signOut` of the contract), with the token given. */
  private readonly endServerSession: ((idToken: string) => Promise<void>) | undefined

  /**
   * @param checkStoredSessionLater when a stored session is used at once, when the provider loads to check
   *   it: by default right away; the app passes "once the first screen is there and the browser idle", so the
   *   SDK (about 38 KB) does not compete with the first screen's code and data for the connection. Whatever
   *   needs the provider earlier (a token near its expiry, a forced refresh, sign-out) loads it then.
   */
  constructor(
    load: () => Promise<AuthService>,
    mayHaveSession: () => boolean = () => true,
    storedSession: () => StoredSession | null = () => null,
    endServerSession?: (idToken: string) => Promise<void>,
    checkStoredSessionLater: (check: () => void) => void = (check) => check(),
  ) {
    this.load = load
    this.endServerSession = endServerSession
    if (!mayHaveSession()) {
      this.restoring = Promise.resolve()
      return
    }
    this.early = storedSession()
    if (this.early) {
      // Known at once: the guard and the screens go ahead while the provider checks the session.
      this.user = this.early.user
      this.restoring = Promise.resolve()
      checkStoredSessionLater(() => void this.loaded().catch(() => undefined))
    } else {
      this.restoring = this.loaded().then(() => undefined)
    }
  }

  /** Starts loading the provider (a sign-in form got focus), so signing in does not wait for it. */
  preload(): void {
    void this.loaded()
  }

  private loaded(): Promise<AuthService> {
    this.loading ??= this.load().then(async (service) => {
      await service.ready()
      this.service = service
      this.early = null
      this.user = service.currentUser()
      service.onAuthStateChanged((user) => this.set(user))
      // A refreshed token can carry changes such as a confirmed e-mail address.
      service.onIdTokenChanged((user) => this.set(user))
      this.notify()
      return service
    })
    return this.loading
  }

  /** Resolves once the provider knows whether somebody is signed in. */
  async ready(): Promise<void> {
    await this.restoring
  }

  /** Whether it is known who is signed in (false only while a stored session is being restored). */
  get isReady(): boolean {
    return this.service !== null || this.loading === null || this.early !== null
  }

  get mode(): AuthService['mode'] | null {
    return this.service?.mode ?? null
  }

  getUser(): AuthUser | null {
    return this.user
  }

  /** For `useSyncExternalStore`. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): AuthUser | null => this.user

  async getIdToken(forceRefresh = false): Promise<string | null> {
    // Nobody signed in and nothing loading: there is no token, and no reason to fetch the SDK for that.
    if (this.loading === null && this.early === null) return null
    // The stored session's token while the provider is still checking it (the backend verifies it).
    const early = this.early
    if (early && !forceRefresh && early.expiresAt - EARLY_TOKEN_MIN_LIFE_MS > Date.now()) return early.idToken
    const service = await this.loaded()
    return service.getIdToken(forceRefresh)
  }

  async signIn(email: string, password: string): Promise<AuthUser> {
    const service = await this.loaded()
    const user = await service.signIn(email, password)
    this.set(user)
    return user
  }

  async signOut(): Promise<void> {
    if (this.loading === null && this.early === null) return this.set(null)
    const service = await this.loaded()
    // The backend revokes the refresh tokens, so a copied session ends too. Best effort and not waited
    // for: the request goes out with the current token, and the person is signed out here whatever the
    // backend answers (or when it cannot be reached).
    const token = await service.getIdToken().catch(() => null)
    if (token && this.endServerSession) void this.endServerSession(token).catch(() => undefined)
    await service.signOut()
    this.set(null)
  }

  async reauthenticate(password: string): Promise<void> {
    const service = await this.loaded()
    await service.reauthenticate(password)
    this.set(service.currentUser())
  }

  async reload(): Promise<AuthUser | null> {
    const service = await this.loaded()
    const user = await service.reload()
    this.set(user)
    return user
  }

  async applyActionCode(oobCode: string): Promise<void> {
    const service = await this.loaded()
    await service.applyActionCode(oobCode)
  }

  async sendPasswordResetEmail(email: string): Promise<void> {
    const service = await this.loaded()
    await service.sendPasswordResetEmail(email)
  }

  async confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
    const service = await this.loaded()
    await service.confirmPasswordReset(oobCode, newPassword)
  }

  async sendEmailVerification(): Promise<void> {
    const service = await this.loaded()
    await service.sendEmailVerification()
  }

  private set(user: AuthUser | null) {
    const changed =
      user?.uid !== this.user?.uid ||
      user?.emailVerified !== this.user?.emailVerified ||
      user?.email !== this.user?.email
    this.user = user
    if (changed) this.notify()
  }

  private notify() {
    this.listeners.forEach((listener) => listener())
  }
}
