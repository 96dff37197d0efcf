/**
 * Stripe's events, read into the domain's kinds (domain/payment-provider.ts), and built for the simulated
 * provider: one shape on both sides.
 *
 * Pure and without the `stripe` package: the Stripe adapter (server/payments/stripe-provider.ts) reads a
 * delivery here once the SDK has checked its signature, and the simulated provider, which also runs in the
 * browser, builds the events it sends with `stripeEvent` and reads them with the same function. The types
 * below are the few fields of Stripe's objects the portal reads (API version 2026-10-28.endive, the one the
 * SDK pins; these fields have kept their shape for years), not the SDK's types.
 */
import { InvalidEventError } from '#domain/payment-provider.ts'
import type {
  CheckoutPaymentStatus,
  CheckoutState,
  CheckoutStatus,
  ProviderAccount,
  ProviderEvent,
} from '#domain/payment-provider.ts'

/** An expandable reference: the id, or the object when the request expanded it. */
type Expandable = string | { readonly id: string } | null

/** The fields of a Checkout Session (`cs_…`) the portal reads. */
export interface StripeCheckoutSession {
  readonly id: string
  readonly object: 'checkout.session'
  readonly client_reference_id: string | null
  readonly status: CheckoutStatus | null
  readonly payment_status: CheckoutPaymentStatus
  readonly payment_intent: Expandable
  readonly amount_total: number | null
  readonly currency: string | null
  readonly metadata: Readonly<Record<string, string>> | null
  readonly [field: string]: unknown
}

/** The fields of a Charge (`ch_…`, `py_…`) the portal reads. */
export interface StripeCharge {
  readonly id: string
  readonly object: 'charge'
  readonly amount: number
  readonly amount_refunded: number
  readonly payment_intent: Expandable
  readonly [field: string]: unknown
}

/** The fields of a Dispute (`du_…`, `dp_…`) the portal reads. */
export interface StripeDispute {
  readonly id: string
  readonly object: 'dispute'
  readonly payment_intent: Expandable
  /** `warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`, `warning_closed`, … */
  readonly status: string
  readonly [field: string]: unknown
}

/** The fields of an Account (`acct_…`) the portal reads. */
export interface StripeAccount {
  readonly id: string
  readonly object: 'account'
  readonly charges_enabled: boolean
  readonly payouts_enabled: boolean
  readonly details_submitted: boolean
  readonly requirements?: {
    readonly currently_due: readonly string[] | null
    readonly past_due: readonly string[] | null
  } | null
  readonly [field: string]: unknown
}

/** The object each event type the portal reads carries in `data.object`. */
export interface StripeEventObjects {
  'checkout.session.completed': StripeCheckoutSession
  'checkout.session.async_payment_succeeded': StripeCheckoutSession
  'checkout.session.expired': StripeCheckoutSession
  'checkout.session.async_payment_failed': StripeCheckoutSession
  'charge.refunded': StripeCharge
  'charge.dispute.created': StripeDispute
  'charge.dispute.closed': StripeDispute
  'account.updated': StripeAccount
}

export type StripeEventType = keyof StripeEventObjects

/** Any other Stripe object: an id and its kind. */
export interface StripeObject {
  readonly id: string
  readonly object: string
  readonly [field: string]: unknown
}

/** A snapshot event as Stripe delivers it to a webhook endpoint. */
export interface StripeEvent<T extends string = string> {
  readonly id: string
  readonly object: 'event'
  /** The connected account the event happened on (Connect); absent for the platform's own events. */
  readonly account?: string
  readonly api_version: string | null
  /** Epoch seconds. */
  readonly created: number
  readonly data: {
    readonly object: T extends StripeEventType ? StripeEventObjects[T] : StripeObject
    readonly previous_attributes?: Readonly<Record<string, unknown>>
  }
  readonly livemode: boolean
  readonly pending_webhooks: number
  readonly request: { readonly id: string | null; readonly idempotency_key: string | null }
  readonly type: T
}

/** The API version the Stripe adapter's SDK (stripe 23.1.0) pins, and so the one the simulated events name. */
export const STRIPE_API_VERSION = '2026-10-28.endive'

export interface StripeEventMeta {
  /** `evt_…`: what makes a delivery idempotent. */
  readonly id: string
  /** Epoch milliseconds, as the portal counts; the event carries Stripe's seconds (rounded down). */
  readonly created: number
  /** The connected account (`acct_…`) the event is about; omitted for the platform's own. */
  readonly account?: string | null
  readonly livemode?: boolean
}

/**
 * An event as Stripe would deliver it (for the simulated provider, and tests): `stripeEvent('charge.refunded',
 * charge, { id, created, account })`. `readStripeEvent` reads it back to the same ProviderEvent the real
 * delivery gives.
 */
export const stripeEvent = <T extends string>(
  type: T,
  object: T extends StripeEventType ? StripeEventObjects[T] : StripeObject,
  meta: StripeEventMeta,
): StripeEvent<T> => ({
  id: meta.id,
  object: 'event',
  ...(meta.account ? { account: meta.account } : {}),
  api_version: STRIPE_API_VERSION,
  created: Math.floor(meta.created / 1000),
  data: { object },
  livemode: meta.livemode ?? false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
})

// ---------------------------------------------------------------------------------------------------------
// Reading. Deliveries and API answers are data from outside: every field the mapping uses is checked.
// ---------------------------------------------------------------------------------------------------------

/** A Stripe object lacks a field the portal reads, or has it in another shape. */
export class StripeShapeError extends Error {
  constructor(what: string) {
    super(`Not a Stripe object the portal can read: ${what}.`)
    this.name = 'StripeShapeError'
  }
}

type Json = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const refuse = (what: string): never => {
  throw new StripeShapeError(what)
}

/** The checked reads of one field of `object` (`where` names the object in the message). */
const field = (object: Json, name: string, where: string) => {
  const value = object[name]
  const wrong = (shape: string) => refuse(`${where}.${name} is not ${shape}`)
  return {
    text: (): string => (typeof value === 'string' && value !== '' ? value : wrong('a string')),
    textOrNull: (): string | null =>
      value === undefined || value === null ? null : typeof value === 'string' ? value : wrong('a string'),
    count: (): number =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : wrong('a whole number'),
    countOrNull: (): number | null =>
      value === undefined || value === null
        ? null
        : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
          ? value
          : wrong('a whole number'),
    flag: (): boolean => (typeof value === 'boolean' ? value : wrong('true or false')),
    oneOf: <const T extends string>(values: readonly T[]): T =>
      typeof value === 'string' && (values as readonly string[]).includes(value)
        ? (value as T)
        : wrong(`one of ${values.join(', ')}`),
    /** An expandable reference: its id, or null. */
    reference: (): string | null => {
      if (value === undefined || value === null) return null
      if (typeof value === 'string') return value
      return isRecord(value) && typeof value.id === 'string' ? value.id : wrong('an id')
    },
    texts: (): string[] => {
      if (value === undefined || value === null) return []
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? value
        : wrong('a list of strings')
    },
    /** Stripe's metadata holds strings only; anything else is left out. */
    metadata: (): Record<string, string> => {
      if (value === undefined || value === null) return {}
      if (!isRecord(value)) return wrong('an object')
      return Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    },
    record: (): Json => (isRecord(value) ? value : wrong('an object')),
  }
}

/** `object` as a record whose `object` field names `kind` (`account`, `checkout.session`, …). */
const objectOf = (object: unknown, kind: string): Json => {
  if (!isRecord(object)) return refuse(`the ${kind} is not an object`)
  if (object.object !== kind) refuse(`object is ${JSON.stringify(object.object)}, not "${kind}"`)
  return object
}

/** The id of an expandable reference (`pi_…`), or null. */
export const idOf = (reference: string | { readonly id: string } | null | undefined): string | null =>
  typeof reference === 'string' ? reference : (reference?.id ?? null)

/**
 * A connected account (`acct_…`, from `accounts.retrieve` or an `account.updated` event) as the domain sees it:
 * what is due is `requirements.currently_due` ∪ `past_due`, in order, without repeats.
 */
export const readStripeAccount = (json: unknown): ProviderAccount => {
  const account = objectOf(json, 'account')
  const at = (name: string) => field(account, name, 'account')
  const requirements = account.requirements
  const due = (name: string) =>
    isRecord(requirements) ? field(requirements, name, 'account.requirements').texts() : []
  return {
    accountId: at('id').text(),
    chargesEnabled: at('charges_enabled').flag(),
    payoutsEnabled: at('payouts_enabled').flag(),
    detailsSubmitted: at('details_submitted').flag(),
    requirementsDue: [...new Set([...due('currently_due'), ...due('past_due')])],
  }
}

const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const

/** A Checkout Session (`cs_…`) as the thank-you page asks for it. */
export const readCheckoutState = (json: unknown): CheckoutState => {
  const session = objectOf(json, 'checkout.session')
  const at = (name: string) => field(session, name, 'checkout.session')
  return {
    sessionId: at('id').text(),
    checkoutId: at('client_reference_id').textOrNull(),
    // Stripe's type allows null; a session it has handed out is open until it completes or expires.
    status: session.status === null ? 'open' : at('status').oneOf(CHECKOUT_STATUSES),
    paymentStatus: at('payment_status').oneOf(PAYMENT_STATUSES),
    paymentIntentId: at('payment_intent').reference(),
    amountCents: at('amount_total').countOrNull(),
  }
}

/** The event's data.object, checked to be of `kind`. */
const dataObject = (event: Json, kind: string): Json =>
  objectOf(field(field(event, 'data', 'event').record(), 'object', 'event.data').record(), kind)

const readEvent = (json: unknown): ProviderEvent => {
  const event = objectOf(json, 'event')
  const at = (name: string) => field(event, name, 'event')
  const base = {
    id: at('id').text(),
    type: at('type').text(),
    created: at('created').count() * 1000,
    accountId: at('account').textOrNull(),
  }
  const session = () => {
    const object = dataObject(event, 'checkout.session')
    return { object, at: (name: string) => field(object, name, 'checkout.session') }
  }
  switch (base.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const { at: of } = session()
      return {
        ...base,
        kind: 'checkout-completed',
        sessionId: of('id').text(),
        checkoutId: of('client_reference_id').textOrNull(),
        paymentStatus: of('payment_status').oneOf(PAYMENT_STATUSES),
        paymentIntentId: of('payment_intent').reference(),
        amountCents: of('amount_total').count(),
        currency: of('currency').text(),
        metadata: of('metadata').metadata(),
      }
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const { at: of } = session()
      return {
        ...base,
        kind: 'checkout-failed',
        sessionId: of('id').text(),
        checkoutId: of('client_reference_id').textOrNull(),
        reason: base.type === 'checkout.session.expired' ? 'expired' : 'payment-failed',
      }
    }
    case 'charge.refunded': {
      const charge = dataObject(event, 'charge')
      const of = (name: string) => field(charge, name, 'charge')
      const paymentIntentId = of('payment_intent').reference()
      if (paymentIntentId === null) return { ...base, kind: 'other' }
      return {
        ...base,
        kind: 'charge-refunded',
        paymentIntentId,
        amountCents: of('amount').count(),
        amountRefundedCents: of('amount_refunded').count(),
      }
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = dataObject(event, 'dispute')
      const of = (name: string) => field(dispute, name, 'dispute')
      const paymentIntentId = of('payment_intent').reference()
      if (paymentIntentId === null) return { ...base, kind: 'other' }
      const disputeId = of('id').text()
      return base.type === 'charge.dispute.created'
        ? { ...base, kind: 'dispute-opened', disputeId, paymentIntentId }
        : { ...base, kind: 'dispute-closed', disputeId, paymentIntentId, outcome: of('status').text() }
    }
    case 'account.updated':
      return { ...base, kind: 'account-updated', account: readStripeAccount(dataObject(event, 'account')) }
    default:
      return { ...base, kind: 'other' }
  }
}

/**
 * A Stripe event (the parsed JSON of a delivery whose signature was checked) as the domain reads it, in the
 * kinds of domain/payment-provider.ts; `created` in epoch milliseconds, `accountId` from `event.account`.
 * Throws InvalidEventError('payload') when it is not an event or lacks a field the mapping needs.
 *
 * A refund or dispute without a PaymentIntent reads as `other`: every payment the portal takes is a Checkout
 * Session's PaymentIntent, so such a charge is none of the portal's.
 */
export const readStripeEvent = (json: unknown): ProviderEvent => {
  try {
    return readEvent(json)
  } catch (error) {
    if (error instanceof StripeShapeError) throw new InvalidEventError('payload', error.message)
    throw error
  }
}
