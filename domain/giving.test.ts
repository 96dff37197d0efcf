import { describe, expect, it } from 'vitest'
import {
  seedAccounts,
  seedCampaigns,
  seedClubRoles,
  seedClubs,
  seedPaymentAccounts,
} from '#adapters/demo-seed/seed-accounts.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader } from '#adapters/stripe-events/signature.ts'
import { SIMULATED_WEBHOOK_SECRET } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { backendUnderTest } from '#tests/backend/backend-under-test.ts'
import { call, kindOf } from '#tests/backend/client.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { ibanFromBban } from '#checks/iban.ts'

const campaign = seedCampaigns.runningEnabled
const account = seedPaymentAccounts.active.accountId
const treasurer = seedAccounts.verein.email
const admin = seedAccounts.admin.email

const donor = { amountCents: 2500, donorName: 'Erika Muster', email: 'erika@example.at', message: 'Viel Erfolg!' }

const startCheckout = async (body: Partial<typeof donor> = {}, campaignId: string = campaign) =>
  call('POST', `/giving/campaigns/${campaignId}/checkouts`, { body: { ...donor, ...body } })

const sessionOf = (url: string) => new URL(url).searchParams.get('session')!

const pay = (session: string, cardNumber: string) =>
  call('POST', '/__mock/provider/pay', { body: { session, cardNumber } })

const raised = async (campaignId: string = campaign) =>
  (await call('GET', `/giving/campaigns/${campaignId}`)).body.raisedCents

/** A signed delivery to the webhook, as the provider sends it. */
const deliver = (event: object, options: { secret?: string; at?: number } = {}) => {
  const payload = JSON.stringify(event)
  const at = options.at ?? Date.now()
  return call('POST', '/payment/webhook', {
    rawBody: payload,
    headers: {
      'Stripe-Signature': signatureHeader(payload, options.secret ?? SIMULATED_WEBHOOK_SECRET, Math.floor(at / 1000)),
    },
  })
}

/** A donor who pays 25 € with the success card: the checkout, its session and the donation's payment. */
const paidDonation = async () => {
  const checkout = await startCheckout()
  expect(checkout.status, JSON.stringify(checkout.error)).toBe(201)
  const session = sessionOf(checkout.body.url)
  expect((await pay(session, '4242 4242 4242 4242')).status).toBe(200)
  const state = await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)
  expect(state.body.status).toBe('PAID')
  const list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 5 } })
  const donation = list.body.items.find((item) => item.id === checkout.body.checkoutId)!
  return { checkoutId: checkout.body.checkoutId, session, donation }
}

const freshAuthorization = async (email: string) => {
  const session = await call('POST', '/__mock/identity/signIn', { body: { email, password: SEED_PASSWORD } })
  return `Bearer ${session.body.idToken}`
}

describe('the public donation page (go-live gate)', () => {
  it('shows a running campaign of an active club with a ready account as taking donations', async () => {
    const page = await call('GET', `/giving/campaigns/${campaign}`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      documentId: campaign,
      clubName: 'SV Grünbach 1923',
      currency: 'EUR',
      acceptance: { accepting: true, reason: null },
    })
    expect(page.body.raisedCents).toBeGreaterThan(0)
  })

  it('says why a campaign takes no donations, and no checkout starts', async () => {
    const cases = [
      [seedCampaigns.runningDisabled, 'CAMPAIGN_DISABLED'],
      [seedCampaigns.endedEnabled, 'ENDED'],
      [seedCampaigns.upcomingEnabled, 'NOT_STARTED'],
    ] as const
    for (const [campaignId, reason] of cases) {
      expect((await call('GET', `/giving/campaigns/${campaignId}`)).body.acceptance).toEqual({
        accepting: false,
        reason,
      })
      const refused = await startCheckout({}, campaignId)
      expect(refused.status).toBe(409)
      expect(kindOf(refused)).toBe('campaign-closed')
    }
  })

  it('holds donations while new bank details await confirmation, and for a deactivated club', async () => {
    const profile = clubUpdateOf((await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })).body.club)
    const changed = await call('PUT', '/club', {
      authorization: await freshAuthorization(treasurer),
      body: {
        ...profile,
        bankInfo: { ...profile.bankInfo, iban: ibanFromBban('AT', '2011100000012345'), bic: 'GIBAATWWXXX' },
      },
    })
    expect(changed.status, JSON.stringify(changed.error)).toBe(200)
    expect((await call('GET', `/giving/campaigns/${campaign}`)).body.acceptance.reason).toBe('PAYOUTS_HELD')
    expect((await startCheckout()).status).toBe(409)

    await call('PUT', `/club/inactive/${seedClubs.volume}`, { as: admin, body: { reason: 'Vorstand aufgelöst' } })
    expect((await call('GET', `/giving/campaigns/${campaign}`)).body.acceptance.reason).toBe('CLUB_NOT_ACTIVE')
  })

  it('refuses an amount below the campaign minimum, and campaigns of unknown or unreleased clubs', async () => {
    const below = await startCheckout({ amountCents: 1 })
    expect(below.status).toBe(400)
    expect(below.error).toMatchObject({ errors: [{ field: 'amountCents' }] })
    expect((await call('GET', '/giving/campaigns/cmp-unbekannt')).status).toBe(404)
  })
})

describe('a donation paid at the provider', () => {
  it('is recorded once the provider says it was paid, with the donor, message and campaign', async () => {
    const before = await raised()
    const checkout = await startCheckout()
    expect(checkout.status).toBe(201)
    expect(checkout.body.url).toContain('/__mock/provider/checkout?session=cs_')
    // Not paid yet: nothing recorded, the thank-you page says so.
    expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('OPEN')
    expect(await raised()).toBe(before)
    // What the provider's page shows (the in-browser page asks for it).
    const session = sessionOf(checkout.body.url)
    const shown = async () => (await call('GET', '/__mock/provider/session', { query: { session } })).body
    expect(await shown()).toEqual({
      session,
      status: 'open',
      clubName: 'SV Grünbach 1923',
      campaignName: expect.any(String) as unknown,
      amountCents: 2500,
      cancelUrl: `http://localhost:3000/spenden/${campaign}`,
    })
    expect((await call('GET', '/__mock/provider/session', { query: { session: 'cs_none' } })).status).toBe(404)

    const paid = await pay(session, '4242424242424242')
    expect(paid.body).toEqual({
      outcome: 'paid',
      redirectTo: `http://localhost:3000/spenden/${campaign}/danke?checkout=${checkout.body.checkoutId}`,
    })
    expect(await raised()).toBe(before + 2500)
    expect((await shown()).status).toBe('complete')
    const list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 3 } })
    expect(list.body.items[0]).toMatchObject({
      id: checkout.body.checkoutId,
      amountCents: 2500,
      refundedCents: 0,
      status: 'PAID',
      donorName: 'Erika Muster',
      message: 'Viel Erfolg!',
      campaignId: campaign,
    })
    const mails = (await call('GET', '/__mock/mailbox')).body
    expect(mails.find((mail) => mail.to === 'erika@example.at')).toMatchObject({
      kind: 'DONATION_RECEIVED',
      subject: 'Danke für Ihre Spende an SV Grünbach 1923',
    })
  })

  it('records nothing for a declined card', async () => {
    const before = await raised()
    const checkout = await startCheckout()
    const declined = await pay(sessionOf(checkout.body.url), '4000 0000 0000 0002')
    expect(declined.status).toBe(402)
    expect(declined.error).toEqual({ outcome: 'declined' })
    expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('OPEN')
    expect(await raised()).toBe(before)
  })

  it('gives an anonymous donation no name', async () => {
    const checkout = await startCheckout({ donorName: null as never, message: null as never })
    await pay(sessionOf(checkout.body.url), '4242424242424242')
    const list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })
    expect(list.body.items[0]).toMatchObject({ id: checkout.body.checkoutId, donorName: null, message: null })
  })
})

describe('the webhook', () => {
  const completed = (session: string, checkoutId: string, id = `evt_${Math.random().toString(36).slice(2)}`) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: session,
        object: 'checkout.session',
        client_reference_id: checkoutId,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${checkoutId}`,
        amount_total: 2500,
        currency: 'eur',
        metadata: {},
      },
      { id, created: Date.now(), account },
    )

  it('applies the same event once, also when it arrives five times at once', async () => {
    const before = await raised()
    const checkout = await startCheckout()
    const event = completed(sessionOf(checkout.body.url), checkout.body.checkoutId)
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1)
    expect(await raised()).toBe(before + 2500)
    // A replay later changes nothing either.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true })
    expect(await raised()).toBe(before + 2500)
  })

  it('refuses a bad signature, a stale timestamp and an unknown account, and records none of them', async () => {
    const checkout = await startCheckout()
    const event = completed(sessionOf(checkout.body.url), checkout.body.checkoutId)
    const forged = await deliver(event, { secret: 'whsec_someone_else' })
    expect(forged.status).toBe(400)
    expect(kindOf(forged)).toBe('invalid-event')
    const stale = await deliver(event, { at: Date.now() - 10 * 60_000 })
    expect(stale.status).toBe(400)
    const unsigned = await call('POST', '/payment/webhook', { rawBody: JSON.stringify(event) })
    expect(unsigned.status).toBe(400)
    const foreign = await deliver({ ...event, id: 'evt_foreign', account: 'acct_unbekannt' })
    expect(foreign.status).toBe(400)
    // None was recorded: the genuine delivery is applied now.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false })
    expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('PAID')
  })

  it('ends in the right state when a refund arrives before the payment it refunds', async () => {
    const checkout = await startCheckout()
    const session = sessionOf(checkout.body.url)
    const refunded = stripeEvent(
      'charge.refunded',
      {
        id: 'ch_1',
        object: 'charge',
        amount: 2500,
        amount_refunded: 1000,
        payment_intent: `pi_${checkout.body.checkoutId}`,
      },
      { id: `evt_refund_${checkout.body.checkoutId}`, created: Date.now(), account },
    )
    const early = await deliver(refunded)
    expect(early.status).toBe(409)
    expect(kindOf(early)).toBe('event-out-of-order')
    expect((await deliver(completed(session, checkout.body.checkoutId))).status).toBe(200)
    // The provider delivers the refused event again: now it applies.
    expect((await deliver(refunded)).body.duplicate).toBe(false)
    const list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })
    expect(list.body.items[0]).toMatchObject({ refundedCents: 1000, status: 'PARTIALLY_REFUNDED' })
  })

  it('marks a dispute while it is open, counts a lost one as nothing, and ignores older news', async () => {
    const checkout = await startCheckout()
    const checkoutId = checkout.body.checkoutId
    await deliver(completed(sessionOf(checkout.body.url), checkoutId))
    const before = await raised()
    const dispute = (type: 'charge.dispute.created' | 'charge.dispute.closed', status: string, created: number) =>
      stripeEvent(
        type,
        { id: `dp_${checkoutId}`, object: 'dispute', payment_intent: `pi_${checkoutId}`, status },
        { id: `evt_${type}_${status}_${created}`, created, account },
      )
    const statusOf = async () =>
      (await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })).body.items[0]
    const now = Date.now()
    expect((await deliver(dispute('charge.dispute.created', 'needs_response', now))).status).toBe(200)
    expect(await statusOf()).toMatchObject({ id: checkoutId, status: 'DISPUTED' })
    expect(await raised()).toBe(before)
    expect((await deliver(dispute('charge.dispute.closed', 'lost', now + 1000))).status).toBe(200)
    expect(await raised()).toBe(before - 2500)
    // An opening delivered late (older than the closing) changes nothing.
    expect((await deliver(dispute('charge.dispute.created', 'warning_needs_response', now - 1000))).status).toBe(200)
    expect(await statusOf()).toMatchObject({ status: 'DISPUTED' })
    expect(await raised()).toBe(before - 2500)
  })

  it('makes the account follow the provider: ready → ACTIVE, requirements due → back to onboarding', async () => {
    const hallein = seedPaymentAccounts.onboarding.accountId
    const update = (charges: boolean, due: string[], created: number) =>
      stripeEvent(
        'account.updated',
        {
          id: hallein,
          object: 'account',
          charges_enabled: charges,
          payouts_enabled: charges,
          details_submitted: true,
          requirements: { currently_due: due, past_due: [] },
        },
        { id: `evt_acct_${created}`, created, account: hallein },
      )
    const accountOf = async () =>
      (await call('GET', `/payment/account/${seedClubs.secondActive}`, { as: admin })).body.account
    const now = Date.now()
    expect((await deliver(update(true, [], now))).status).toBe(200)
    expect(await accountOf()).toMatchObject({ status: 'ACTIVE', chargesEnabled: true, requirements: [] })
    expect((await deliver(update(false, ['external_account'], now + 1000))).status).toBe(200)
    expect(await accountOf()).toMatchObject({
      status: 'ONBOARDING',
      chargesEnabled: false,
      requirements: ['BANK_ACCOUNT'],
    })
    // Older news arriving late changes nothing.
    expect((await deliver(update(true, [], now - 1000))).status).toBe(200)
    expect(await accountOf()).toMatchObject({ status: 'ONBOARDING' })
  })
})

describe('refunds', () => {
  it('lower the totals once the provider confirms them, need a fresh sign-in and are in the audit log', async () => {
    const { donation } = await paidDonation()
    const before = await raised()
    const stale = await call('POST', `/donations/${donation.id}/refund`, {
      authorization: `Bearer ${await backendUnderTest().idTokenFor(treasurer)}`,
      body: { amountCents: 1000, reason: 'Doppelt gespendet' },
    })
    // The seed's tokens are minted now: fresh enough. A refund of more than is left is refused.
    expect(stale.status).toBe(200)
    await backendUnderTest().paymentsDelivered()
    expect(await raised()).toBe(before - 1000)
    let list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })
    expect(list.body.items[0]).toMatchObject({ id: donation.id, refundedCents: 1000, status: 'PARTIALLY_REFUNDED' })

    const tooMuch = await call('POST', `/donations/${donation.id}/refund`, {
      as: treasurer,
      body: { amountCents: 2000, reason: 'Alles zurück' },
    })
    expect(tooMuch.status).toBe(400)

    const rest = await call('POST', `/donations/${donation.id}/refund`, {
      as: treasurer,
      body: { reason: 'Alles zurück' },
    })
    expect(rest.status).toBe(200)
    await backendUnderTest().paymentsDelivered()
    expect(await raised()).toBe(before - 2500)
    list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })
    expect(list.body.items[0]).toMatchObject({ refundedCents: 2500, status: 'REFUNDED' })
    const again = await call('POST', `/donations/${donation.id}/refund`, { as: treasurer, body: { reason: 'Nochmal' } })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('refund-not-possible')

    const log = await call('GET', `/club/${seedClubs.volume}/audit`, { as: admin, query: { size: 2 } })
    expect(log.body.items[0]).toMatchObject({ action: 'DONATION_REFUNDED' })
  })

  it('are refused for a donation that was not paid by card, and for another club', async () => {
    const seeded = await call('GET', `/donations/campaign/${campaign}`, {
      as: treasurer,
      query: { size: 1, sort: 'donatedAt,asc' },
    })
    const old = seeded.body.items[0]!
    const refused = await call('POST', `/donations/${old.id}/refund`, { as: treasurer, body: { reason: 'Test' } })
    expect(refused.status).toBe(409)
    expect(kindOf(refused)).toBe('refund-not-possible')
    const foreign = await call('POST', `/donations/${old.id}/refund`, {
      as: seedAccounts.neu.email,
      body: { reason: 'Test' },
    })
    expect(foreign.status).toBe(403)
  })

  it('need the right to manage the club’s money: its deputy chair is refused (403 club-right-missing)', async () => {
    const { donation } = await paidDonation()
    const members = (await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: admin })).body
    const deputy = members.find((member: { clubRoleId: string }) => member.clubRoleId === seedClubRoles.stellvertretung)
    const refused = await call('POST', `/donations/${donation.id}/refund`, {
      as: deputy!.email,
      body: { reason: 'Versehen' },
    })
    expect(refused.status).toBe(403)
    expect(kindOf(refused)).toBe('club-right-missing')
    await backendUnderTest().paymentsDelivered()
    const list = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 1 } })
    expect(list.body.items[0]).toMatchObject({ id: donation.id, refundedCents: 0, status: 'PAID' })
  })
})
