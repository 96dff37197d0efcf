/**
 * The simulated card provider: the twin of the Stripe Connect adapter for the mocked mode and `npm start`,
 * where no provider can be reached. It keeps its accounts, checkout sessions and refunds in memory (one
 * process, as the modes it serves), has a hosted checkout page (./checkout-page.ts), and tells the portal
 * what happened the way Stripe does: Stripe-shaped events (#adapters/stripe-events/read-stripe-event.ts),
 * signed with Stripe's scheme and the webhook secret, delivered to the portal's webhook operation. So the
 * portal's one webhook operation serves both, and the mocked mode exercises the real path.
 *
 * Test cards as Stripe's: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined; any other number
 * is refused as not a test card.
 */
import { InvalidEventError, ProviderError } from '#domain/payment-provider.ts'
import type {
  CheckoutInput,
  CheckoutState,
  HostedCheckout,
  PaymentProvider,
  ProviderAccount,
  ProviderRefund,
} from '#domain/payment-provider.ts'
import { readCheckoutState, readStripeEvent, stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import type { StripeCheckoutSession } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader, verifySignature } from '#adapters/stripe-events/signature.ts'
import type { ApiRequest } from '#domain/operation.ts'
import { API_PREFIX } from '#openapi/generated/operations.ts'
import { PROVIDER_CHECKOUT_PATH, PROVIDER_PAGE_PATH } from './paths.ts'

/**
 * The simulated provider's webhook secret. Public on purpose: the simulated provider only ever runs where
 * nothing real is paid (the mocked mode, `npm start` without Stripe's keys), and the contract suite signs
 * its own events with it to test the webhook's refusals.
 */
export const SIMULATED_WEBHOOK_SECRET = 'whsec_simulated_vereinsportal_development'

export const SUCCESS_CARD = '4242424242424242'
export const DECLINED_CARD = '4000000000000002'

/** What the simulated provider's state says of one checkout. */
export interface SimulatedSession {
  readonly input: CheckoutInput
  readonly sessionId: string
  status: 'open' | 'complete' | 'expired'
  paymentIntentId: string | null
  chargeId: string | null
  refundedCents: number
}

export type PayOutcome =
  | { readonly outcome: 'paid'; readonly redirect: string }
  | { readonly outcome: 'declined' | 'not-a-test-card' | 'closed' }

export interface SimulatedProviderOptions {
  /** The webhook secret its events are signed with (the portal verifies them with the same). */
  readonly webhookSecret: string
  readonly now: () => number
  /** URL-safe random text for ids. */
  readonly token: () => string
  /**
   * Delivers one signed event to the portal's webhook operation and settles when the portal answered.
   * The provider never waits for it inside the portal's own unit of work (a refund's), only after.
   */
  readonly deliver: (payload: string, signature: string) => Promise<void>
  /** Where a delivery that failed is told (it is not retried: the thank-you page asks anyway). */
  readonly onDeliveryError?: (error: unknown) => void
}

export interface SimulatedProvider extends PaymentProvider {
  /** The session behind the hosted checkout page, or null. */
  session(sessionId: string): SimulatedSession | null
  /** The donor submits a card number on the hosted page. */
  pay(sessionId: string, cardNumber: string): Promise<PayOutcome>
  /** Settles when every event sent so far has been delivered (tests, and a page that waits for it). */
  delivered(): Promise<void>
}

export const createSimulatedProvider = (options: SimulatedProviderOptions): SimulatedProvider => {
  const accounts = new Map<string, ProviderAccount>()
  const sessions = new Map<string, SimulatedSession>()
  const refundsByKey = new Map<string, ProviderRefund>()
  const byKey = new Map<string, HostedCheckout>()
  const pending = new Set<Promise<void>>()
  const newId = (prefix: string) => `${prefix}_sim_${options.token().replace(/[-_]/g, 'x')}`

  const send = (type: string, object: Record<string, unknown>, account: string): Promise<void> => {
    const event = stripeEvent(type, object as never, { id: newId('evt'), created: options.now(), account })
    const payload = JSON.stringify(event)
    const header = signatureHeader(payload, options.webhookSecret, Math.floor(options.now() / 1000))
    // After the current turn: a refund's own unit of work must end before its event is applied.
    const delivery = Promise.resolve()
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      .then(() => options.deliver(payload, header))
      .catch((error: unknown) => options.onDeliveryError?.(error))
    pending.add(delivery)
    void delivery.finally(() => pending.delete(delivery))
    return delivery
  }

  const sessionObject = (session: SimulatedSession): StripeCheckoutSession => ({
    id: session.sessionId,
    object: 'checkout.session',
    client_reference_id: session.input.checkoutId,
    status: session.status,
    payment_status: session.paymentIntentId !== null ? 'paid' : 'unpaid',
    payment_intent: session.paymentIntentId,
    amount_total: session.input.amountCents,
    currency: 'eur',
    metadata: { ...session.input.metadata },
    customer_email: session.input.donorEmail,
  })

  /** A session past its time expires (once), as Stripe's do, and says so. */
  const current = (session: SimulatedSession): SimulatedSession => {
    if (session.status === 'open' && options.now() >= session.input.expiresAt) {
      session.status = 'expired'
      void send('checkout.session.expired', { ...sessionObject(session) }, session.input.accountId)
    }
    return session
  }

  const sessionOf = (accountId: string, sessionId: string): SimulatedSession => {
    const session = sessions.get(sessionId)
    if (!session || session.input.accountId !== accountId)
      throw new ProviderError(`No such checkout.session: '${sessionId}'`, 'resource_missing')
    return current(session)
  }

  return {
    name: 'simulated',

    createAccount: async () => {
      const account: ProviderAccount = {
        accountId: newId('acct'),
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirementsDue: [
          'business_profile.url',
          'external_account',
          'representative.verification.document',
          'tos_acceptance.date',
        ],
      }
      accounts.set(account.accountId, account)
      return account
    },

    account: async (accountId) => {
      const account = accounts.get(accountId)
      if (!account) throw new ProviderError(`No such account: '${accountId}'`, 'resource_missing')
      return account
    },

    onboardingLink: async ({ accountId, returnUrl }) => ({
      url: `${new URL(returnUrl).origin}${PROVIDER_PAGE_PATH}?account=${encodeURIComponent(accountId)}`,
      expiresAt: new Date(options.now() + 5 * 60_000).toISOString(),
    }),

    createCheckout: async (input) => {
      const again = byKey.get(input.idempotencyKey)
      if (again) return again
      const sessionId = newId('cs')
      sessions.set(sessionId, {
        input,
        sessionId,
        status: 'open',
        paymentIntentId: null,
        chargeId: null,
        refundedCents: 0,
      })
      const hosted: HostedCheckout = {
        sessionId,
        url: `${input.requestOrigin}${PROVIDER_CHECKOUT_PATH}?session=${encodeURIComponent(sessionId)}`,
        expiresAt: new Date(input.expiresAt).toISOString(),
      }
      byKey.set(input.idempotencyKey, hosted)
      return hosted
    },

    checkout: async (accountId, sessionId): Promise<CheckoutState> =>
      readCheckoutState(sessionObject(sessionOf(accountId, sessionId))),

    refund: async (input) => {
      const again = refundsByKey.get(input.idempotencyKey)
      if (again) return again
      const session = [...sessions.values()].find(
        (candidate) =>
          candidate.paymentIntentId === input.paymentIntentId && candidate.input.accountId === input.accountId,
      )
      if (!session) throw new ProviderError(`No such payment_intent: '${input.paymentIntentId}'`, 'resource_missing')
      const left = session.input.amountCents - session.refundedCents
      if (input.amountCents > left)
        throw new ProviderError('Refund amount is greater than the unrefunded amount.', 'amount_too_large')
      session.refundedCents += input.amountCents
      const refund: ProviderRefund = { refundId: newId('re'), status: 'succeeded', amountCents: input.amountCents }
      refundsByKey.set(input.idempotencyKey, refund)
      void send(
        'charge.refunded',
        {
          id: session.chargeId,
          object: 'charge',
          amount: session.input.amountCents,
          amount_refunded: session.refundedCents,
          payment_intent: session.paymentIntentId,
        },
        session.input.accountId,
      )
      return refund
    },

    readEvent: async (payload, header, now) => {
      verifySignature(payload, header, options.webhookSecret, now)
      let json: unknown
      try {
        json = JSON.parse(payload)
      } catch {
        throw new InvalidEventError('payload', 'The delivery is not JSON.')
      }
      return readStripeEvent(json)
    },

    session: (sessionId) => {
      const session = sessions.get(sessionId)
      return session ? current(session) : null
    },

    pay: async (sessionId, cardNumber) => {
      const session = sessions.get(sessionId)
      if (!session || current(session).status !== 'open') return { outcome: 'closed' }
      const digits = cardNumber.replace(/[\s-]/g, '')
      if (digits === DECLINED_CARD) return { outcome: 'declined' }
      if (digits !== SUCCESS_CARD) return { outcome: 'not-a-test-card' }
      session.status = 'complete'
      session.paymentIntentId = newId('pi')
      session.chargeId = newId('ch')
      await send('checkout.session.completed', { ...sessionObject(session) }, session.input.accountId)
      return { outcome: 'paid', redirect: session.input.successUrl }
    },

    delivered: async () => {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

/** A delivery to the portal's webhook as an edge hands it to the domain: the raw body and its signature. */
export const deliveryRequest = (payload: string, signature: string): ApiRequest => ({
  method: 'POST',
  path: `${API_PREFIX}/payment/webhook`,
  origin: 'http://localhost',
  appOrigin: 'http://localhost',
  params: {},
  query: new URLSearchParams(),
  authorization: null,
  body: JSON.parse(payload) as unknown,
  rawBody: payload,
  headers: { 'content-type': 'application/json', 'stripe-signature': signature },
})
