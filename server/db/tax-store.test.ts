/**
 * The annual transmission's storage (TaxRepository, DonationRepository.listWithTax, a checkout's and a
 * donation's `tax`) behaves alike in both stores: the mocked backend's in-memory store and PostgreSQL
 * (PGlite; also a PostgreSQL server when DATABASE_URL is set, where transactions really run at once). Both
 * start from the demo seed, whose tax data is checked too. Club ids and records are the seed's or made here.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { DuplicateKeyError } from '#domain/ports.ts'
import type { Ports } from '#domain/ports.ts'
import type {
  ClubTaxRecord,
  DonationRecord,
  TaxConsentRecord,
  TaxDonorRecord,
  TaxTransmissionRecord,
} from '#domain/records.ts'
import { refNrFor } from '#domain/tax-transmission.ts'
import { viennaDay } from '#domain/time.ts'
import { deserializeState, serializeState } from '#mocks/db/persistence.ts'
import { checkoutOf, expectOptionalDataKept } from '#tests/backend/optional-donation-data.ts'
import { storesUnderTest } from '#tests/backend/stores-under-test.ts'
import type { StoreUnderTest } from '#tests/backend/stores-under-test.ts'
import { checkoutRepository } from './repositories/checkouts.ts'
import { donationRepository } from './repositories/donations.ts'
import { taxRepository } from './repositories/tax.ts'

type StorePorts = Pick<Ports, 'tax' | 'donations' | 'checkouts'>

const now = Date.now()
const seedAt = seedInstant(now)
const seed = buildSeed(seedAt)
const lastYear = Number(viennaDay(seedAt).slice(0, 4)) - 1

const STORES = storesUnderTest<StorePorts>({
  now,
  scratchPrefix: 'vp_tax',
  sqlPorts: (trx) => ({
    tax: taxRepository(trx),
    donations: donationRepository(trx),
    checkouts: checkoutRepository(trx),
  }),
})

const AT = '2031-02-03T10:00:00.000Z'
const VBPK = `${'Ab0+/'.repeat(34)}==`

const status = (clubId: string, changes: Partial<ClubTaxRecord> = {}): ClubTaxRecord => ({
  clubId,
  taxNumber: '987654321',
  lastReportOn: null,
  entries: [
    {
      id: 'entry-1',
      confirmed: null,
      pending: { registerNumber: 'SO-1158', category: 'SO', validFrom: '2020-01-01', revokedOn: null },
      changedAt: AT,
    },
  ],
  updatedAt: AT,
  ...changes,
})

const donor = (clubId: string, id: string, number: number, matchKey: string): TaxDonorRecord => ({
  id,
  clubId,
  number,
  refNr: refNrFor(number),
  firstName: 'Erika',
  lastName: 'Muster',
  birthDate: '1980-01-31',
  matchKey,
  bpkState: 'FOUND',
  vbpk: VBPK,
  bpkMessage: null,
  createdAt: AT,
  updatedAt: AT,
})

const consent = (
  clubId: string,
  id: string,
  donorId: string,
  changes: Partial<TaxConsentRecord> = {},
): TaxConsentRecord => ({
  id,
  clubId,
  donorId,
  email: 'erika@example.at',
  scope: 'UNTIL_WITHDRAWN',
  text: 'Ich willige ein.',
  givenAt: AT,
  withdrawnAt: null,
  ...changes,
})

const transmission = (
  clubId: string,
  id: string,
  changes: Partial<TaxTransmissionRecord> & { messageRefIds?: string[] } = {},
): TaxTransmissionRecord => {
  const { messageRefIds = [`${id}-1`], ...rest } = changes
  return {
    id,
    clubId,
    year: 2030,
    mode: 'TEST',
    category: 'SO',
    taxNumber: '987654321',
    createdAt: 1_900_000_000_000,
    createdByName: 'Karin Kassierin',
    parts: messageRefIds.map((messageRefId, index) => ({
      part: index + 1,
      messageRefId,
      records: [
        { type: 'E', refNr: 'SP-1', amountCents: 12_345, vbpk: VBPK },
        { type: 'A', refNr: 'SP-2', amountCents: 500 },
        { type: 'S', refNr: 'SP-3' },
      ],
      protocol: null,
    })),
    ...rest,
  }
}

const donation = (id: string, clubId: string, day: string, tax?: DonationRecord['tax']): DonationRecord => ({
  id,
  clubId,
  campaignId: null,
  amountCents: 2_500,
  donorName: 'Erika Muster',
  message: null,
  at: Date.parse(`${day}T11:00:00.000Z`),
  day,
  ...(tax !== undefined && { tax }),
})

const byId = <R extends { id: string }>(records: readonly R[]): R[] =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

/** The reason a unit of work failed with. */
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected the unit of work to fail')
    },
    (error: unknown) => error,
  )

describe.each(STORES)('the tax storage (%s)', (name, open) => {
  let store: StoreUnderTest<StorePorts>
  beforeAll(async () => {
    store = await open()
  }, 60_000)
  afterAll(() => store?.close())

  it("holds the seed's tax data: the volume club's status, donors, consents and last year's donations", async () => {
    const club = seedClubs.volume
    await store.run(async ({ tax, donations }) => {
      expect(await tax.getStatus(club)).toEqual(seed.tables.taxStatus.get(club))
      const donors = [...seed.tables.taxDonors.values()]
      expect(donors.map((record) => record.refNr)).toEqual(['SP-1', 'SP-2', 'SP-3', 'SP-4'])
      for (const record of donors) {
        expect(await tax.findDonorByRefNr(club, record.refNr)).toEqual(record)
        expect(await tax.findDonorByMatchKey(club, record.matchKey)).toEqual(record)
      }
      expect(await tax.findStandingConsent(club, 'maria.huber@example.at')).toEqual(
        [...seed.tables.taxConsents.values()].find((record) => record.scope === 'UNTIL_WITHDRAWN'),
      )
      // A consent for one donation covers no other.
      expect(await tax.findStandingConsent(club, 'johann.gruber@example.at')).toBeNull()
      const withTax = [...seed.tables.donations.values()].filter((record) => record.tax != null)
      expect(withTax).toHaveLength(6)
      expect(byId(await donations.listWithTax(club, `${lastYear}-01-01`, `${lastYear}-12-31`))).toEqual(byId(withTax))
      expect(await donations.listWithTax(club, `${lastYear + 1}-01-01`, `${lastYear + 1}-12-31`)).toEqual([])
      // The counter continues after the seed's four donors.
      expect(await tax.nextDonorNumber(club)).toBe(5)
    })
  })

  it('keeps a status as put, replacing it whole', async () => {
    const club = seedClubs.secondActive
    expect(await store.run(({ tax }) => tax.getStatus(club))).toBeNull()
    await store.run(({ tax }) => tax.putStatus(status(club)))
    expect(await store.run(({ tax }) => tax.getStatus(club))).toEqual(status(club))
    const changed = status(club, {
      taxNumber: null,
      lastReportOn: '2031-02-01',
      entries: [
        {
          id: 'entry-1',
          confirmed: {
            registerNumber: 'SO-1158',
            category: 'SO',
            validFrom: '2020-01-01',
            revokedOn: '2031-01-01',
            confirmedAt: AT,
            confirmedByName: 'Andrea Admin',
          },
          pending: null,
          changedAt: AT,
        },
      ],
      updatedAt: '2031-02-04T08:00:00.000Z',
    })
    await store.run(({ tax }) => tax.putStatus(changed))
    expect(await store.run(({ tax }) => tax.getStatus(club))).toEqual(changed)
  })

  it('gives donor numbers from 1, one more each time, whatever putStatus writes; a club with none has no status', async () => {
    const club = seedClubs.withoutAccount
    expect(await store.run(({ tax }) => tax.nextDonorNumber(club))).toBe(1)
    // The counter alone is no tax data.
    expect(await store.run(({ tax }) => tax.getStatus(club))).toBeNull()
    expect(await store.run(({ tax }) => tax.nextDonorNumber(club))).toBe(2)
    await store.run(({ tax }) => tax.putStatus(status(club)))
    expect(await store.run(({ tax }) => tax.getStatus(club))).toEqual(status(club))
    expect(await store.run(({ tax }) => tax.nextDonorNumber(club))).toBe(3)
    await store.run(({ tax }) => tax.putStatus(status(club, { taxNumber: '111111111' })))
    expect(
      await store.run(async ({ tax }) => [await tax.nextDonorNumber(club), await tax.nextDonorNumber(club)]),
    ).toEqual([4, 5])
    // Other clubs count on their own.
    expect(await store.run(({ tax }) => tax.nextDonorNumber(seedClubs.rejectedAccount))).toBe(1)
    // Units of work at once never get the same number.
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => store.run(({ tax }) => tax.nextDonorNumber(club))),
    )
    expect([...numbers].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12, 13])
  })

  it('keeps donors, finds them by id, reference, number and match key, and each match key once per club', async () => {
    const club = seedClubs.secondActive
    const first = donor(club, 'donor-a', 1, 'erika|muster|1980-01-31')
    const second = { ...donor(club, 'donor-b', 2, 'max|muster|1970-05-05'), bpkState: 'NONE' as const, vbpk: null }
    await store.run(async ({ tax }) => {
      await tax.insertDonor(first)
      await tax.insertDonor(second)
    })
    await store.run(async ({ tax }) => {
      expect(await tax.getDonor('donor-a')).toEqual(first)
      expect(await tax.getDonor('missing')).toBeNull()
      expect(await tax.getDonors(['donor-b', 'missing', 'donor-a'])).toEqual(
        new Map([
          ['donor-b', second],
          ['donor-a', first],
        ]),
      )
      expect(await tax.getDonors([])).toEqual(new Map())
      expect(await tax.findDonorByRefNr(club, 'SP-2')).toEqual(second)
      expect(await tax.findDonorByRefNr(seedClubs.volume, 'SP-2')).not.toEqual(second)
      expect(await tax.findDonorByNumber(club, 1)).toEqual(first)
      expect(await tax.findDonorByNumber(club, 3)).toBeNull()
      expect(await tax.findDonorByMatchKey(club, first.matchKey)).toEqual(first)
      expect(await tax.findDonorByMatchKey(seedClubs.withoutAccount, first.matchKey)).toBeNull()
    })

    // The same person again: the domain's error, and the unit of work can go on (look the donor up).
    expect(
      await store.run(async ({ tax }) => {
        const error = await failure(tax.insertDonor(donor(club, 'donor-c', 3, first.matchKey)))
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect((error as DuplicateKeyError).key).toBe('tax-donor-match')
        return (await tax.findDonorByMatchKey(club, first.matchKey))?.id
      }),
    ).toBe('donor-a')
    expect(await store.run(({ tax }) => tax.getDonor('donor-c'))).toBeNull()
    // Renaming a donor into another's key.
    const renamed = await failure(store.run(({ tax }) => tax.updateDonor({ ...second, matchKey: first.matchKey })))
    expect(renamed).toBeInstanceOf(DuplicateKeyError)
    expect((renamed as DuplicateKeyError).key).toBe('tax-donor-match')
    // Another club may have the same person.
    await store.run(({ tax }) => tax.insertDonor(donor(seedClubs.withoutAccount, 'donor-d', 1, first.matchKey)))

    const updated: TaxDonorRecord = {
      ...second,
      bpkState: 'FOUND',
      vbpk: VBPK,
      bpkMessage: 'Gefunden',
      updatedAt: '2031-03-01T00:00:00.000Z',
    }
    await store.run(({ tax }) => tax.updateDonor(updated))
    expect(await store.run(({ tax }) => tax.getDonor('donor-b'))).toEqual(updated)
  })

  it('lets only one of two first donations of the same person at once record the donor', async () => {
    const club = seedClubs.rejectedAccount
    const matchKey = 'zwei|zugleich|1990-09-09'
    const outcomes = await Promise.allSettled(
      ['donor-x', 'donor-y'].map((id) =>
        store.run(async ({ tax }) => tax.insertDonor(donor(club, id, await tax.nextDonorNumber(club), matchKey))),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const [rejected] = outcomes.filter((outcome) => outcome.status === 'rejected')
    expect(rejected?.reason).toBeInstanceOf(DuplicateKeyError)
    expect((rejected?.reason as DuplicateKeyError).key).toBe('tax-donor-match')
  })

  it("finds an address's newest standing consent: not withdrawn, until withdrawn, the exact address", async () => {
    const club = seedClubs.secondActive
    const email = 'erika@example.at'
    const older = consent(club, 'consent-older', 'donor-a', { givenAt: '2031-01-01T10:00:00.000Z' })
    const newer = consent(club, 'consent-newer', 'donor-a', { givenAt: '2031-01-02T10:00:00.000Z' })
    // Newer still, but each not standing for this address and club.
    const others = [
      consent(club, 'consent-once', 'donor-a', { scope: 'DONATION', givenAt: '2031-01-03T10:00:00.000Z' }),
      consent(club, 'consent-gone', 'donor-a', {
        givenAt: '2031-01-04T10:00:00.000Z',
        withdrawnAt: '2031-01-05T10:00:00.000Z',
      }),
      consent(club, 'consent-case', 'donor-b', { email: 'Erika@example.at', givenAt: '2031-01-06T10:00:00.000Z' }),
      consent(seedClubs.withoutAccount, 'consent-elsewhere', 'donor-d', { givenAt: '2031-01-07T10:00:00.000Z' }),
    ]
    await store.run(async ({ tax }) => {
      expect(await tax.findStandingConsent(club, email)).toBeNull()
      for (const record of [older, newer, ...others]) await tax.insertConsent(record)
    })
    await store.run(async ({ tax }) => {
      expect(await tax.getConsent('consent-older')).toEqual(older)
      expect(await tax.getConsent('missing')).toBeNull()
      expect(await tax.findStandingConsent(club, email)).toEqual(newer)
      expect(await tax.findStandingConsent(club, 'Erika@example.at')).toEqual(others[2])
      expect(await tax.findStandingConsent(seedClubs.withoutAccount, email)).toEqual(others[3])
      expect(await tax.findStandingConsent(club, 'erika@example.a')).toBeNull()
    })
    const withdrawn = { ...newer, withdrawnAt: '2031-02-01T10:00:00.000Z' }
    await store.run(({ tax }) => tax.updateConsent(withdrawn))
    await store.run(async ({ tax }) => {
      expect(await tax.getConsent('consent-newer')).toEqual(withdrawn)
      expect(await tax.findStandingConsent(club, email)).toEqual(older)
    })
    // Given at the same instant: the larger id counts as the newer, in both stores.
    const twin = consent(club, 'consent-twin', 'donor-a', { givenAt: older.givenAt })
    await store.run(({ tax }) => tax.insertConsent(twin))
    expect(await store.run(({ tax }) => tax.findStandingConsent(club, email))).toEqual(twin)
  })

  it('keeps transmissions: by year oldest first, the last production year, by messageRefId once per club', async () => {
    const club = seedClubs.secondActive
    expect(await store.run(({ tax }) => tax.lastTransmittedYear(club))).toBeNull()
    const late = transmission(club, 'tx-late', { createdAt: 1_900_000_002_000, messageRefIds: ['m-1', 'm-2'] })
    const early = transmission(club, 'tx-early-b', { mode: 'PRODUCTION', createdAt: 1_900_000_001_000 })
    const tie = transmission(club, 'tx-early-a', { createdAt: 1_900_000_001_000 })
    const before = transmission(club, 'tx-before', { year: 2029, mode: 'PRODUCTION' })
    const newestTest = transmission(club, 'tx-test', { year: 2031, messageRefIds: ['m-3'] })
    await store.run(async ({ tax }) => {
      for (const record of [late, early, tie, before, newestTest]) await tax.insertTransmission(record)
    })
    await store.run(async ({ tax }) => {
      expect(await tax.getTransmission('tx-late')).toEqual(late)
      expect(await tax.getTransmission('missing')).toBeNull()
      expect((await tax.listTransmissions(club, 2030)).map((record) => record.id)).toEqual([
        'tx-early-a',
        'tx-early-b',
        'tx-late',
      ])
      expect(await tax.listTransmissions(club, 2030)).toEqual([tie, early, late])
      expect(await tax.listTransmissions(club, 2028)).toEqual([])
      // Test transmissions do not count.
      expect(await tax.lastTransmittedYear(club)).toBe(2030)
      expect(await tax.findTransmissionByMessageRefId(club, 'm-2')).toEqual(late)
      expect(await tax.findTransmissionByMessageRefId(club, 'tx-before-1')).toEqual(before)
      expect(await tax.findTransmissionByMessageRefId(seedClubs.withoutAccount, 'm-2')).toBeNull()
      expect(await tax.findTransmissionByMessageRefId(club, 'm-9')).toBeNull()
    })
    // A messageRefId names one transmission of the club; another club may use it.
    await failure(
      store.run(({ tax }) => tax.insertTransmission(transmission(club, 'tx-again', { messageRefIds: ['m-2'] }))),
    )
    expect(await store.run(({ tax }) => tax.getTransmission('tx-again'))).toBeNull()
    await store.run(({ tax }) =>
      tax.insertTransmission(transmission(seedClubs.withoutAccount, 'tx-elsewhere', { messageRefIds: ['m-2'] })),
    )

    // Importing a protocol replaces the parts, nothing else.
    const imported: TaxTransmissionRecord = {
      ...late,
      parts: [
        { ...late.parts[0]!, protocol: { status: 'OK', importedAt: AT, errors: [] } },
        {
          ...late.parts[1]!,
          protocol: { status: 'NOK', importedAt: AT, errors: [{ refNr: 'SP-2', message: 'Betrag ungültig' }] },
        },
      ],
    }
    await store.run(({ tax }) => tax.updateTransmission({ ...imported, createdByName: 'Someone Else', year: 1999 }))
    await store.run(async ({ tax }) => {
      expect(await tax.getTransmission('tx-late')).toEqual(imported)
      expect(await tax.findTransmissionByMessageRefId(club, 'm-1')).toEqual(imported)
    })

    await store.run(({ tax }) => tax.deleteTransmission('tx-early-b'))
    await store.run(async ({ tax }) => {
      expect(await tax.getTransmission('tx-early-b')).toBeNull()
      expect(await tax.findTransmissionByMessageRefId(club, 'tx-early-b-1')).toBeNull()
      expect(await tax.lastTransmittedYear(club)).toBe(2029)
      // Its messageRefId is free again.
      await tax.insertTransmission(transmission(club, 'tx-redo', { messageRefIds: ['tx-early-b-1'] }))
      expect((await tax.findTransmissionByMessageRefId(club, 'tx-early-b-1'))?.id).toBe('tx-redo')
    })
  })

  it("keeps a donation's and a checkout's tax record as given (none: absent or null)", async () => {
    const club = seedClubs.secondActive
    const campaign = [...seed.tables.campaigns.values()].find((record) => record.clubId === club)!
    await expectOptionalDataKept(store, {
      field: 'tax',
      prefix: 'tax',
      donation: (id, day, tax) => donation(id, club, day, tax),
      checkout: (id, tax) => checkoutOf(campaign, id, { tax }),
      donationValues: [
        { company: false, donorId: 'donor-a', consentId: 'consent-older' },
        { company: true, donorId: null, consentId: null },
      ],
      checkoutValues: [
        {
          company: false,
          firstName: 'Erika',
          lastName: 'Muster',
          birthDate: '1980-01-31',
          scope: 'DONATION',
          text: 'Ich willige ein.',
        },
        { company: true },
      ],
    })
  })

  it("lists a club's donations with a tax record whose day lies in the range, both ends included", async () => {
    const club = seedClubs.secondActive
    const covered = { company: false, donorId: 'donor-a', consentId: 'consent-older' } as const
    const records = [
      donation('d-range-1', club, '2030-06-01', covered),
      donation('d-range-2', club, '2030-06-15', { company: true, donorId: null, consentId: null }),
      donation('d-range-3', club, '2030-06-30', covered),
      donation('d-range-4', club, '2030-07-01', covered),
      donation('d-range-5', club, '2030-05-31', covered),
      donation('d-range-6', club, '2030-06-10'),
      donation('d-range-7', seedClubs.withoutAccount, '2030-06-10', {
        company: false,
        donorId: 'donor-d',
        consentId: 'consent-elsewhere',
      }),
    ]
    await store.run(async ({ donations }) => {
      for (const record of records) await donations.insert(record)
    })
    await store.run(async ({ donations }) => {
      expect(byId(await donations.listWithTax(club, '2030-06-01', '2030-06-30'))).toEqual(records.slice(0, 3))
      expect(byId(await donations.listWithTax(club, '2030-06-15', '2030-06-15'))).toEqual([records[1]])
      expect((await donations.listWithTax(club, '2030-01-01', '2030-12-31')).map((record) => record.id).sort()).toEqual(
        // With the two of the test before that have a tax record, and its card donation.
        ['d-range-1', 'd-range-2', 'd-range-3', 'd-range-4', 'd-range-5', 'tax-card', 'tax-given-0', 'tax-given-1'],
      )
      expect(await donations.listWithTax(club, '2030-06-02', '2030-06-14')).toEqual([])
      expect(await donations.listWithTax(seedClubs.withoutAccount, '2030-06-01', '2030-06-30')).toEqual([records[6]])
    })
  })

  // Only the SQL stores have a query plan, only the memory store a saved browser state: each test is
  // defined for the store it is about (none is skipped).
  if (name !== 'memory')
    it('reads a year of tax donations of the 10 000-donation club by its partial index', async () => {
      const plan = await store.database!.transaction(
        async (trx) =>
          (
            await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT * FROM donations WHERE club_id = ${seedClubs.volume}
            AND tax_company IS NOT NULL AND day >= ${`${lastYear}-01-01`} AND day <= ${`${lastYear}-12-31`}`.execute(
              trx,
            )
          ).rows,
      )
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('donations_with_tax')
    })

  if (name === 'memory')
    it('saves the tax tables, and gives a state saved before them the seed’s', () => {
      const state = store.store!.state
      const saved = serializeState(state)
      const restored = deserializeState(saved)!
      for (const name of ['taxStatus', 'taxDonors', 'taxConsents', 'taxTransmissions', 'taxDonorNumbers'] as const)
        expect(restored.tables[name], name).toEqual(state.tables[name])
      const older = JSON.parse(saved) as { tables: Record<string, unknown> }
      for (const name of ['taxStatus', 'taxDonors', 'taxConsents', 'taxTransmissions', 'taxDonorNumbers'])
        delete older.tables[name]
      const loaded = deserializeState(JSON.stringify(older))!
      expect(loaded.tables.taxDonors).toBe(seed.tables.taxDonors)
      expect(loaded.tables.taxConsents).toBe(seed.tables.taxConsents)
      expect(loaded.tables.taxStatus).toBe(seed.tables.taxStatus)
      expect(loaded.tables.taxTransmissions.size).toBe(0)
      expect(loaded.tables.taxDonorNumbers.size).toBe(0)
    })
})
