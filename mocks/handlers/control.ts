/** The `/__mock/*` control plane (docs/handoff/mock-identity-protocol.md) as MSW handlers. */
import { HttpResponse, http } from 'msw'
import type { HttpHandler } from 'msw'
import type { MockBackend } from '#mocks/backend.ts'
import { OPERATION_IDS } from '#openapi/generated/operations.ts'
import { completeOnboarding, onboardingLinkInfo, readProviderSubmission } from '#domain/onboarding.ts'
import { MALFORMED_BODY } from '#domain/operation.ts'
import type { ApiResponse } from '#domain/operation.ts'
import { clearMailbox, mailbox, putFaults, putSettings } from '#mocks/control/control.ts'
import type { Tx } from '#mocks/db/store.ts'
import { identityAction } from '#adapters/offline-identity/offline-identity.ts'
import {
  PROVIDER_LINK_PATH,
  PROVIDER_PAY_PATH,
  PROVIDER_SESSION_PATH,
  PROVIDER_SUBMIT_PATH,
} from '#adapters/simulated-card-provider/paths.ts'
import { checkoutSessionInfo } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { readJsonBody, toHttpResponse } from './api-route.ts'

const invalidJson: ApiResponse = {
  status: 400,
  body: { error: 'INVALID_REQUEST', message: 'The body is not valid JSON.' },
}

export const controlHandlers = (backend: MockBackend): HttpHandler[] => {
  const { store } = backend
  /** Runs a control action in one transaction, like the API's operations. */
  const run = async (work: (tx: Tx) => ApiResponse): Promise<Response> =>
    toHttpResponse(await store.transactAsync(async (tx) => work(tx)))

  return [
    http.post('*/__mock/identity/:action', async ({ request, params }) => {
      const action = identityAction(String(params.action))
      if (!action) return HttpResponse.json({ error: 'UNKNOWN_ACTION' }, { status: 404 })
      const body = await readJsonBody(request)
      const answer = await backend.transact((_ports, identity) => action(identity, backend.now(), body))
      return toHttpResponse(answer)
    }),

    http.get('*/__mock/mailbox', () => HttpResponse.json(store.read((tx) => mailbox(tx)))),
    http.delete('*/__mock/mailbox', () =>
      run((tx) => {
        clearMailbox(tx)
        return { status: 204 }
      }),
    ),

    http.post('*/__mock/reset', () => {
      backend.reset()
      return new HttpResponse(null, { status: 204 })
    }),

    // `{ "now": "<ISO instant>" }` moves the backend's clock there (it runs on); `{ "now": null }` back.
    http.put('*/__mock/clock', async ({ request }) => {
      const body = await readJsonBody(request)
      const value = body === MALFORMED_BODY ? undefined : (body as { now?: unknown } | null)?.now
      const instant = typeof value === 'string' ? Date.parse(value) : value === null ? null : Number.NaN
      if (instant !== null && !Number.isFinite(instant))
        return HttpResponse.json(
          { error: 'INVALID_CLOCK', message: 'Send { "now": "<ISO instant>" | null }.' },
          { status: 400 },
        )
      backend.setClock(instant)
      return HttpResponse.json({ now: new Date(backend.now()).toISOString() })
    }),
    http.get('*/__mock/faults', () => HttpResponse.json(store.state.singletons.faults)),
    // The operationIds a failure can name (for the mock tools panel's picker).
    http.get('*/__mock/operations', () => HttpResponse.json([...OPERATION_IDS].sort())),
    http.put('*/__mock/faults', async ({ request }) => {
      const body = await readJsonBody(request)
      return body === MALFORMED_BODY ? toHttpResponse(invalidJson) : run((tx) => putFaults(tx, body))
    }),

    http.get('*/__mock/settings', () => HttpResponse.json(store.state.singletons.settings)),
    http.put('*/__mock/settings', async ({ request }) => {
      const body = await readJsonBody(request)
      return body === MALFORMED_BODY ? toHttpResponse(invalidJson) : run((tx) => putSettings(tx, body))
    }),

    http.get(`*${PROVIDER_LINK_PATH}`, async ({ request }) => {
      const linkId = new URL(request.url).searchParams.get('link') ?? ''
      const info = await backend.transact((ports) => onboardingLinkInfo(ports, backend.now(), linkId))
      return info ? HttpResponse.json(info) : HttpResponse.json({ error: 'UNKNOWN_LINK' }, { status: 404 })
    }),
    http.get(`*${PROVIDER_SESSION_PATH}`, async ({ request }) => {
      const session = await backend.payments.session(new URL(request.url).searchParams.get('session') ?? '')
      return session
        ? HttpResponse.json(checkoutSessionInfo(session))
        : HttpResponse.json({ error: 'UNKNOWN_SESSION' }, { status: 404 })
    }),
    http.post(`*${PROVIDER_PAY_PATH}`, async ({ request }) => {
      const body = (await readJsonBody(request)) as { session?: unknown; cardNumber?: unknown } | typeof MALFORMED_BODY
      if (body === MALFORMED_BODY) return toHttpResponse(invalidJson)
      if (typeof body?.session !== 'string' || typeof body.cardNumber !== 'string')
        return HttpResponse.json({ error: 'INVALID_REQUEST' }, { status: 400 })
      const paid = await backend.payments.pay(body.session, body.cardNumber)
      return paid.outcome === 'paid'
        ? HttpResponse.json({ outcome: 'paid', redirectTo: paid.redirect })
        : HttpResponse.json({ outcome: paid.outcome }, { status: paid.outcome === 'closed' ? 409 : 402 })
    }),
    http.post(`*${PROVIDER_SUBMIT_PATH}`, async ({ request }) => {
      const body = await readJsonBody(request)
      if (body === MALFORMED_BODY) return toHttpResponse(invalidJson)
      const submission = readProviderSubmission(body)
      if (!submission) return HttpResponse.json({ error: 'INVALID_REQUEST' }, { status: 400 })
      const answer = await backend.transact((ports) =>
        completeOnboarding(ports, backend.now(), submission.link, submission.outcome),
      )
      if (!answer) return HttpResponse.json({ error: 'UNKNOWN_LINK' }, { status: 404 })
      // The account changes by the provider's event, delivered before the club is sent back to look at it.
      if (answer.submitted) await backend.payments.submitOnboarding(answer.submitted)
      return HttpResponse.json({ redirectTo: answer.redirectTo })
    }),
  ]
}
