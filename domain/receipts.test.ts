import { describe, expect, it } from 'vitest'
import { seedAccounts, seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { backendUnderTest } from '#tests/backend/backend-under-test.ts'
import { call, kindOf } from '#tests/backend/client.ts'
import { addYears, exemptionHolds, receiptNumber } from './receipts.ts'
import { viennaDay } from './time.ts'

const club = seedClubs.volume
const campaign = seedCampaigns.runningEnabled
const treasurer = seedAccounts.verein.email
const admin = seedAccounts.admin.email
const today = viennaDay(Date.now())
const lastYear = Number(today.slice(0, 4)) - 1

const donorAddress = {
  name: 'Erika Muster',
  street: 'Herrengasse 7',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
}

/** A card donation paid at the simulated provider; its id. */
const give = async (amountCents: number, receipt: typeof donorAddress | null = null): Promise<string> => {
  const checkout = await call('POST', `/giving/campaigns/${campaign}/checkouts`, {
    body: { amountCents, donorName: 'Erika Muster', email: 'erika@example.at', message: null, receipt },
  })
  expect(checkout.status, JSON.stringify(checkout.error)).toBe(201)
  const session = new URL(checkout.body.url).searchParams.get('session')!
  await call('POST', '/__mock/provider/pay', { body: { session, cardNumber: '4242 4242 4242 4242' } })
  expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('PAID')
  return checkout.body.checkoutId
}

const issue = (donationId: string, replacesId: string | null = null) =>
  call('POST', `/donations/${donationId}/receipt`, { as: treasurer, body: { donor: donorAddress, replacesId } })

const fileOf = async (receiptId: string, duplicate = false) => {
  const answer = await call('GET', `/club/${club}/receipts/${receiptId}/file`, {
    as: treasurer,
    query: { copy: duplicate ? 'duplicate' : 'original' },
  })
  expect(answer.status, JSON.stringify(answer.error)).toBe(200)
  return answer.body
}

const sha256Hex = async (base64: string) => {
  const digest = await crypto.subtle.digest('SHA-256', Buffer.from(base64, 'base64'))
  return Buffer.from(digest).toString('hex')
}

describe('the rules of a receipt', () => {
  it('numbers receipts by year of issue and the club’s running number', () => {
    expect(receiptNumber('2026-03-01', 17)).toBe('2026-000017')
  })

  it('takes a German exemption notice for five years (§ 60a: three), to the day', () => {
    const notice = { kind: 'FREISTELLUNGSBESCHEID' as const, issuedOn: '2021-06-15' }
    expect(exemptionHolds(notice, '2026-06-15')).toBe(true)
    expect(exemptionHolds(notice, '2026-06-16')).toBe(false)
    expect(exemptionHolds({ kind: 'FEST_60A', issuedOn: '2023-06-15' }, '2026-06-15')).toBe(true)
    expect(exemptionHolds({ kind: 'FEST_60A', issuedOn: '2023-06-15' }, '2026-06-16')).toBe(false)
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28')
  })
})

describe('a receipt of one donation', () => {
  it('is issued once, archived with its hash, withdrawn with a reason and issued again under a new number', async () => {
    const donationId = await give(5000, donorAddress)
    const listed = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 5 } })
    expect(listed.body.items.find((item) => item.id === donationId)).toMatchObject({
      receipt: null,
      receiptAddress: donorAddress,
    })

    const first = await issue(donationId)
    expect(first.status, JSON.stringify(first.error)).toBe(201)
    expect(first.body).toMatchObject({
      kind: 'SINGLE',
      country: 'AT',
      status: 'ISSUED',
      totalCents: 5000,
      donor: donorAddress,
      lines: [{ donationId, amountCents: 5000 }],
    })
    expect(first.body.number).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{6}$`))
    // The archived bytes, the same on every download, are the ones the hash names.
    const original = await fileOf(first.body.id)
    expect(original).toMatchObject({ contentType: 'application/pdf', duplicate: false, sha256: first.body.sha256 })
    expect(await sha256Hex(original.base64)).toBe(first.body.sha256)
    expect((await fileOf(first.body.id)).base64).toBe(original.base64)
    expect(Buffer.from(original.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    // A reprint is marked and not the archived file.
    const duplicate = await fileOf(first.body.id, true)
    expect(duplicate.duplicate).toBe(true)
    expect(duplicate.sha256).not.toBe(first.body.sha256)

    expect(kindOf(await issue(donationId))).toBe('receipt-not-possible')
    expect(
      (await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 5 } })).body.items.find(
        (item) => item.id === donationId,
      )?.receipt,
    ).toEqual({ id: first.body.id, number: first.body.number })

    const withdrawn = await call('POST', `/club/${club}/receipts/${first.body.id}/withdraw`, {
      as: treasurer,
      body: { reason: 'Falsche Adresse' },
    })
    expect(withdrawn.body).toMatchObject({ status: 'WITHDRAWN', withdrawReason: 'Falsche Adresse' })
    const audit = await call('GET', `/club/${club}/audit`, { as: admin })
    expect(audit.body.items[0]).toMatchObject({ action: 'RECEIPT_WITHDRAWN' })
    expect(
      kindOf(
        await call('POST', `/club/${club}/receipts/${first.body.id}/withdraw`, {
          as: treasurer,
          body: { reason: 'Nochmals' },
        }),
      ),
    ).toBe('receipt-not-possible')

    const second = await issue(donationId, first.body.id)
    expect(second.status, JSON.stringify(second.error)).toBe(201)
    expect(second.body.replacesId).toBe(first.body.id)
    expect(second.body.number > first.body.number).toBe(true)
    // The withdrawn receipt keeps its archived bytes.
    expect((await fileOf(first.body.id)).sha256).toBe(first.body.sha256)
  })

  it('covers what is left of a partly refunded donation, and none of a refunded one', async () => {
    const partly = await give(4000, donorAddress)
    const whole = await give(3000, donorAddress)
    for (const [donationId, amountCents] of [
      [partly, 1500],
      [whole, 3000],
    ] as const)
      expect(
        (
          await call('POST', `/donations/${donationId}/refund`, {
            as: treasurer,
            body: { amountCents, reason: 'Auf Wunsch' },
          })
        ).status,
      ).toBe(200)
    await backendUnderTest().paymentsDelivered()
    expect((await issue(partly)).body.totalCents).toBe(2500)
    expect(kindOf(await issue(whole))).toBe('receipt-not-possible')
  })

  it('is refused when the club was not deductible on the donation’s day, and says why', async () => {
    const donationId = await give(2500, donorAddress)
    const entry = (await call('GET', `/club/${club}/tax`, { as: treasurer })).body.entries[0]!
    await call('PUT', `/club/${club}/tax`, {
      as: treasurer,
      body: {
        entryId: entry.id,
        registerNumber: entry.confirmed!.registerNumber,
        category: entry.confirmed!.category,
        validFrom: entry.confirmed!.validFrom,
        revokedOn: viennaDay(Date.now() - 86_400_000),
        taxNumber: null,
        lastReportOn: null,
      },
    })
    await call('PUT', `/club/${club}/tax/confirm`, { as: admin, body: { entryId: entry.id } })
    const refused = await issue(donationId)
    expect(kindOf(refused)).toBe('receipt-not-possible')
    expect(refused.error!.detail).toMatch(/deductibility/)
  })

  it('numbers receipts issued at the same time one after the other, and locks a donation to one', async () => {
    const donations = await Promise.all([give(2500), give(2600), give(2700)])
    const issued = await Promise.all([...donations.map((id) => issue(id)), issue(donations[0])])
    const created = issued.filter((answer) => answer.status === 201)
    expect(created).toHaveLength(3)
    expect(issued.filter((answer) => kindOf(answer) === 'receipt-not-possible')).toHaveLength(1)
    const numbers = created.map((answer) => answer.body.number).sort()
    expect(new Set(numbers).size).toBe(3)
    const sequences = numbers.map((number) => Number(number.slice(5)))
    expect(Math.max(...sequences) - Math.min(...sequences)).toBe(2)
  })
})

describe('a German club’s Zuwendungsbestätigung', () => {
  const germany = (issuedOn: string) => ({
    place: 'Freilassing',
    signerName: 'Max Mustermann',
    signerRole: 'Vorsitzender',
    germany: {
      purposes: 'des Sports',
      exemption: {
        kind: 'FREISTELLUNGSBESCHEID' as const,
        taxOffice: 'Traunstein',
        taxNumber: '163/123/45678',
        issuedOn,
        lastPeriod: '2024',
      },
    },
  })

  it('follows the German template, and is refused when the Freistellungsbescheid is older than five years', async () => {
    const donationId = await give(5000, donorAddress)
    const stale = await call('PUT', `/club/${club}/receipt-settings`, {
      as: treasurer,
      body: germany(addYears(viennaDay(Date.now() - 86_400_000), -5)),
    })
    expect(stale.status, JSON.stringify(stale.error)).toBe(200)
    const refused = await issue(donationId)
    expect(kindOf(refused)).toBe('receipt-not-possible')
    expect(refused.error!.detail).toMatch(/five years/)

    await call('PUT', `/club/${club}/receipt-settings`, { as: treasurer, body: germany(addYears(today, -5)) })
    const issued = await issue(donationId)
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    expect(issued.body.country).toBe('DE')
  })
})

describe('yearly receipts', () => {
  it('list last year’s donors with an address and without a transmission, and cover each one’s year once', async () => {
    const candidates = await call('GET', `/club/${club}/receipts/annual/${lastYear}`, { as: treasurer })
    expect(candidates.status, JSON.stringify(candidates.error)).toBe(200)
    const names = candidates.body.map((candidate) => candidate.donor.name)
    expect(names).toEqual(expect.arrayContaining(['Franz Berger', 'Elisabeth Wagner', 'Autohaus Berger GmbH']))
    // Donors whose consent sends their donations to the tax office get no receipt from here.
    expect(names).not.toContain('Maria Huber')
    const berger = candidates.body.find((candidate) => candidate.donor.name === 'Franz Berger')!
    expect(berger).toMatchObject({ openCount: 2, openCents: 10_000, blockedReason: null, receipts: [] })

    const issued = await call('POST', `/club/${club}/receipts/annual/${lastYear}`, {
      as: treasurer,
      body: { donorKey: berger.donorKey },
    })
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    expect(issued.body).toMatchObject({ kind: 'ANNUAL', year: lastYear, totalCents: 10_000 })
    expect(issued.body.lines).toHaveLength(2)
    const again = await call('POST', `/club/${club}/receipts/annual/${lastYear}`, {
      as: treasurer,
      body: { donorKey: berger.donorKey },
    })
    expect(kindOf(again)).toBe('receipt-not-possible')
    const after = (await call('GET', `/club/${club}/receipts/annual/${lastYear}`, { as: treasurer })).body.find(
      (candidate) => candidate.donor.name === 'Franz Berger',
    )!
    expect(after).toMatchObject({ openCount: 0, blockedReason: 'NOTHING_OPEN' })
    expect(after.receipts).toEqual([{ id: issued.body.id, number: issued.body.number }])

    const list = await call('GET', `/club/${club}/receipts`, { as: treasurer })
    expect(list.body.items[0]).toMatchObject({ id: issued.body.id })
  })

  it('are not issued for the current year', async () => {
    const year = Number(today.slice(0, 4))
    const answer = await call('POST', `/club/${club}/receipts/annual/${year}`, {
      as: treasurer,
      body: { donorKey: 'x' },
    })
    expect(kindOf(answer)).toBe('receipt-not-possible')
  })
})
