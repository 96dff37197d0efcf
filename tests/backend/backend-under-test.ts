/**
 * The backend the domain tests (domain/*.test.ts) run against: the same suite on every store. The
 * vitest project picks one (vitest.config.ts): the mocked backend on the in-memory store, or the server
 * on PGlite (or on PostgreSQL when DATABASE_URL is set). Both answer the API and the test control plane
 * (`/__mock/identity/*`, `/__mock/mailbox`) in-process, without a network.
 */
export interface BackendUnderTest {
  readonly name: string
  /** Answers a request for the API or the test control plane. */
  handle(request: Request): Promise<Response>
  /** A valid ID token for a user of the store, as the offline sign-in would issue it now. */
  idTokenFor(email: string): Promise<string>
  /** Settles once the simulated card provider has delivered every event it sent (refunds send theirs later). */
  paymentsDelivered(): Promise<void>
  /** Back to the seed. */
  reset(): Promise<void>
  close(): Promise<void>
}

let current: BackendUnderTest | null = null

export const setBackendUnderTest = (backend: BackendUnderTest | null): void => {
  current = backend
}

export const backendUnderTest = (): BackendUnderTest => {
  if (!current)
    throw new Error('No backend under test: run the domain tests through their vitest projects (vitest.config.ts).')
  return current
}
