/**
 * The simulated card provider's hosted onboarding and checkout over HTTP (adapters/simulated-card-provider/:
 * plain HTML forms, and the JSON calls of their in-browser versions). A submitted onboarding uses up its
 * link (domain/onboarding.ts) and changes the account at the provider, whose `account.updated` event is
 * delivered before the user is sent back to the app. Served by the server and by mock:server.
 */
import type { FastifyInstance } from 'fastify'
import { completeOnboarding, onboardingLinkInfo, readProviderSubmission } from '#domain/onboarding.ts'
import type { OnboardingSubmission } from '#domain/onboarding.ts'
import { applyAccountUpdate } from '#domain/payment-events.ts'
import { providerPageHtml } from '#adapters/simulated-card-provider/provider-html.ts'
import {
  PROVIDER_CHECKOUT_PATH,
  PROVIDER_LINK_PATH,
  PROVIDER_PAGE_PATH,
  PROVIDER_PAY_PATH,
  PROVIDER_SESSION_PATH,
  PROVIDER_SUBMIT_PATH,
} from '#adapters/simulated-card-provider/paths.ts'
import { checkoutPageHtml } from '#adapters/simulated-card-provider/checkout-html.ts'
import { accountAfterOnboarding, checkoutSessionInfo } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { SimulatedProvider } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { isRawBody } from './api-routes.ts'
import type { HttpBackend } from './app.ts'

/** The page's JSON call's body; undefined when it is none. */
const jsonOf = (body: unknown): unknown => {
  if (!isRawBody(body)) return undefined
  try {
    return JSON.parse(body.bytes.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}

export const registerProviderPage = (app: FastifyInstance, backend: HttpBackend): void => {
  /** The page's outcome, from its form or its JSON call, applied by the domain. */
  const submit = async (
    link: unknown,
    outcome: unknown,
  ): Promise<{ status: 200; redirectTo: string } | { status: 400 | 404; error: string }> => {
    const submission = readProviderSubmission({ link, outcome })
    if (!submission) return { status: 400, error: 'INVALID_REQUEST' }
    const answer = await backend.transact((ports) =>
      completeOnboarding(ports, backend.now(), submission.link, submission.outcome),
    )
    if (!answer) return { status: 404, error: 'UNKNOWN_LINK' }
    if (answer.submitted) await submitToProvider(answer.submitted)
    return { status: 200, redirectTo: answer.redirectTo }
  }

  /**
   * The account changes at the provider, which tells the portal with `account.updated` (delivered before
   * the club is sent back to look at it). With Stripe's keys the onboarding links lead to Stripe; a link
   * handed out before the keys were set still ends here, and the page then applies the same news itself,
   * as the event would.
   */
  const submitToProvider = async (submitted: OnboardingSubmission): Promise<void> => {
    if (backend.simulatedProvider) return backend.simulatedProvider.submitOnboarding(submitted)
    const now = backend.now()
    await backend.transact((ports) => applyAccountUpdate(ports, accountAfterOnboarding(submitted), now, now))
  }

  app.get<{ Querystring: { link?: string } }>(PROVIDER_PAGE_PATH, async (request, reply) => {
    const linkId = request.query.link ?? ''
    const info = await backend.transact((ports) => onboardingLinkInfo(ports, backend.now(), linkId), true)
    return reply
      .code(info ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(providerPageHtml(info, linkId))
  })

  app.post(PROVIDER_PAGE_PATH, async (request, reply) => {
    const form = new URLSearchParams(isRawBody(request.body) ? request.body.bytes.toString('utf8') : '')
    const answer = await submit(form.get('link'), form.get('outcome'))
    if (answer.status !== 200) return reply.code(answer.status).send({ error: answer.error })
    return reply.code(303).header('location', answer.redirectTo).send()
  })

  app.get<{ Querystring: { link?: string } }>(PROVIDER_LINK_PATH, async (request, reply) => {
    const info = await backend.transact(
      (ports) => onboardingLinkInfo(ports, backend.now(), request.query.link ?? ''),
      true,
    )
    return info ? reply.send(info) : reply.code(404).send({ error: 'UNKNOWN_LINK' })
  })

  if (backend.simulatedProvider) registerCheckoutPage(app, backend.simulatedProvider)

  app.post(PROVIDER_SUBMIT_PATH, async (request, reply) => {
    const input = jsonOf(request.body) as { link?: unknown; outcome?: unknown } | undefined
    const answer = await submit(input?.link, input?.outcome)
    return answer.status === 200
      ? reply.send({ redirectTo: answer.redirectTo })
      : reply.code(answer.status).send({ error: answer.error })
  })
}

const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"

/** The simulated provider's hosted checkout: the page (a form), and the JSON call of tests and the browser. */
const registerCheckoutPage = (app: FastifyInstance, provider: SimulatedProvider): void => {
  app.get<{ Querystring: { session?: string } }>(PROVIDER_CHECKOUT_PATH, async (request, reply) => {
    const sessionId = request.query.session ?? ''
    const session = await provider.session(sessionId)
    return reply
      .code(session ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(checkoutPageHtml(session, sessionId))
  })

  // What the in-browser checkout page shows (the mocked mode's control plane answers the same).
  app.get<{ Querystring: { session?: string } }>(PROVIDER_SESSION_PATH, async (request, reply) => {
    const session = await provider.session(request.query.session ?? '')
    return session ? reply.send(checkoutSessionInfo(session)) : reply.code(404).send({ error: 'UNKNOWN_SESSION' })
  })

  app.post(PROVIDER_CHECKOUT_PATH, async (request, reply) => {
    const form = new URLSearchParams(isRawBody(request.body) ? request.body.bytes.toString('utf8') : '')
    const sessionId = form.get('session') ?? ''
    const paid = await provider.pay(sessionId, form.get('cardNumber') ?? '')
    if (paid.outcome === 'paid') return reply.code(303).header('location', paid.redirect).send()
    return reply
      .code(paid.outcome === 'closed' ? 409 : 402)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(checkoutPageHtml(await provider.session(sessionId), sessionId, paid.outcome))
  })

  app.post(PROVIDER_PAY_PATH, async (request, reply) => {
    const input = jsonOf(request.body) as { session?: unknown; cardNumber?: unknown } | undefined
    if (typeof input?.session !== 'string' || typeof input.cardNumber !== 'string')
      return reply.code(400).send({ error: 'INVALID_REQUEST' })
    const paid = await provider.pay(input.session, input.cardNumber)
    return paid.outcome === 'paid'
      ? reply.send({ outcome: 'paid', redirectTo: paid.redirect })
      : reply.code(paid.outcome === 'closed' ? 409 : 402).send({ outcome: paid.outcome })
  })
}
