/**
 * The Stripe adapter through the whole server: the real app (Fastify, the domain, PGlite with the demo
 * seed) whose card provider is the Stripe adapter, made from the STRIPE_ variables as server/main.ts makes
 * it, with the official SDK talking to a local stand-in for Stripe's API (server/testing/stripe-stand-in.ts).
 * Everything is driven through the portal's HTTP API as its clients call it: an administrator opens a club's
 * account, the club comes back from the onboarding, a donor pays, Stripe's signed events record the donation
 * and its refund, and Stripe failing is a 503 for the donor. What this cannot show: that Stripe itself
 * accepts these requests (docs/payments.md, "What is not verified here").
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { DonationCheckout } from '#openapi/generated/model/donationCheckout.ts'
import type { DonationCheckoutState } from '#openapi/generated/model/donationCheckoutState.ts'
import type { DonationPage } from '#openapi/generated/model/donationPage.ts'
import type { OnboardingLink } from '#openapi/generated/model/onboardingLink.ts'
import type { PaymentAccountState } from '#openapi/generated/model/paymentAccountState.ts'
import type { PaymentEventReceipt } from '#openapi/generated/model/paymentEventReceipt.ts'
import type { Problem } from '#openapi/generated/model/problem.ts'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import { viennaDay } from '#domain/time.ts'
import { readConfig } from '#server/config.ts'
import { account as stripeAccount, charge, checkoutSession } from '#server/testing/stripe-event-fixtures.ts'
import { startStripeStandIn, stripeError } from '#server/testing/stripe-stand-in.ts'
import type { RecordedRequest, StripeStandIn } from '#server/testing/stripe-stand-in.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { createStripeProvider } from './stripe-provider.ts'

const API = '/api/backend/v1'
/** Where the portal's app runs: the browser sends it as `Origin`, and the onboarding links lead back there. */
const APP_ORIGIN = 'http://localhost:3000'
const SECRET_KEY = 'sk_test_51QvXyZstackKeyNotARealOne00000000000000'
const WEBHOOK_SECRET = 'whsec_stackSigningSecretNotARealOne000000'

const clubId = seedClubs.withoutAccount
const admin = seedAccounts.admin.email

let standIn: StripeStandIn
let standInClosed = false
let testApp: TestApp
/** The server's STRIPE_WEBHOOK_SECRET as its configuration read it. */
let serverWebhookSecret: string

beforeAll(async () => {
  standIn = await startStripeStandIn()
  // The server's own reading of its environment, and its provider made from it as server/main.ts does.
  const config = readConfig([], {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: standIn.host,
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  })
  if (config.payments.provider !== 'stripe') throw new Error('The STRIPE_ variables did not select Stripe.')
  serverWebhookSecret = config.payments.webhookSecret
  const payments = createStripeProvider({
    secretKey: config.payments.secretKey,
    webhookSecret: config.payments.webhookSecret,
    host: config.payments.api?.host,
    port: config.payments.api?.port,
    protocol: config.payments.api?.protocol,
  })
  testApp = await buildTestApp({ payments })
}, 120_000)

afterAll(async () => {
  await testApp.close()
  if (!standInClosed) await standIn.close()
})

// ------------------------------------------------------------------------------------------------------
// The portal's HTTP API as its clients call it

interface Answer<T> {
  readonly status: number
  readonly contentType: string | undefined
  readonly body: T
}

interface CallOptions {
  /** Signed in as this seed user (an ID token minted now: a fresh sign-in). */
  readonly as?: string
  readonly body?: unknown
  /** Sent exactly as given (a webhook delivery). */
  readonly rawBody?: string
  readonly headers?: Readonly<Record<string, string>>
}

const api = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, options: CallOptions = {}): Promise<Answer<T>> => {
  const headers: Record<string, string> = { origin: APP_ORIGIN, ...options.headers }
  if (options.as) headers.authorization = `Bearer ${await testApp.tokenFor(options.as)}`
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (payload !== undefined) headers['content-type'] = 'application/json'
  const answer = await testApp.app.inject({ method, url: `${API}${path}`, headers, ...(payload ? { payload } : {}) })
  const contentType = answer.headers['content-type']
  return {
    status: answer.statusCode,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    body: (answer.body ? JSON.parse(answer.body) : undefined) as T,
  }
}

const problemKind = (answer: Answer<unknown>): string | undefined =>
  (answer.body as Partial<Problem> | undefined)?.type?.split('/').pop()

/** The requests the stand-in received since `from` (an index into its log), to one path. */
const requestsTo = (method: string, path: string, from = 0): RecordedRequest[] =>
  standIn.requests.slice(from).filter((request) => request.method === method && request.path === path)

/** A Connect event as Stripe delivers it to the endpoint: about an object on the club's account. */
const connectEvent = (id: string, type: string, object: Record<string, unknown>, accountId: string) => ({
  id,
  object: 'event',
  account: accountId,
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
})

/** A delivery to the webhook, signed with the SDK's own test signer. */
const deliver = (event: object, secret = serverWebhookSecret) => {
  const payload = JSON.stringify(event, null, 2)
  return api<PaymentEventReceipt | Problem>('POST', '/payment/webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  })
}

const countRows = async (
  table: 'donation_checkouts' | 'payment_events' | 'donations' | 'audit_log',
): Promise<number> => {
  const row = await testApp.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

const raisedCents = async (campaignId: string) =>
  (await api<PublicCampaign>('GET', `/giving/campaigns/${campaignId}`)).body.raisedCents

// ------------------------------------------------------------------------------------------------------
// What the steps hand on to each other (they run in order, as a club and its donors go through them)

let accountId: string
let campaignId: string
let chair: string
let paid: { checkoutId: string; sessionId: string; paymentIntent: string; amountCents: number }

const donor = { amountCents: 2500, donorName: 'Erika Muster', email: 'erika@example.at', message: 'Viel Erfolg!' }

describe('the server with the Stripe adapter, at Stripe’s HTTP boundary', () => {
  it("creates a club's connected account and hands out Stripe's onboarding link back to the app", async () => {
    const from = standIn.requests.length
    const created = await api<OnboardingLink>('POST', `/payment/createaccount/${clubId}`, { as: admin })
    expect(created.status, JSON.stringify(created.body)).toBe(201)

    const [accountRequest, ...more] = requestsTo('POST', '/v1/accounts', from)
    expect(more).toHaveLength(0)
    expect(accountRequest).toMatchObject({
      stripeAccount: undefined,
      idempotencyKey: `club-${clubId}-account-after-none`,
      authorization: `Bearer ${SECRET_KEY}`,
      stripeVersion: Stripe.API_VERSION,
      contentType: 'application/x-www-form-urlencoded',
    })
    // The club is the merchant of record: Stripe's controller properties, never the legacy account type.
    expect(accountRequest!.form).toMatchObject({
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'account',
      'controller[losses][payments]': 'stripe',
      'controller[requirement_collection]': 'stripe',
      country: 'AT',
      business_type: 'non_profit',
      'business_profile[name]': 'Kulturverein Bregenzer Kulturbühne',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[clubId]': clubId,
    })
    expect(accountRequest!.form).not.toHaveProperty('type')

    accountId = created.body.account.accountId
    expect(accountId).toMatch(/^acct_/)
    expect(created.body.account).toMatchObject({ clubId, status: 'ONBOARDING', chargesEnabled: false })

    const [linkRequest, ...moreLinks] = requestsTo('POST', '/v1/account_links', from)
    expect(moreLinks).toHaveLength(0)
    expect(linkRequest!.stripeAccount).toBeUndefined()
    expect(linkRequest!.form).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${APP_ORIGIN}/payment?clubId=${clubId}`,
      return_url: `${APP_ORIGIN}/payment/return?clubId=${clubId}`,
    })
    // Stripe's hosted onboarding, not the simulated provider's page on this server.
    expect(created.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`))
    expect(created.body.url).not.toContain('__mock')
    expect(Date.parse(created.body.expiresAt)).toBeGreaterThan(Date.now())
  })

  it('reads the account from Stripe while the club is in the onboarding: requirements due, then ACTIVE', async () => {
    // Coming back with something still due (here: the bank account), charges already on.
    standIn.failNext('GET', `/v1/accounts/${accountId}`, {
      status: 200,
      body: stripeAccount({
        id: accountId,
        metadata: { clubId },
        charges_enabled: true,
        payouts_enabled: false,
        details_submitted: true,
        requirements: { ...stripeAccount().requirements, currently_due: ['external_account'], past_due: [] },
      }),
    })
    let from = standIn.requests.length
    const due = await api<PaymentAccountState>('GET', `/payment/account/${clubId}`, { as: admin })
    expect(due.status).toBe(200)
    expect(due.body.account).toMatchObject({
      accountId,
      status: 'ONBOARDING',
      chargesEnabled: true,
      payoutsEnabled: false,
      requirements: ['BANK_ACCOUNT'],
    })
    expect(requestsTo('GET', `/v1/accounts/${accountId}`, from)).toEqual([
      expect.objectContaining({ stripeAccount: undefined, rawBody: '' }),
    ])

    // Finished at Stripe: the account reads ACTIVE without any `account.updated` event.
    standIn.onboard(accountId)
    from = standIn.requests.length
    const events = await countRows('payment_events')
    const ready = await api<PaymentAccountState>('GET', `/payment/account/${clubId}`, { as: admin })
    expect(ready.body.account).toMatchObject({
      accountId,
      status: 'ACTIVE',
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
    })
    expect(requestsTo('GET', `/v1/accounts/${accountId}`, from)).toHaveLength(1)
    expect(await countRows('payment_events')).toBe(events)

    // ACTIVE: the portal's own record stands, Stripe is not asked again.
    from = standIn.requests.length
    expect(
      (await api<PaymentAccountState>('GET', `/payment/account/${clubId}`, { as: admin })).body.account?.status,
    ).toBe('ACTIVE')
    expect(standIn.requests.slice(from)).toHaveLength(0)
  })

  it("starts a donor's checkout on the club's account (a direct charge) and sends the donor to Stripe", async () => {
    // A running, enabled campaign of the club, as a member of the club creates it.
    const members = await api<ClubMember[]>('GET', `/club/${clubId}/getUsers`, { as: admin })
    const obmann = members.body.find((member) => member.clubRoleId === seedClubRoles.obmann && member.uid !== null)
    expect(obmann, 'the club has a chair').toBeDefined()
    expect(obmann!.manageMoney).toBe(true)
    chair = obmann!.email
    const today = viennaDay(Date.now())
    const inDays = (days: number) => viennaDay(Date.now() + days * 86_400_000)
    const campaign = await api<Campaign>('POST', '/campaigns', {
      as: chair,
      body: {
        clubId,
        name: 'Neue Bühnenbeleuchtung',
        description: 'Scheinwerfer für die Kulturbühne.',
        goalCents: 500_000,
        amountCents: 2500,
        minimumDonationCents: 500,
        currency: 'EUR',
        date: inDays(40),
        time: '19:30',
        from: today,
        to: inDays(30),
      },
    })
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
    campaignId = campaign.body.documentId
    const page = await api<PublicCampaign>('GET', `/giving/campaigns/${campaignId}`)
    expect(page.body).toMatchObject({ raisedCents: 0, acceptance: { accepting: true, reason: null } })

    const from = standIn.requests.length
    const checkout = await api<DonationCheckout>('POST', `/giving/campaigns/${campaignId}/checkouts`, { body: donor })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201)
    const [request, ...more] = requestsTo('POST', '/v1/checkout/sessions', from)
    expect(more).toHaveLength(0)
    const { checkoutId } = checkout.body
    expect(request).toMatchObject({ stripeAccount: accountId, idempotencyKey: `checkout-${checkoutId}` })
    expect(request!.form).toMatchObject({
      mode: 'payment',
      submit_type: 'donate',
      locale: 'de',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Neue Bühnenbeleuchtung',
      'line_items[0][quantity]': '1',
      customer_email: donor.email,
      client_reference_id: checkoutId,
      'metadata[campaignId]': campaignId,
      'metadata[clubId]': clubId,
      'payment_intent_data[statement_descriptor_suffix]': 'SPENDE',
      success_url: `${APP_ORIGIN}/spenden/${campaignId}/danke?checkout=${checkoutId}`,
      cancel_url: `${APP_ORIGIN}/spenden/${campaignId}`,
    })
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
    const sessionId = /\/(cs_test_\w+)/.exec(checkout.body.url)![1]!

    // The thank-you page asks Stripe, on the club's account; not paid yet, nothing is recorded.
    const state = await api<DonationCheckoutState>('GET', `/giving/checkouts/${checkoutId}`)
    expect(state.body).toMatchObject({ checkoutId, status: 'OPEN', amountCents: 2500 })
    expect(requestsTo('GET', `/v1/checkout/sessions/${sessionId}`, from)).toEqual([
      expect.objectContaining({ stripeAccount: accountId }),
    ])
    expect(await raisedCents(campaignId)).toBe(0)

    // The donor pays on Stripe's page.
    const paymentIntent = standIn.completeSession(sessionId)
    paid = { checkoutId, sessionId, paymentIntent, amountCents: donor.amountCents }
  })

  it('records the donation from a signed `checkout.session.completed`, once; a wrong signature records nothing', async () => {
    const session = checkoutSession({
      id: paid.sessionId,
      client_reference_id: paid.checkoutId,
      amount_subtotal: paid.amountCents,
      amount_total: paid.amountCents,
      payment_intent: paid.paymentIntent,
      metadata: { campaignId, clubId },
      customer_email: donor.email,
    })
    const completed = connectEvent('evt_1StackCheckoutCompleted01', 'checkout.session.completed', session, accountId)

    // Signed with another secret: refused, nothing of it recorded.
    const events = await countRows('payment_events')
    const forged = await deliver(completed, 'whsec_someoneElsesSecret000000000000000')
    expect(forged.status).toBe(400)
    expect(forged.contentType).toMatch(/^application\/problem\+json/)
    expect(problemKind(forged)).toBe('invalid-event')
    expect(await countRows('payment_events')).toBe(events)
    const none = await api<DonationPage>('GET', `/donations/campaign/${campaignId}`, { as: chair })
    expect(none.body.items).toHaveLength(0)

    const first = await deliver(completed)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toEqual({ received: true, duplicate: false })
    const list = await api<DonationPage>('GET', `/donations/campaign/${campaignId}`, { as: chair })
    expect(list.status).toBe(200)
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: paid.checkoutId,
        amountCents: 2500,
        refundedCents: 0,
        status: 'PAID',
        donorName: 'Erika Muster',
      }),
    ])
    expect(await raisedCents(campaignId)).toBe(2500)

    const again = await deliver(completed)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ received: true, duplicate: true })
    const still = await api<DonationPage>('GET', `/donations/campaign/${campaignId}`, { as: chair })
    expect(still.body.items).toHaveLength(1)
    expect(await raisedCents(campaignId)).toBe(2500)
  })

  it("refunds at the chair's request on the club's account, and lowers the total on Stripe's `charge.refunded`", async () => {
    const before = await raisedCents(campaignId)
    const from = standIn.requests.length
    const refunded = await api<Donation>('POST', `/donations/${paid.checkoutId}/refund`, {
      as: chair,
      body: { amountCents: 1000, reason: 'Doppelt gespendet' },
      headers: { 'idempotency-key': 'refund-request-1' },
    })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    const [request, ...more] = requestsTo('POST', '/v1/refunds', from)
    expect(more).toHaveLength(0)
    expect(request).toMatchObject({ stripeAccount: accountId, idempotencyKey: 'refund-refund-request-1' })
    expect(request!.form).toMatchObject({
      payment_intent: paid.paymentIntent,
      amount: '1000',
      'metadata[donationId]': paid.checkoutId,
      'metadata[clubId]': clubId,
    })
    // Asked for, not done: the totals change only on Stripe's word.
    expect(await raisedCents(campaignId)).toBe(before)

    const refundEvent = connectEvent(
      'evt_1StackChargeRefunded0001',
      'charge.refunded',
      charge({
        payment_intent: paid.paymentIntent,
        amount: paid.amountCents,
        amount_captured: paid.amountCents,
        amount_refunded: 1000,
        refunded: false,
        metadata: { campaignId, clubId },
      }),
      accountId,
    )
    const delivered = await deliver(refundEvent)
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200)
    expect(delivered.body).toEqual({ received: true, duplicate: false })
    expect(await raisedCents(campaignId)).toBe(before - 1000)
    const list = await api<DonationPage>('GET', `/donations/campaign/${campaignId}`, { as: chair })
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: paid.checkoutId, refundedCents: 1000, status: 'PARTIALLY_REFUNDED' }),
    ])
  })

  it('answers the chair 503 `unavailable` when Stripe answers a refund with 500 every time, and records nothing', async () => {
    // Stripe did not answer: nothing was refused, the refund may be asked again later (not 409 refund-not-possible).
    for (let attempt = 0; attempt < 3; attempt++)
      standIn.failNext(
        'POST',
        '/v1/refunds',
        stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
      )
    const from = standIn.requests.length
    const audit = await countRows('audit_log')
    const failed = await api<Problem>('POST', `/donations/${paid.checkoutId}/refund`, {
      as: chair,
      body: { amountCents: 500, reason: 'Noch einmal erstatten' },
      headers: { 'idempotency-key': 'refund-request-2' },
    })
    const attempts = requestsTo('POST', '/v1/refunds', from)
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey))).toEqual(new Set(['refund-refund-request-2']))
    expect(await countRows('audit_log')).toBe(audit)
    const list = await api<DonationPage>('GET', `/donations/campaign/${campaignId}`, { as: chair })
    expect(list.body.items).toEqual([expect.objectContaining({ id: paid.checkoutId, refundedCents: 1000 })])
    expect(failed.status, JSON.stringify(failed.body)).toBe(503)
    expect(problemKind(failed)).toBe('unavailable')
  })

  it('answers a donor 503 `unavailable` when Stripe answers 500 every time, and records nothing', async () => {
    // The first attempt and the SDK's two retries.
    for (let attempt = 0; attempt < 3; attempt++) {
      standIn.failNext(
        'POST',
        '/v1/checkout/sessions',
        stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
      )
    }
    const checkouts = await countRows('donation_checkouts')
    const donations = await countRows('donations')
    const from = standIn.requests.length
    const failed = await api<Problem>('POST', `/giving/campaigns/${campaignId}/checkouts`, { body: donor })
    expect(failed.status).toBe(503)
    expect(failed.contentType).toMatch(/^application\/problem\+json/)
    expect(problemKind(failed)).toBe('unavailable')
    expect(failed.body.detail).not.toContain(SECRET_KEY)
    const attempts = requestsTo('POST', '/v1/checkout/sessions', from)
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1)
    expect(await countRows('donation_checkouts')).toBe(checkouts)
    expect(await countRows('donations')).toBe(donations)
  })

  it('answers the thank-you page 503 `unavailable` when Stripe does not answer, and the checkout stays open', async () => {
    const open = await api<DonationCheckout>('POST', `/giving/campaigns/${campaignId}/checkouts`, { body: donor })
    expect(open.status).toBe(201)
    const sessionId = /\/(cs_test_\w+)/.exec(open.body.url)![1]!
    for (let attempt = 0; attempt < 3; attempt++)
      standIn.failNext(
        'GET',
        `/v1/checkout/sessions/${sessionId}`,
        stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
      )
    const failed = await api<Problem>('GET', `/giving/checkouts/${open.body.checkoutId}`)
    // Stripe answers again: the checkout is still open.
    const later = await api<DonationCheckoutState>('GET', `/giving/checkouts/${open.body.checkoutId}`)
    expect(later.body).toMatchObject({ checkoutId: open.body.checkoutId, status: 'OPEN' })
    expect(failed.status, JSON.stringify(failed.body)).toBe(503)
    expect(problemKind(failed)).toBe('unavailable')
  })

  it('answers a donor 503 `unavailable` when Stripe cannot be reached, and records nothing', async () => {
    await standIn.close()
    standInClosed = true
    const checkouts = await countRows('donation_checkouts')
    const failed = await api<Problem>('POST', `/giving/campaigns/${campaignId}/checkouts`, { body: donor })
    expect(failed.status).toBe(503)
    expect(problemKind(failed)).toBe('unavailable')
    expect(await countRows('donation_checkouts')).toBe(checkouts)
  })
})
