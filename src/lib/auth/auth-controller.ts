import type { AuthService, AuthUser } from './auth-service'

/**
 * Holds the running auth service and the current user for the router context and for React.
 * The service itself loads on demand (the Firebase SDK must never be in the initial chunk), so the shell
 * can paint before it arrives; `ready()` is what the route guard waits for.
 */
export class AuthController {
  private service: AuthService | null = null
  private readonly loaded: Promise<AuthService>
  private user: AuthUser | null = null
  private readonly listeners = new Set<() => void>()

  constructor(load: () => Promise<AuthService>) {
    this.loaded = load().then(async (service) => {
      await service.ready()
      this.service = service
      this.user = service.currentUser()
      service.onAuthStateChanged((user) => this.set(user))
      // A refreshed token can carry changes such as a confirmed e-mail address.
      service.onIdTokenChanged((user) => this.set(user))
      this.notify()
      return service
    })
  }

  /** Resolves once the provider knows whether somebody is signed in. */
  async ready(): Promise<void> {
    await this.loaded
  }

  get isReady(): boolean {
    return this.service !== null
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
    const service = await this.loaded
    return service.getIdToken(forceRefresh)
  }

  async signIn(email: string, password: string): Promise<AuthUser> {
    const service = await this.loaded
    const user = await service.signIn(email, password)
    this.set(user)
    return user
  }

  async signOut(): Promise<void> {
    const service = await this.loaded
    await service.signOut()
    this.set(null)
  }

  async reauthenticate(password: string): Promise<void> {
    const service = await this.loaded
    await service.reauthenticate(password)
    this.set(service.currentUser())
  }

  async reload(): Promise<AuthUser | null> {
    const service = await this.loaded
    const user = await service.reload()
    this.set(user)
    return user
  }

  async applyActionCode(oobCode: string): Promise<void> {
    const service = await this.loaded
    await service.applyActionCode(oobCode)
  }

  async sendPasswordResetEmail(email: string): Promise<void> {
    const service = await this.loaded
    await service.sendPasswordResetEmail(email)
  }

  async confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
    const service = await this.loaded
    await service.confirmPasswordReset(oobCode, newPassword)
  }

  async sendEmailVerification(): Promise<void> {
    const service = await this.loaded
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
