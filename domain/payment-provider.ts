/**
 * The card provider as a platform needs it: connected accounts for clubs, their hosted onboarding, a hosted
 * checkout for one donation, refunds, and the signed events that tell the portal what happened. Two adapters
 * implement it: Stripe Connect (server/payments/, the official `stripe` package) and the simulated provider
 * (adapters/simulated-card-provider/, the default offline), which sends the same Stripe-shaped events with
 * the same `Stripe-Signature` scheme, so one webhook operation serves both.
 *
 * Amounts are in cents of EUR. Every call that creates something at the provider carries an idempotency key,
 * so a retried request never creates a second account, checkout or refund.
 */
import { problem } from './problem.ts'

/** What the provider says about a club's connected account. */
export interface ProviderAccount {
  readonly accountId: string
  /** The account can take card payments. */
  readonly chargesEnabled: boolean
  /** The provider can pay out to the club's bank account. */
  readonly payoutsEnabled: boolean
  /** The club has gone through the onboarding at least once. */
  readonly detailsSubmitted: boolean
  /** The provider's requirement keys that are due now (Stripe: `requirements.currently_due` and `past_due`). */
  readonly requirementsDue: readonly string[]
}

export interface NewProviderAccount {
  readonly clubId: string
  readonly clubName: string
  /** Where the provider writes to the club; null when the club has none on record. */
  readonly email: string | null
  readonly idempotencyKey: string
}

export interface OnboardingLinkInput {
  readonly accountId: string
  /** Where the provider sends the club when the link has expired or was used (a fresh link is made there). */
  readonly refreshUrl: string
  /** Where the provider sends the club after the onboarding (finished or not). */
  readonly returnUrl: string
  /**
   * The portal's own single-use link (OnboardingLinkRecord) behind this one: the simulated provider's page
   * works with it; Stripe makes links of its own and ignores it.
   */
  readonly linkId: string
  /** The backend's origin, where the simulated provider's page is served. */
  readonly requestOrigin: string
}

export interface ProviderLink {
  readonly url: string
  readonly expiresAt: string
}

/** One donation to pay on the provider's hosted checkout page, charged on the club's account. */
export interface CheckoutInput {
  readonly accountId: string
  /** The portal's id for this checkout: Stripe's `client_reference_id`, and the key that finds it again. */
  readonly checkoutId: string
  readonly amountCents: number
  readonly campaignName: string
  readonly clubName: string
  /** The donor's address for the provider's receipt. */
  readonly donorEmail: string
  readonly successUrl: string
  readonly cancelUrl: string
  /** Strings the provider keeps with the payment and echoes in its events (campaign, club). */
  readonly metadata: Readonly<Record<string, string>>
  /** Epoch milliseconds; at least 30 minutes and at most 24 hours ahead (Stripe's limits). */
  readonly expiresAt: number
  readonly idempotencyKey: string
  /** The backend's origin as the request reached it: where a provider page the backend serves lives. */
  readonly requestOrigin: string
}

export interface HostedCheckout {
  /** The provider's id of the checkout (Stripe: `cs_…`). */
  readonly sessionId: string
  readonly url: string
  readonly expiresAt: string
}

export type CheckoutStatus = 'open' | 'complete' | 'expired'
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required'

/** A checkout as the provider knows it now (the thank-you page asks this, never the URL). */
export interface CheckoutState {
  readonly sessionId: string
  readonly checkoutId: string | null
  readonly status: CheckoutStatus
  readonly paymentStatus: CheckoutPaymentStatus
  /** Stripe: `pi_…`; null until the donor has paid. */
  readonly paymentIntentId: string | null
  readonly amountCents: number | null
}

export interface RefundInput {
  readonly accountId: string
  readonly paymentIntentId: string
  readonly amountCents: number
  readonly idempotencyKey: string
  readonly metadata: Readonly<Record<string, string>>
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action'

export interface ProviderRefund {
  readonly refundId: string
  readonly status: RefundStatus
  readonly amountCents: number
}

/** The fields every event has. */
interface EventBase {
  /** The provider's event id (Stripe: `evt_…`): what makes a delivery idempotent. */
  readonly id: string
  /** The provider's event type, as sent (`checkout.session.completed`, …). */
  readonly type: string
  /** When the provider created the event, epoch milliseconds: orders events about the same object. */
  readonly created: number
  /** The connected account the event is about (Stripe Connect: `event.account`). */
  readonly accountId: string | null
}

/**
 * An event as the domain reads it. Stripe's types map to these kinds:
 * - `checkout.session.completed` (paid or not yet), `checkout.session.async_payment_succeeded` → `checkout-completed`
 * - `checkout.session.expired`, `checkout.session.async_payment_failed` → `checkout-failed`
 * - `charge.refunded` → `charge-refunded` (the charge's whole refunded amount so far, not the increment)
 * - `charge.dispute.created` → `dispute-opened`; `charge.dispute.closed` → `dispute-closed` (with its outcome)
 * - `account.updated` → `account-updated`
 * - anything else → `other` (acknowledged, changes nothing)
 */
export type ProviderEvent =
  | (EventBase & {
      readonly kind: 'checkout-completed'
      readonly sessionId: string
      readonly checkoutId: string | null
      /** `paid` once the money is there; a delayed method completes first as `unpaid`. */
      readonly paymentStatus: CheckoutPaymentStatus
      readonly paymentIntentId: string | null
      readonly amountCents: number
      readonly currency: string
      readonly metadata: Readonly<Record<string, string>>
    })
  | (EventBase & {
      readonly kind: 'checkout-failed'
      readonly sessionId: string
      readonly checkoutId: string | null
      readonly reason: 'expired' | 'payment-failed'
    })
  | (EventBase & {
      readonly kind: 'charge-refunded'
      readonly paymentIntentId: string
      readonly amountCents: number
      readonly amountRefundedCents: number
    })
  | (EventBase & {
      readonly kind: 'dispute-opened'
      readonly disputeId: string
      readonly paymentIntentId: string
    })
  | (EventBase & {
      readonly kind: 'dispute-closed'
      readonly disputeId: string
      readonly paymentIntentId: string
      /** Stripe's dispute status when closed: `won`, `lost`, `warning_closed`, … */
      readonly outcome: string
    })
  | (EventBase & { readonly kind: 'account-updated'; readonly account: ProviderAccount })
  | (EventBase & { readonly kind: 'other' })

/** Why a delivery is refused; nothing of it is recorded. */
export type InvalidEventReason = 'signature' | 'timestamp' | 'payload'

export class InvalidEventError extends Error {
  readonly reason: InvalidEventReason

  constructor(reason: InvalidEventReason, message: string) {
    super(message)
    this.name = 'InvalidEventError'
    this.reason = reason
  }
}

/**
 * Runs a provider call where a failure leaves nothing to do but try later: a ProviderError (network, the
 * provider's outage) becomes 503 `unavailable` with the provider's message, nothing written.
 */
export const providerCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ProviderError) {
      throw problem(
        'unavailable',
        error.refused
          ? `The card provider refused: ${error.message}`
          : `The card provider did not answer: ${error.message}`,
      )
    }
    throw error
  }
}

/** The provider refused or failed a call (declined refund, unknown account, network): told, never swallowed. */
export class ProviderError extends Error {
  /** The provider's own code when it gave one (Stripe: `error.code`). */
  readonly code: string | null
  /**
   * The provider answered and said no to this request (Stripe: a 4xx other than 401 and 429), so asking
   * again changes nothing; false when it did not answer, failed (5xx) or was busy: then a retry may work.
   */
  readonly refused: boolean

  constructor(message: string, code: string | null = null, refused = false) {
    super(message)
    this.name = 'ProviderError'
    this.code = code
    this.refused = refused
  }
}

export interface PaymentProvider {
  /** `stripe` or `simulated`: shown to operators, never to donors. */
  readonly name: string
  createAccount(input: NewProviderAccount): Promise<ProviderAccount>
  account(accountId: string): Promise<ProviderAccount>
  onboardingLink(input: OnboardingLinkInput): Promise<ProviderLink>
  createCheckout(input: CheckoutInput): Promise<HostedCheckout>
  checkout(accountId: string, sessionId: string): Promise<CheckoutState>
  refund(input: RefundInput): Promise<ProviderRefund>
  /**
   * Verifies a delivery (the raw body as received and its `Stripe-Signature` header) against the webhook
   * secret, with a tolerance of 300 s around `now`, and reads the event. Throws InvalidEventError.
   */
  readEvent(payload: string, signatureHeader: string, now: number): Promise<ProviderEvent>
}
