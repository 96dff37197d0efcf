/**
 * The Stripe adapter at its HTTP boundary: the official SDK talks to a local stand-in for Stripe's API
 * (server/testing/stripe-stand-in.ts), which records what the SDK really sent (form-encoded bodies, the
 * `Stripe-Account` and `Idempotency-Key` headers) and answers with Stripe-shaped objects. Webhook deliveries
 * are signed with the SDK's own test signer. What this cannot show: that Stripe itself accepts these
 * requests (docs/payments.md, "What is not verified here").
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { InvalidEventError, ProviderError } from '#domain/payment-provider.ts'
import type { PaymentProvider, ProviderEvent } from '#domain/payment-provider.ts'
import {
  CHECKOUT_ID,
  CLUB_ACCOUNT,
  CREATED,
  FIXTURES,
  PAYMENT_INTENT,
  SESSION_ID,
} from '#server/testing/stripe-event-fixtures.ts'
import { startStripeStandIn, stripeError } from '#server/testing/stripe-stand-in.ts'
import type { StripeStandIn } from '#server/testing/stripe-stand-in.ts'
import { createStripeProvider } from './stripe-provider.ts'

const SECRET_KEY = 'sk_test_51QvXyZstandinKeyNotARealOne000000000000'
const WEBHOOK_SECRET = 'whsec_standinSigningSecretNotARealOne0000'

let standIn: StripeStandIn
let provider: PaymentProvider

beforeAll(async () => {
  standIn = await startStripeStandIn()
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: standIn.host,
    port: standIn.port,
    protocol: 'http',
  })
})
afterAll(() => standIn.close())
beforeEach(() => standIn.reset())

const only = () => {
  expect(standIn.requests).toHaveLength(1)
  return standIn.requests[0]!
}

const createAccount = (idempotencyKey = 'club-club_7-account') =>
  provider.createAccount({
    clubId: 'club_7',
    clubName: 'Musikverein Hintertupfing',
    email: 'kassier@musikverein.example.at',
    idempotencyKey,
  })

const checkoutInput = (accountId: string) => ({
  accountId,
  checkoutId: CHECKOUT_ID,
  amountCents: 2500,
  campaignName: 'Neue Tracht',
  clubName: 'Musikverein Hintertupfing',
  donorEmail: 'spender@example.at',
  successUrl: 'https://portal.vereinsportal.at/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://portal.vereinsportal.at/spenden/abgebrochen',
  metadata: { campaignId: 'cmp_42', clubId: 'club_7' },
  expiresAt: Date.UTC(2026, 10, 26, 12, 0, 0, 999),
  idempotencyKey: `checkout-${CHECKOUT_ID}`,
  requestOrigin: 'https://portal.example',
})

describe('the Stripe adapter against a stand-in for the API', () => {
  it("creates a club's connected account as the merchant of record, with the caller's idempotency key", async () => {
    const account = await createAccount()
    const request = only()
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: 'club-club_7-account',
      stripeAccount: undefined,
      authorization: `Bearer ${SECRET_KEY}`,
      stripeVersion: Stripe.API_VERSION,
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(request.form).toEqual({
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'account',
      'controller[losses][payments]': 'stripe',
      'controller[requirement_collection]': 'stripe',
      country: 'AT',
      business_type: 'non_profit',
      'business_profile[name]': 'Musikverein Hintertupfing',
      email: 'kassier@musikverein.example.at',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[clubId]': 'club_7',
    })
    // Never the legacy account type beside the controller: Stripe refuses the two together.
    expect(request.form).not.toHaveProperty('type')
    expect(account).toEqual({
      accountId: expect.stringMatching(/^acct_/) as string,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      // currently_due ∪ past_due, without repeats
      requirementsDue: ['business_profile.url', 'external_account', 'tos_acceptance.date', 'representative.first_name'],
    })
  })

  it('leaves the e-mail out when the club has none on record', async () => {
    await provider.createAccount({ clubId: 'club_8', clubName: 'SV Oberdorf', email: null, idempotencyKey: 'k-8' })
    expect(only().form).not.toHaveProperty('email')
  })

  it('reads an account, and tells an unknown one as a ProviderError with Stripe’s code', async () => {
    const { accountId } = await createAccount()
    expect((await provider.account(accountId)).chargesEnabled).toBe(false)
    standIn.onboard(accountId)
    expect(await provider.account(accountId)).toEqual({
      accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    })
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/accounts/${accountId}`, rawBody: '' })

    const failure = await provider.account('acct_unknown').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({
      code: 'resource_missing',
      message: expect.stringMatching(/No such account/) as string,
    })
  })

  it('makes an onboarding link on the platform, with the expiry Stripe gives', async () => {
    const { accountId } = await createAccount()
    standIn.reset()
    const link = await provider.onboardingLink({
      accountId,
      refreshUrl: 'https://portal.vereinsportal.at/verein/zahlungen?neu=1',
      returnUrl: 'https://portal.vereinsportal.at/verein/zahlungen',
      linkId: 'link_1',
      requestOrigin: 'https://portal.vereinsportal.at',
    })
    const request = only()
    expect(request).toMatchObject({ method: 'POST', path: '/v1/account_links', stripeAccount: undefined })
    expect(request.form).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: 'https://portal.vereinsportal.at/verein/zahlungen?neu=1',
      return_url: 'https://portal.vereinsportal.at/verein/zahlungen',
    })
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//)
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(200_000)
    expect(link.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/)
  })

  it("creates the checkout on the club's account (a direct charge), in German, as a donation", async () => {
    const { accountId } = await createAccount()
    standIn.reset()
    const checkout = await provider.createCheckout(checkoutInput(accountId))
    const request = only()
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      stripeAccount: accountId,
      idempotencyKey: `checkout-${CHECKOUT_ID}`,
    })
    expect(request.form).toEqual({
      mode: 'payment',
      submit_type: 'donate',
      locale: 'de',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Neue Tracht',
      'line_items[0][quantity]': '1',
      customer_email: 'spender@example.at',
      client_reference_id: CHECKOUT_ID,
      'metadata[campaignId]': 'cmp_42',
      'metadata[clubId]': 'club_7',
      'payment_intent_data[description]': 'Spende an Musikverein Hintertupfing: Neue Tracht',
      'payment_intent_data[metadata][campaignId]': 'cmp_42',
      'payment_intent_data[metadata][clubId]': 'club_7',
      'payment_intent_data[statement_descriptor_suffix]': 'SPENDE',
      success_url: 'https://portal.vereinsportal.at/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://portal.vereinsportal.at/spenden/abgebrochen',
      // Epoch seconds, rounded down.
      expires_at: String(Date.UTC(2026, 10, 26, 12, 0, 0) / 1000),
    })
    // On the wire the SDK leaves the brackets as they are and percent-encodes the values.
    expect(request.rawBody).toContain('&line_items[0][price_data][unit_amount]=2500&')
    expect(request.rawBody).toContain(
      'payment_intent_data[description]=Spende%20an%20Musikverein%20Hintertupfing%3A%20Neue%20Tracht',
    )
    expect(checkout).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/) as string,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) as string,
      expiresAt: '2026-11-26T12:00:00.000Z',
    })
  })

  it("reads a checkout from the club's account: open, then paid with its PaymentIntent", async () => {
    const { accountId } = await createAccount()
    const { sessionId } = await provider.createCheckout(checkoutInput(accountId))
    standIn.reset()
    expect(await provider.checkout(accountId, sessionId)).toEqual({
      sessionId,
      checkoutId: CHECKOUT_ID,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      amountCents: 2500,
    })
    expect(only()).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${sessionId}`,
      stripeAccount: accountId,
    })

    const paymentIntent = standIn.completeSession(sessionId)
    expect(await provider.checkout(accountId, sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: paymentIntent,
    })
    // On the platform (without Stripe-Account) the session does not exist: it is the club's.
    await expect(provider.checkout('acct_other', sessionId)).rejects.toMatchObject({ code: 'resource_missing' })
  })

  it("refunds on the club's account with the idempotency key and the metadata", async () => {
    const refund = await provider.refund({
      accountId: CLUB_ACCOUNT,
      paymentIntentId: PAYMENT_INTENT,
      amountCents: 1000,
      idempotencyKey: 'refund-rf_1',
      metadata: { refundId: 'rf_1', requestedBy: 'user_3' },
    })
    const request = only()
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      stripeAccount: CLUB_ACCOUNT,
      idempotencyKey: 'refund-rf_1',
    })
    expect(request.form).toEqual({
      payment_intent: PAYMENT_INTENT,
      amount: '1000',
      'metadata[refundId]': 'rf_1',
      'metadata[requestedBy]': 'user_3',
    })
    expect(refund).toEqual({
      refundId: expect.stringMatching(/^re_/) as string,
      status: 'succeeded',
      amountCents: 1000,
    })
  })

  it('tells a refused refund (4xx) as a ProviderError with Stripe’s message and code, without retrying', async () => {
    standIn.failNext(
      'POST',
      '/v1/refunds',
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ch_3QvY0a2eZvKYlo2C1Ab2Cd3E has already been refunded.`,
      }),
    )
    const failure = await provider
      .refund({
        accountId: CLUB_ACCOUNT,
        paymentIntentId: PAYMENT_INTENT,
        amountCents: 2500,
        idempotencyKey: 'refund-rf_2',
        metadata: {},
      })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({
      code: 'charge_already_refunded',
      message: expect.stringMatching(
        /^Stripe: refund: Charge .* has already been refunded\. \(request req_\w+\)$/,
      ) as string,
    })
    expect(standIn.requests).toHaveLength(1)
  })

  it('retries a 500 with the same idempotency key, and the second answer counts', async () => {
    const { accountId } = await createAccount()
    standIn.reset()
    standIn.failNext(
      'POST',
      '/v1/checkout/sessions',
      stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
    )
    const checkout = await provider.createCheckout(checkoutInput(accountId))
    expect(standIn.requests).toHaveLength(2)
    const [first, second] = standIn.requests
    expect(first!.idempotencyKey).toBe(`checkout-${CHECKOUT_ID}`)
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey)
    expect(second!.rawBody).toBe(first!.rawBody)
    expect(second!.stripeAccount).toBe(accountId)
    expect(checkout.sessionId).toMatch(/^cs_test_/)
  })

  it('gives up after two retries with a ProviderError, and never names the key', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      standIn.failNext(
        'GET',
        '/v1/accounts/acct_flaky',
        stripeError(503, { type: 'api_error', message: `Service unavailable for ${SECRET_KEY}` }),
      )
    }
    const failure = await provider.account('acct_flaky').catch((error: unknown) => error)
    expect(standIn.requests).toHaveLength(3)
    expect(failure).toBeInstanceOf(ProviderError)
    expect((failure as Error).message).not.toContain('sk_test_')
    expect((failure as Error).message).toContain('[hidden]')
  })

  it('tells a wrong key (401) as a ProviderError without the key', async () => {
    standIn.failNext(
      'GET',
      `/v1/accounts/${CLUB_ACCOUNT}`,
      stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${SECRET_KEY.slice(0, 8)}************0000`,
      }),
    )
    const failure = await provider.account(CLUB_ACCOUNT).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderError)
    expect((failure as Error).message).toMatch(/Invalid API Key provided: \[hidden\]/)
  })

  it('tells an unreachable API as a ProviderError', async () => {
    const unreachable = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: 9, // discard: nothing listens
      protocol: 'http',
      maxNetworkRetries: 0,
      timeoutMs: 2000,
    })
    const failure = await unreachable.account(CLUB_ACCOUNT).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({
      code: null,
      message: expect.stringMatching(/^Stripe: read the connected account: /) as string,
    })
  })
})

describe('webhook deliveries', () => {
  const NOW = (CREATED + 30) * 1000
  const sign = (payload: string, { secret = WEBHOOK_SECRET, timestamp = CREATED + 5 } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
  const deliver = (event: unknown, options?: Parameters<typeof sign>[1], now = NOW) => {
    const payload = JSON.stringify(event, null, 2)
    return provider.readEvent(payload, sign(payload, options), now)
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof InvalidEventError ? error.reason : error),
    )

  const base = (type: string) => ({
    id: expect.stringMatching(/^evt_/) as string,
    type,
    created: CREATED * 1000,
    accountId: CLUB_ACCOUNT,
  })

  it.each<[keyof typeof FIXTURES, ProviderEvent | Record<string, unknown>]>([
    [
      'checkoutCompleted',
      {
        ...base('checkout.session.completed'),
        kind: 'checkout-completed',
        sessionId: SESSION_ID,
        checkoutId: CHECKOUT_ID,
        paymentStatus: 'paid',
        paymentIntentId: PAYMENT_INTENT,
        amountCents: 2500,
        currency: 'eur',
        metadata: { campaignId: 'cmp_42', clubId: 'club_7' },
      },
    ],
    [
      'checkoutCompletedUnpaid',
      { ...base('checkout.session.completed'), kind: 'checkout-completed', paymentStatus: 'unpaid' },
    ],
    [
      'asyncPaymentSucceeded',
      {
        ...base('checkout.session.async_payment_succeeded'),
        kind: 'checkout-completed',
        sessionId: SESSION_ID,
        paymentStatus: 'paid',
        paymentIntentId: PAYMENT_INTENT,
      },
    ],
    [
      'checkoutExpired',
      {
        ...base('checkout.session.expired'),
        kind: 'checkout-failed',
        sessionId: SESSION_ID,
        checkoutId: CHECKOUT_ID,
        reason: 'expired',
      },
    ],
    [
      'asyncPaymentFailed',
      {
        ...base('checkout.session.async_payment_failed'),
        kind: 'checkout-failed',
        sessionId: SESSION_ID,
        checkoutId: CHECKOUT_ID,
        reason: 'payment-failed',
      },
    ],
    [
      'chargeRefunded',
      {
        ...base('charge.refunded'),
        kind: 'charge-refunded',
        paymentIntentId: PAYMENT_INTENT,
        amountCents: 2500,
        amountRefundedCents: 1000,
      },
    ],
    [
      'disputeCreated',
      {
        ...base('charge.dispute.created'),
        kind: 'dispute-opened',
        disputeId: 'du_1QvY1b2eZvKYlo2CsTuVwXyZ',
        paymentIntentId: PAYMENT_INTENT,
      },
    ],
    [
      'disputeClosed',
      {
        ...base('charge.dispute.closed'),
        kind: 'dispute-closed',
        disputeId: 'du_1QvY1b2eZvKYlo2CsTuVwXyZ',
        paymentIntentId: PAYMENT_INTENT,
        outcome: 'lost',
      },
    ],
    [
      'accountUpdated',
      {
        ...base('account.updated'),
        kind: 'account-updated',
        account: {
          accountId: CLUB_ACCOUNT,
          chargesEnabled: true,
          payoutsEnabled: false,
          detailsSubmitted: true,
          requirementsDue: ['external_account', 'representative.verification.document'],
        },
      },
    ],
    ['payoutPaid', { ...base('payout.paid'), kind: 'other' }],
  ])('reads a signed %s delivery', async (name, expected) => {
    const event = await deliver(FIXTURES[name])
    expect(event).toMatchObject(expected)
  })

  it('reads a completed checkout to exactly the fields of the kind, and an unknown type to `other`', async () => {
    expect(Object.keys(await deliver(FIXTURES.checkoutCompleted)).sort()).toEqual(
      [
        'accountId',
        'amountCents',
        'checkoutId',
        'created',
        'currency',
        'id',
        'kind',
        'metadata',
        'paymentIntentId',
        'paymentStatus',
        'sessionId',
        'type',
      ].sort(),
    )
    expect(await deliver(FIXTURES.payoutPaid)).toEqual({ ...base('payout.paid'), kind: 'other' })
  })

  it('refuses a delivery signed with another secret, or with its body changed, as `signature`', async () => {
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { secret: 'whsec_someoneElsesSecret0000' }))).toBe(
      'signature',
    )
    const payload = JSON.stringify(FIXTURES.checkoutCompleted)
    const header = sign(payload)
    expect(await refusal(provider.readEvent(payload.replace('2500', '250000'), header, NOW))).toBe('signature')
    expect(await refusal(provider.readEvent(payload, 'not a signature', NOW))).toBe('signature')
    expect(await refusal(provider.readEvent(payload, '', NOW))).toBe('signature')
  })

  it('refuses a delivery signed more than 300 s before `now` (or after it) as `timestamp`', async () => {
    const signedAt = CREATED
    const at = (seconds: number) => (signedAt + seconds) * 1000
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt }, at(300)))).toBeNull()
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt }, at(301)))).toBe('timestamp')
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt }, at(3600)))).toBe('timestamp')
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt }, at(-300)))).toBeNull()
    expect(await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt }, at(-302)))).toBe('timestamp')
    // An old delivery with a wrong signature is a wrong signature.
    expect(
      await refusal(deliver(FIXTURES.checkoutCompleted, { timestamp: signedAt, secret: 'whsec_other0000' }, at(3600))),
    ).toBe('signature')
  })

  it('refuses a correctly signed delivery that is not a Stripe event as `payload`', async () => {
    const signed = (payload: string) => provider.readEvent(payload, sign(payload), NOW)
    expect(await refusal(signed('<html>garbage</html>'))).toBe('payload')
    expect(await refusal(signed('{"id": "evt_1", "object": "event"'))).toBe('payload')
    expect(await refusal(signed('null'))).toBe('payload')
    expect(await refusal(signed(JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.refunded' })))).toBe(
      'payload',
    )
    const { amount_total: _, ...withoutAmount } = FIXTURES.checkoutCompleted.data.object
    expect(
      await refusal(signed(JSON.stringify({ ...FIXTURES.checkoutCompleted, data: { object: withoutAmount } }))),
    ).toBe('payload')
  })
})
