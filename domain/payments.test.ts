import { describe, expect, it, vi } from 'vitest'
import { expiredOnboardingLinkId } from '#adapters/demo-seed/seed.ts'
import { seedAccounts, seedClubs, seedPaymentAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { ORIGIN, call, kindOf } from '#tests/backend/client.ts'
import { stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader } from '#adapters/stripe-events/signature.ts'
import { SIMULATED_WEBHOOK_SECRET } from '#adapters/simulated-card-provider/simulated-provider.ts'

const admin = seedAccounts.admin.email
const linkOf = (url: string) => new URL(url).searchParams.get('link')!
const submit = (link: string, outcome: 'COMPLETE' | 'PARTIAL' | 'CANCEL') =>
  call('POST', '/__mock/provider/submit', { body: { link, outcome } })
const accountOf = async (clubId: string) =>
  (await call('GET', `/payment/account/${clubId}`, { as: admin })).body.account

describe('card-provider accounts', () => {
  it('are created for active clubs with a single-use onboarding link back to /payment/return', async () => {
    const created = await call('POST', `/payment/createaccount/${seedClubs.withoutAccount}`, { as: admin })
    expect(created.status).toBe(201)
    expect(created.body.account).toMatchObject({
      clubId: seedClubs.withoutAccount,
      status: 'ONBOARDING',
      chargesEnabled: false,
      requirements: expect.arrayContaining(['BANK_ACCOUNT']) as unknown[],
    })
    expect(created.body.url).toMatch(new RegExp(`^${ORIGIN}/__mock/provider/onboarding\\?link=`))
    expect(Date.parse(created.body.expiresAt)).toBeGreaterThan(Date.now())

    const link = linkOf(created.body.url)
    expect((await call('GET', '/__mock/provider/link', { query: { link } })).body).toMatchObject({
      status: 'OPEN',
      clubName: 'Kulturverein Bregenzer Kulturbühne',
    })
    const done = await submit(link, 'COMPLETE')
    expect(done.body.redirectTo).toBe(`${ORIGIN}/payment/return?clubId=${seedClubs.withoutAccount}`)
    expect(await accountOf(seedClubs.withoutAccount)).toMatchObject({
      status: 'ACTIVE',
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
    })
    // The account changed by the provider's `account.updated`, so older news of the provider arriving
    // now (the account as it was before the onboarding) changes nothing.
    const accountId = created.body.account.accountId
    const older = JSON.stringify(
      stripeEvent(
        'account.updated',
        {
          id: accountId,
          object: 'account',
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: { currently_due: ['external_account'], past_due: [] },
        },
        { id: 'evt_before_onboarding', created: Date.now() - 60_000, account: accountId },
      ),
    )
    const delivered = await call('POST', '/payment/webhook', {
      rawBody: older,
      headers: { 'Stripe-Signature': signatureHeader(older, SIMULATED_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) },
    })
    expect(delivered.body).toEqual({ received: true, duplicate: false })
    expect((await accountOf(seedClubs.withoutAccount))?.status).toBe('ACTIVE')
    // Used up: a second visit goes to /payment for a fresh link.
    expect((await submit(link, 'COMPLETE')).body.redirectTo).toBe(
      `${ORIGIN}/payment?clubId=${seedClubs.withoutAccount}`,
    )
  })

  it('allow one live account per club (409 payment-account-exists) and only for active clubs (409 club-not-active)', async () => {
    const exists = await call('POST', `/payment/createaccount/${seedClubs.volume}`, { as: admin })
    expect(kindOf(exists)).toBe('payment-account-exists')
    const inactive = await call('POST', `/payment/createaccount/${seedClubs.releasable}`, { as: admin })
    expect(inactive.status).toBe(409)
    expect(kindOf(inactive)).toBe('club-not-active')
    expect((await call('POST', '/payment/createaccount/club-none', { as: admin })).status).toBe(404)
  })

  it('stay in onboarding after a partial submission or a cancel; a fresh link continues', async () => {
    const { accountId } = seedPaymentAccounts.onboarding
    const clubId = seedPaymentAccounts.onboarding.clubId
    const fresh = await call('POST', `/payment/onboardinglink/${clubId}`, { as: seedAccounts.verein.email })
    expect(fresh.status).toBe(201)
    expect(fresh.body.account.accountId).toBe(accountId)
    expect((await submit(linkOf(fresh.body.url), 'CANCEL')).body.redirectTo).toBe(
      `${ORIGIN}/payment/return?clubId=${clubId}`,
    )
    expect((await accountOf(clubId))?.status).toBe('ONBOARDING')

    const second = await call('POST', `/payment/onboardinglink/${clubId}`, { as: seedAccounts.verein.email })
    await submit(linkOf(second.body.url), 'PARTIAL')
    expect(await accountOf(clubId)).toMatchObject({
      status: 'ONBOARDING',
      requirements: ['REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT'],
    })
    // A newer link replaces older ones.
    const third = await call('POST', `/payment/onboardinglink/${clubId}`, { as: seedAccounts.verein.email })
    const fourth = await call('POST', `/payment/onboardinglink/${clubId}`, { as: seedAccounts.verein.email })
    expect((await call('GET', '/__mock/provider/link', { query: { link: linkOf(third.body.url) } })).status).toBe(404)
    await submit(linkOf(fourth.body.url), 'COMPLETE')
    expect((await accountOf(clubId))?.status).toBe('ACTIVE')
    expect(kindOf(await call('POST', `/payment/onboardinglink/${clubId}`, { as: seedAccounts.verein.email }))).toBe(
      'payment-account-state',
    )
  })

  it('send an expired link to /payment, where a new one is handed out', async () => {
    const clubId = seedPaymentAccounts.onboarding.clubId
    expect((await call('GET', '/__mock/provider/link', { query: { link: expiredOnboardingLinkId } })).body.status).toBe(
      'EXPIRED',
    )
    expect((await submit(expiredOnboardingLinkId, 'COMPLETE')).body.redirectTo).toBe(`/payment?clubId=${clubId}`)
    expect((await accountOf(clubId))?.status).toBe('ONBOARDING')

    const link = await call('POST', `/payment/onboardinglink/${clubId}`, { as: admin })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000)
      expect((await submit(linkOf(link.body.url), 'COMPLETE')).body.redirectTo).toContain('/payment?clubId=')
    } finally {
      vi.useRealTimers()
    }
  })

  it('need a reject reason that is long enough once trimmed', async () => {
    const { accountId, clubId } = seedPaymentAccounts.active
    for (const reason of ['     ', '  x  ']) {
      const result = await call('DELETE', `/payment/rejectaccount/${accountId}/${clubId}`, {
        as: admin,
        body: { reason },
      })
      expect(result.status).toBe(400)
      expect(kindOf(result)).toBe('validation')
      expect(result.error?.errors).toEqual([expect.objectContaining({ field: 'reason', code: 'too_small' })])
    }
    expect((await accountOf(clubId))?.status).toBe('ACTIVE')
    const padded = await call('DELETE', `/payment/rejectaccount/${accountId}/${clubId}`, {
      as: admin,
      body: { reason: '  Betrug.  ' },
    })
    expect(padded.body).toMatchObject({ status: 'REJECTED', rejectReason: 'Betrug.' })
  })

  it('are rejected with a reason (shown to the club), once', async () => {
    const { accountId, clubId } = seedPaymentAccounts.active
    const rejected = await call('DELETE', `/payment/rejectaccount/${accountId}/${clubId}`, {
      as: admin,
      body: { reason: 'Verdacht auf Missbrauch.' },
    })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({
      status: 'REJECTED',
      chargesEnabled: false,
      payoutsEnabled: false,
      rejectReason: 'Verdacht auf Missbrauch.',
    })
    expect(
      (await call('GET', `/payment/account/${clubId}`, { as: seedAccounts.verein.email })).body.account?.rejectReason,
    ).toBe('Verdacht auf Missbrauch.')
    expect(
      kindOf(
        await call('DELETE', `/payment/rejectaccount/${accountId}/${clubId}`, {
          as: admin,
          body: { reason: 'Nochmal.' },
        }),
      ),
    ).toBe('payment-account-state')
    expect(
      (await call('DELETE', `/payment/rejectaccount/${accountId}/${clubId}`, { as: admin, body: { reason: 'x' } }))
        .status,
    ).toBe(400)
    // The account and the club in the path must belong together.
    expect(
      (
        await call('DELETE', `/payment/rejectaccount/${accountId}/${seedClubs.secondActive}`, {
          as: admin,
          body: { reason: 'Falscher Verein.' },
        })
      ).status,
    ).toBe(404)
    // A rejected account does not block a new one, which replaces it.
    const created = await call('POST', `/payment/createaccount/${clubId}`, { as: admin })
    expect(created.status).toBe(201)
    expect((await accountOf(clubId))?.accountId).toBe(created.body.account.accountId)
  })

  it('are deleted, after which the club has none and may get a new one', async () => {
    const { accountId, clubId } = seedPaymentAccounts.rejected
    expect((await call('DELETE', `/payment/deleteaccount/${accountId}/${clubId}`, { as: admin })).status).toBe(204)
    expect(await accountOf(clubId)).toBeNull()
    expect((await call('DELETE', `/payment/deleteaccount/${accountId}/${clubId}`, { as: admin })).status).toBe(404)
    expect((await call('POST', `/payment/createaccount/${clubId}`, { as: admin })).status).toBe(201)
  })

  it('of the seed are in every state, and clubs without one read null', async () => {
    expect((await accountOf(seedPaymentAccounts.active.clubId))?.status).toBe('ACTIVE')
    expect((await accountOf(seedPaymentAccounts.onboarding.clubId))?.status).toBe('ONBOARDING')
    expect((await accountOf(seedPaymentAccounts.rejected.clubId))?.status).toBe('REJECTED')
    expect(await accountOf(seedClubs.withoutAccount)).toBeNull()
  })
})
