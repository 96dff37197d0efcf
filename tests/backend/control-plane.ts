/**
 * The mocked backend's control plane (`/__mock/*`, docs/handoff/mock-identity-protocol.md) in the shape
 * openapi-typescript gives the contract (src/api/generated/paths.d.ts), so the tests' `call` types its
 * bodies and answers the same way. It is not part of openapi/portal.yaml: the types come from the mock.
 */
import type { onboardingLinkInfo } from '#domain/onboarding.ts'
import type { Mail } from '#mocks/control/control.ts'
import type { Faults, Settings } from '#mocks/db/types.ts'
import type { IdentityUser, Session } from '#adapters/offline-identity/offline-identity.ts'
import type { CheckoutSessionInfo } from '#adapters/simulated-card-provider/simulated-provider.ts'

/** A control-plane refusal: `{ error: 'INVALID_CREDENTIALS' }` and the like (not an RFC 9457 problem). */
export interface ControlError {
  error: string
  message?: string
}

type Json<T> = { content: { 'application/json': T } }
type NoContent = { content?: never }
/** One control-plane operation: its JSON body (never: none) and its answer (undefined: 204). */
type Operation<Body, Answer> = {
  requestBody: [Body] extends [never] ? never : Json<Body>
  responses: ([Answer] extends [undefined] ? { 204: NoContent } : { 200: Json<Answer> }) & {
    400: Json<ControlError>
    404: Json<ControlError>
  }
}

type FailureRuleInput = { operationId: string; status: number; remaining?: number | null }
export type FaultsInput = Partial<Omit<Faults, 'failures'>> & { failures?: FailureRuleInput[] }

export interface ControlPaths {
  '/__mock/identity/signIn': { post: Operation<{ email: string; password: string }, Session> }
  '/__mock/identity/token': { post: Operation<{ refreshToken: string }, Session> }
  '/__mock/identity/lookup': { post: Operation<{ idToken: string }, { user: IdentityUser }> }
  '/__mock/identity/sendVerification': { post: Operation<{ idToken: string }, undefined> }
  '/__mock/identity/applyActionCode': { post: Operation<{ oobCode: string }, undefined> }
  '/__mock/identity/sendPasswordReset': { post: Operation<{ email: string }, undefined> }
  '/__mock/identity/resetPassword': { post: Operation<{ oobCode: string; newPassword: string }, undefined> }
  '/__mock/mailbox': { get: Operation<never, Mail[]>; delete: Operation<never, undefined> }
  '/__mock/reset': { post: Operation<never, undefined> }
  '/__mock/faults': { get: Operation<never, Faults>; put: Operation<FaultsInput, Faults> }
  '/__mock/operations': { get: Operation<never, string[]> }
  '/__mock/clock': { put: Operation<{ now: string | null }, { now: string }> }
  '/__mock/settings': { get: Operation<never, Settings>; put: Operation<Partial<Settings>, Settings> }
  '/__mock/provider/link': { get: Operation<never, NonNullable<Awaited<ReturnType<typeof onboardingLinkInfo>>>> }
  '/__mock/provider/session': { get: Operation<never, CheckoutSessionInfo> }
  '/__mock/provider/pay': {
    post: Operation<
      { session: string; cardNumber: string },
      { outcome: 'paid'; redirectTo: string } | { outcome: 'declined' | 'not-a-test-card' | 'closed' }
    >
  }
  '/__mock/provider/submit': {
    post: Operation<{ link: string | null; outcome: 'COMPLETE' | 'PARTIAL' | 'CANCEL' }, { redirectTo: string }>
  }
}
