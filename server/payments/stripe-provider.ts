/**
 * The card provider on Stripe Connect (domain/payment-provider.ts), with the official SDK.
 *
 * Each club is a connected account and the merchant of record: checkouts and refunds are **direct charges**,
 * made on the club's account (the SDK's `stripeAccount` request option, the `Stripe-Account` header), so the
 * club's name is on the donor's card statement and receipt, refunds and disputes are the club's, and the
 * platform holds no money (docs/decisions/0032-stripe-connect-direct-charges.md). Every call that creates
 * something carries the caller's idempotency key; the SDK retries a failed call (network, 409, 5xx) twice
 * with the same key.
 *
 * Events: `readEvent` checks the `Stripe-Signature` header with the SDK (`webhooks.constructEvent`, 300 s
 * tolerance, the port's `now` as the receipt time) and reads the event with the pure reader the simulated
 * provider shares (adapters/stripe-events/). No clock option: the only time the adapter needs is the
 * receipt time, which the port passes to `readEvent` and the SDK accepts (`receivedAt`).
 *
 * Errors: every failure of the SDK becomes a ProviderError with Stripe's message and code; anything shaped
 * like a key or a signing secret is cut out of the message, and the SDK's error (its request and headers)
 * is not attached.
 */
import Stripe from 'stripe'
import {
  StripeShapeError,
  readCheckoutState,
  readStripeAccount,
  readStripeEvent,
} from '#adapters/stripe-events/read-stripe-event.ts'
import { InvalidEventError, ProviderError } from '#domain/payment-provider.ts'
import type { PaymentProvider, ProviderRefund, RefundStatus } from '#domain/payment-provider.ts'

export interface StripeProviderOptions {
  /** `sk_test_…`, `sk_live_…` or a restricted key `rk_…`. */
  readonly secretKey: string
  /** `whsec_…`: the signing secret of the webhook endpoint (or of `stripe listen`). */
  readonly webhookSecret: string
  /** A stand-in for Stripe's API (tests, stripe-mock); default api.stripe.com:443 over https. */
  readonly host?: string | undefined
  readonly port?: number | undefined
  readonly protocol?: 'http' | 'https' | undefined
  /**
   * Milliseconds one attempt may take (default 10 s; the SDK's own default is 80 s). With two retries a call
   * can take longer than a request's time limit (REQUEST_TIMEOUT_MS): the caller's idempotency key makes
   * repeating the whole operation safe.
   */
  readonly timeoutMs?: number | undefined
  /** Retries of a failed call with the same idempotency key (default 2). */
  readonly maxNetworkRetries?: number | undefined
}

/** Seconds a signed delivery may be older (or, by clock skew, newer) than its receipt: Stripe's default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * The controller of a club's account (docs/decisions/0032): the Express Dashboard (a small dashboard a club's
 * treasurer can use for payouts, refunds and disputes), Stripe's own pricing paid by the club (the platform
 * takes no fee), Stripe liable for negative balances, and Stripe collecting what it needs to know (its
 * hosted onboarding). Stripe's recommendation for direct charges.
 */
export const CLUB_ACCOUNT_CONTROLLER = {
  stripe_dashboard: { type: 'express' },
  fees: { payer: 'account' },
  losses: { payments: 'stripe' },
  requirement_collection: 'stripe',
} as const satisfies Stripe.AccountCreateParams.Controller

/**
 * The dynamic part of the card statement descriptor: the statement reads `<CLUB PREFIX>* SPENDE`. A prefix has
 * at most 10 characters, so with `* ` the whole stays within Stripe's 22.
 */
export const STATEMENT_DESCRIPTOR_SUFFIX = 'SPENDE'

const REFUND_STATUSES: readonly RefundStatus[] = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action']

/** Keys and signing secrets never reach a message (Stripe masks keys in its own messages, but partly). */
const withoutSecrets = (text: string): string =>
  text.replace(/\b(?:sk|rk|pk)_(?:test|live)_[\w*]+|\bwhsec_[\w*]+/g, '[hidden]')

const toProviderError = (error: unknown, what: string): ProviderError => {
  if (error instanceof ProviderError) return error
  if (error instanceof Stripe.errors.StripeError) {
    const request = error.requestId ? ` (request ${error.requestId})` : ''
    const status = error.statusCode ?? 0
    const refused = status >= 400 && status < 500 && status !== 401 && status !== 429
    return new ProviderError(`Stripe: ${what}: ${withoutSecrets(error.message)}${request}`, error.code ?? null, refused)
  }
  if (error instanceof StripeShapeError) return new ProviderError(`Stripe: ${what}: ${error.message}`, null)
  return new ProviderError(`Stripe: ${what}: ${withoutSecrets(error instanceof Error ? error.message : String(error))}`)
}

/** Runs one SDK call; whatever fails becomes a ProviderError. */
const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw toProviderError(error, what)
  }
}

const isoFromSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString()

/** The `t=` of a `Stripe-Signature` header, in seconds, or null. */
const signedAt = (header: string): number | null => {
  const match = /(?:^|,)\s*t=(\d+)(?:,|$)/.exec(header)
  return match ? Number(match[1]) : null
}

export const createStripeProvider = (options: StripeProviderOptions): PaymentProvider => {
  if (!options.secretKey) throw new Error('createStripeProvider: the secret key is missing')
  if (!options.webhookSecret) throw new Error('createStripeProvider: the webhook signing secret is missing')
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    appInfo: { name: 'Vereinsportal', url: 'https://portal.vereinsportal.at' },
  })
  const { webhookSecret } = options

  /** The signature is right but the timestamp is outside the tolerance (the SDK tells both apart by message only). */
  const signatureHoldsWithoutTimeCheck = (payload: string, header: string): boolean => {
    try {
      // A tolerance of 0 checks the signature alone.
      return stripe.webhooks.signature?.verifyHeader(payload, header, webhookSecret, 0) === true
    } catch {
      return false
    }
  }

  return {
    name: 'stripe',

    createAccount: (input) =>
      call('create the connected account', async () =>
        readStripeAccount(
          await stripe.accounts.create(
            {
              controller: CLUB_ACCOUNT_CONTROLLER,
              country: 'AT',
              business_type: 'non_profit',
              business_profile: { name: input.clubName },
              ...(input.email ? { email: input.email } : {}),
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { clubId: input.clubId },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    account: (accountId) =>
      call('read the connected account', async () => readStripeAccount(await stripe.accounts.retrieve(accountId))),

    onboardingLink: (input) =>
      call('create the onboarding link', async () => {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
        })
        return { url: link.url, expiresAt: isoFromSeconds(link.expires_at) }
      }),

    createCheckout: (input) =>
      call('create the checkout', async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            submit_type: 'donate',
            locale: 'de',
            line_items: [
              {
                price_data: {
                  currency: 'eur',
                  unit_amount: input.amountCents,
                  product_data: { name: input.campaignName },
                },
                quantity: 1,
              },
            ],
            customer_email: input.donorEmail,
            client_reference_id: input.checkoutId,
            metadata: { ...input.metadata },
            payment_intent_data: {
              description: `Spende an ${input.clubName}: ${input.campaignName}`,
              metadata: { ...input.metadata },
              statement_descriptor_suffix: STATEMENT_DESCRIPTOR_SUFFIX,
            },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt / 1000),
          },
          { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
        )
        if (!session.url) throw new ProviderError('Stripe: create the checkout: the session has no URL', null)
        return { sessionId: session.id, url: session.url, expiresAt: isoFromSeconds(session.expires_at) }
      }),

    checkout: (accountId, sessionId) =>
      call('read the checkout', async () =>
        readCheckoutState(await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId })),
      ),

    refund: (input) =>
      call('refund', async (): Promise<ProviderRefund> => {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: { ...input.metadata } },
          { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
        )
        // The refund exists whatever its status says; one this version does not know is still under way.
        const status = REFUND_STATUSES.find((known) => known === refund.status) ?? 'pending'
        return { refundId: refund.id, status, amountCents: refund.amount }
      }),

    readEvent: async (payload, signatureHeader, now) => {
      let event: unknown
      try {
        event = stripe.webhooks.constructEvent(
          payload,
          signatureHeader,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now,
        )
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          if (signatureHoldsWithoutTimeCheck(payload, signatureHeader)) {
            throw new InvalidEventError('timestamp', 'The delivery was signed more than 300 s before it arrived.')
          }
          throw new InvalidEventError('signature', 'The Stripe-Signature header does not match the delivery.')
        }
        // Signed, but not JSON (or a thin event, which a snapshot endpoint never receives).
        throw new InvalidEventError('payload', 'The delivery is not a Stripe event.')
      }
      // The SDK checks only the past; a delivery signed well after `now` is refused too (clock skew aside).
      const timestamp = signedAt(signatureHeader)
      if (timestamp !== null && timestamp * 1000 > now + WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new InvalidEventError('timestamp', 'The delivery was signed more than 300 s after it arrived.')
      }
      return readStripeEvent(event)
    },
  }
}
