import { afterEach, describe, expect, it, vi } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs, seedPaymentAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { ibanFromBban, maskIban } from '#checks/iban.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call, kindOf } from '#tests/backend/client.ts'

/**
 * Bank details of a club that takes money (ACTIVE, or with a live card-provider account): IBAN and BIC
 * held to each other, the bank's name from the IBAN, every change recorded, and new payout details kept
 * from the card provider until an administrator confirms them.
 */
const admin = seedAccounts.admin.email
const member = seedAccounts.verein.email
/** Erste Bank (bank code 20111, BIC GIBAATWW), a bank the portal knows. */
const ERSTE_IBAN = ibanFromBban('AT', '2011100000012345')
const ERSTE = 'Erste Bank der oesterreichischen Sparkassen AG'

const clubOf = async (clubId: string, as = admin) =>
  (await call('GET', `/club/cluboverview/${clubId}`, { as })).body.club

/** The club's profile as the edit form sends it, with other bank details. */
const withBank = async (clubId: string, bankInfo: Record<string, string>) => {
  const profile = clubUpdateOf(await clubOf(clubId))
  return { ...profile, bankInfo: { ...profile.bankInfo, ...bankInfo } }
}

const saveBank = async (clubId: string, bankInfo: Record<string, string>, as: string = member) =>
  call('PUT', '/club', { as, body: await withBank(clubId, bankInfo) })

const clubLog = async (clubId: string) =>
  (await call('GET', `/club/${clubId}/audit`, { as: admin, query: { size: 100 } })).body

afterEach(() => {
  vi.useRealTimers()
})

describe('a new IBAN of an active club', () => {
  it('puts the payout into review: the club, the release list and the payment account say so', async () => {
    const before = await clubOf(seedClubs.volume)
    expect(before.bankReview).toBeNull()
    const saved = await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' })
    expect(saved.status).toBe(200)
    expect(saved.body.bankReview).toEqual({
      status: 'PENDING',
      previousIbanMasked: maskIban(before.bankInfo.iban),
      newIbanMasked: 'AT40 **** **** **** 2345',
      changedAt: expect.any(String) as string,
      changedByName: `${seedAccounts.verein.firstName} ${seedAccounts.verein.lastName}`,
    })
    // The bank's name follows the IBAN's bank code.
    expect(saved.body.bankInfo.bankName).toBe(ERSTE)

    const account = (await call('GET', `/payment/account/${seedClubs.volume}`, { as: member })).body.account
    expect(account).toMatchObject({ status: 'ACTIVE', payoutsEnabled: true, payoutsBlocked: true })
    const overview = (await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: member })).body
    expect(overview.paymentAccount?.payoutsBlocked).toBe(true)
    expect(overview.club.bankReview?.status).toBe('PENDING')
    const listed = (await call('GET', '/club', { as: admin, query: { clubStatus: 'ACTIVE', size: 100 } })).body.items
    const row = listed.find((item) => item.id === seedClubs.volume)!
    expect(row.bankReview).toEqual(saved.body.bankReview)
    expect(row.paymentAccount?.payoutsBlocked).toBe(true)
    // Other clubs' accounts pay out as before.
    expect(listed.find((item) => item.id === seedPaymentAccounts.onboarding.clubId)!.bankReview).toBeNull()
  })

  it('is recorded with who, when and the IBANs before and after, masked, never whole', async () => {
    const before = await clubOf(seedClubs.volume)
    await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX', accountHolder: 'SV Grünbach – Kassa' })
    const log = await clubLog(seedClubs.volume)
    expect(log.items[0]).toMatchObject({
      action: 'BANK_DETAILS_CHANGED',
      actor: { uid: seedAccounts.verein.uid, email: member },
      club: { id: seedClubs.volume, name: 'SV Grünbach 1923' },
      user: null,
    })
    expect(Date.now() - Date.parse(log.items[0]!.at)).toBeLessThan(60_000)
    expect(log.items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'bankInfo.iban', before: maskIban(before.bankInfo.iban), after: maskIban(ERSTE_IBAN) },
        { field: 'bankInfo.accountHolder', before: before.bankInfo.accountHolder, after: 'SV Grünbach – Kassa' },
        { field: 'bankReview', before: null, after: 'PENDING' },
      ]),
    )
    const text = JSON.stringify(log)
    expect(text).not.toContain(ERSTE_IBAN)
    expect(text).not.toContain(before.bankInfo.iban)
  })

  it('keeps the IBAN confirmed last as the previous one when it changes again before the confirmation', async () => {
    const before = await clubOf(seedClubs.volume)
    await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' })
    const other = ibanFromBban('AT', '2011100000099999')
    const again = await saveBank(seedClubs.volume, { iban: other, bic: 'GIBAATWWXXX' })
    expect(again.body.bankReview).toMatchObject({
      previousIbanMasked: maskIban(before.bankInfo.iban),
      newIbanMasked: maskIban(other),
    })
  })

  it('starts for a new account holder too, but not for a new BIC or other profile changes alone', async () => {
    const described = await call('PUT', '/club', {
      as: member,
      body: { ...(await withBank(seedClubs.volume, {})), shortDescription: 'Neu beschrieben.' },
    })
    expect(described.body.bankReview).toBeNull()
    const before = (await clubLog(seedClubs.volume)).totalItems
    const holder = await saveBank(seedClubs.volume, { accountHolder: 'Sportverein Grünbach 1923' })
    expect(holder.body.bankReview?.status).toBe('PENDING')
    expect((await clubLog(seedClubs.volume)).totalItems).toBe(before + 1)
  })

  it('is ended by an administrator: payouts resume, and the confirmation is recorded', async () => {
    const previous = maskIban((await clubOf(seedClubs.volume)).bankInfo.iban)
    await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' })
    expect((await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { as: member })).status).toBe(403)
    expect(
      (await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { as: seedAccounts.staff.email })).status,
    ).toBe(403)

    const confirmed = await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { as: admin })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.bankReview).toBeNull()
    expect(confirmed.body.bankInfo.iban).toBe(ERSTE_IBAN)
    expect(
      (await call('GET', `/payment/account/${seedClubs.volume}`, { as: member })).body.account?.payoutsBlocked,
    ).toBe(false)
    const [newest] = (await clubLog(seedClubs.volume)).items
    expect(newest).toMatchObject({
      action: 'BANK_REVIEW_CONFIRMED',
      actor: { uid: seedAccounts.admin.uid },
      changes: [
        { field: 'bankReview', before: 'PENDING', after: null },
        { field: 'bankInfo.iban', before: previous, after: maskIban(ERSTE_IBAN) },
      ],
    })

    const again = await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { as: admin })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('invalid-transition')
    expect((await call('PUT', '/club/club-unbekannt/bankReview/confirm', { as: admin })).status).toBe(404)
  })

  it('needs a fresh sign-in to be confirmed', async () => {
    await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' })
    const session = await call('POST', '/__mock/identity/signIn', { body: { email: admin, password: SEED_PASSWORD } })
    const authorization = `Bearer ${session.body.idToken}`
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 6 * 60_000)
    const stale = await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { authorization })
    expect(stale.status).toBe(401)
    expect(kindOf(stale)).toBe('reauthentication-required')
    expect((await clubOf(seedClubs.volume)).bankReview).not.toBeNull()
  })
})

describe('bank details of a club that takes no money yet', () => {
  it('change without a review (a PROCESSING club without account) but are recorded', async () => {
    const saved = await saveBank(
      seedClubs.releasable,
      { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' },
      seedAccounts.freigabe.email,
    )
    expect(saved.status).toBe(200)
    expect(saved.body.bankReview).toBeNull()
    expect((await clubLog(seedClubs.releasable)).items[0]).toMatchObject({
      action: 'BANK_DETAILS_CHANGED',
      actor: { email: seedAccounts.freigabe.email },
    })
  })

  it('of an active club without an account still go into review (it takes donations)', async () => {
    const saved = await saveBank(seedClubs.withoutAccount, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' }, admin)
    expect(saved.body.bankReview?.status).toBe('PENDING')
  })
})

describe('IBAN and BIC', () => {
  it('must be of one country: else 400 on bankInfo.bic, and nothing is saved or recorded', async () => {
    const before = await clubOf(seedClubs.volume)
    const logged = (await clubLog(seedClubs.volume)).totalItems
    const refused = await saveBank(seedClubs.volume, { bic: 'COBADEFFXXX' })
    expect(refused.status).toBe(400)
    expect(kindOf(refused)).toBe('validation')
    expect(refused.error?.errors).toEqual([expect.objectContaining({ field: 'bankInfo.bic', code: 'bic_mismatch' })])
    expect((await clubOf(seedClubs.volume)).bankInfo).toEqual(before.bankInfo)
    expect((await clubLog(seedClubs.volume)).totalItems).toBe(logged)
  })

  it('must be of one bank where the portal knows the Austrian bank code', async () => {
    const refused = await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'BKAUATWWXXX' })
    expect(refused.status).toBe(400)
    expect(refused.error?.errors).toEqual([expect.objectContaining({ field: 'bankInfo.bic', code: 'bic_mismatch' })])
    expect(refused.error?.errors?.[0]?.message).toContain('GIBAATWW')
    // An Austrian bank code the portal does not know: only the country counts.
    const unknownBank = await saveBank(seedClubs.volume, { iban: 'AT611904300234573201', bic: 'BKAUATWWXXX' })
    expect(unknownBank.status).toBe(200)
  })

  it('name the bank by the IBAN, never by what was typed or by the BIC', async () => {
    const saved = await saveBank(seedClubs.volume, { iban: ERSTE_IBAN, bic: 'GIBAATWW', bankName: 'Irgendeine Bank' })
    expect(saved.body.bankInfo.bankName).toBe(ERSTE)
    const unknownBank = await saveBank(seedClubs.volume, { iban: 'AT611904300234573201', bankName: 'Meine Bank' })
    expect(unknownBank.body.bankInfo.bankName).toBe('Meine Bank')
  })
})
