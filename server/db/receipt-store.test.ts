/**
 * The receipts' storage (ReceiptRepository, DonationRepository.listWithReceiptAddress, a checkout's and a
 * donation's `receiptAddress`) behaves alike in both stores: the mocked backend's in-memory store and
 * PostgreSQL (PGlite; also a PostgreSQL server when DATABASE_URL is set, where transactions really run at
 * once). Both start from the demo seed, whose receipt data is checked too. Club ids are the seed's; the
 * donations receipts cover are made here (the SQL store's locks reference them).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedClubs, seedReceipts } from '#adapters/demo-seed/seed-accounts.ts'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { DuplicateKeyError } from '#domain/ports.ts'
import type { Ports } from '#domain/ports.ts'
import type { DonationRecord, ReceiptAddressRecord, ReceiptRecord, ReceiptSettingsRecord } from '#domain/records.ts'
import { viennaDay } from '#domain/time.ts'
import { deserializeState, serializeState } from '#mocks/db/persistence.ts'
import { checkoutOf, expectOptionalDataKept } from '#tests/backend/optional-donation-data.ts'
import { storesUnderTest } from '#tests/backend/stores-under-test.ts'
import type { StoreUnderTest } from '#tests/backend/stores-under-test.ts'
import { checkoutRepository } from './repositories/checkouts.ts'
import { donationRepository } from './repositories/donations.ts'
import { receiptRepository } from './repositories/receipts.ts'

type StorePorts = Pick<Ports, 'receipts' | 'donations' | 'checkouts'>

const now = Date.now()
const seedAt = seedInstant(now)
const seed = buildSeed(seedAt)
const lastYear = Number(viennaDay(seedAt).slice(0, 4)) - 1

const STORES = storesUnderTest<StorePorts>({
  now,
  scratchPrefix: 'vp_receipts',
  sqlPorts: (trx) => ({
    receipts: receiptRepository(trx),
    donations: donationRepository(trx),
    checkouts: checkoutRepository(trx),
  }),
})

const AT = '2031-02-03T10:00:00.000Z'

const ADDRESS: ReceiptAddressRecord = {
  name: 'Erika Muster',
  street: 'Hauptplatz 1/2',
  postalCode: '5400',
  city: 'Hallein',
  country: 'AT',
}

const donation = (id: string, clubId: string, day: string, receiptAddress?: DonationRecord['receiptAddress']) =>
  ({
    id,
    clubId,
    campaignId: null,
    amountCents: 2_500,
    donorName: 'Erika Muster',
    message: null,
    at: Date.parse(`${day}T11:00:00.000Z`),
    day,
    ...(receiptAddress !== undefined && { receiptAddress }),
  }) satisfies DonationRecord

const receipt = (
  id: string,
  clubId: string,
  sequence: number,
  donationIds: readonly string[],
  changes: Partial<ReceiptRecord> = {},
): ReceiptRecord => ({
  id,
  clubId,
  sequence,
  number: `2031-${String(sequence).padStart(6, '0')}`,
  kind: donationIds.length === 1 ? 'SINGLE' : 'ANNUAL',
  country: 'AT',
  year: donationIds.length === 1 ? null : 2030,
  donor: ADDRESS,
  lines: donationIds.map((donationId) => ({ donationId, day: '2030-03-01', amountCents: 2_500, waiver: false })),
  totalCents: 2_500 * donationIds.length,
  place: 'Hallein',
  issuedOn: '2031-02-03',
  issuedAt: AT,
  issuedByName: 'Karin Kassierin',
  status: 'ISSUED',
  withdrawnAt: null,
  withdrawnByName: null,
  withdrawReason: null,
  replacesId: null,
  file: { path: `clubs/${clubId}/RECEIPT/${id}.pdf`, sha256: 'ab'.repeat(32), size: 12_345 },
  ...changes,
})

const settings = (clubId: string, changes: Partial<ReceiptSettingsRecord> = {}): ReceiptSettingsRecord => ({
  clubId,
  place: 'Hallein',
  signerName: 'Erika Obfrau',
  signerRole: 'Obfrau',
  germany: null,
  updatedAt: AT,
  ...changes,
})

const byId = <R extends { id: string }>(records: readonly R[]): R[] =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

/** The reason a promise failed with. */
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected it to fail')
    },
    (error: unknown) => error,
  )

const expectDuplicate = (error: unknown) => {
  expect(error).toBeInstanceOf(DuplicateKeyError)
  expect((error as DuplicateKeyError).key).toBe('receipt-donation')
}

describe.each(STORES)('the receipt storage (%s)', (name, open) => {
  let store: StoreUnderTest<StorePorts>
  beforeAll(async () => {
    store = await open()
  }, 60_000)
  afterAll(() => store?.close())

  /** Donations of the club (days in March 2030), for receipts to cover. */
  const addDonations = (clubId: string, ids: readonly string[]) =>
    store.run(async ({ donations }) => {
      for (const id of ids) expect(await donations.insert(donation(id, clubId, '2030-03-01'))).toBe(true)
    })

  it("holds the seed's receipt data: the volume club's settings and last year's donations with an address", async () => {
    const club = seedClubs.volume
    await store.run(async ({ receipts, donations }) => {
      expect(await receipts.getSettings(club)).toEqual(seed.tables.receiptSettings.get(club))
      expect(await receipts.getSettings(seedClubs.secondActive)).toBeNull()
      const withAddress = [...seed.tables.donations.values()].filter(
        (record) => record.clubId === club && record.receiptAddress != null,
      )
      expect(byId(withAddress).map((record) => record.id)).toEqual([
        seedReceipts.bergerDonationIds[0],
        seedReceipts.bergerDonationIds[1],
        seedReceipts.wagnerDonationId,
        seedReceipts.companyDonationId,
      ])
      const listed = await donations.listWithReceiptAddress(club, `${lastYear}-01-01`, `${lastYear}-12-31`)
      expect(byId(listed)).toEqual(byId(withAddress))
      expect(await donations.listWithReceiptAddress(club, `${lastYear + 1}-01-01`, `${lastYear + 1}-12-31`)).toEqual([])
      expect(await donations.get(seedReceipts.companyDonationId)).toMatchObject({
        donorName: 'Autohaus Berger GmbH',
        tax: { company: true },
        receiptAddress: { name: 'Autohaus Berger GmbH', city: 'Wiener Neustadt' },
      })
      // No receipt is issued yet.
      expect(await receipts.issuedForDonations(withAddress.map((record) => record.id))).toEqual(new Map())
      expect(await receipts.page(club, { from: null, to: null, offset: 0, limit: 10 })).toEqual({
        items: [],
        totalItems: 0,
      })
      expect(await receipts.nextSequence(club)).toBe(1)
    })
  })

  it("holds the German club's: its settings with the German data and last year's donations with an address", async () => {
    const club = seedClubs.german
    await store.run(async ({ receipts, donations }) => {
      const settings = await receipts.getSettings(club)
      expect(settings).toEqual(seed.tables.receiptSettings.get(club))
      expect(settings?.germany).toMatchObject({
        exemption: { kind: 'FREISTELLUNGSBESCHEID', taxOffice: 'Finanzamt Passau' },
      })
      const listed = await donations.listWithReceiptAddress(club, `${lastYear}-01-01`, `${lastYear}-12-31`)
      expect(byId(listed).map((record) => record.id)).toEqual([
        ...seedReceipts.germanHofbauerDonationIds,
        seedReceipts.germanReindlDonationId,
      ])
    })
  })

  it('gives receipt numbers from 1, one more each time, per club, whatever putSettings writes', async () => {
    const club = seedClubs.withoutAccount
    expect(await store.run(({ receipts }) => receipts.nextSequence(club))).toBe(1)
    // The counter alone is no settings.
    expect(await store.run(({ receipts }) => receipts.getSettings(club))).toBeNull()
    expect(await store.run(({ receipts }) => receipts.nextSequence(club))).toBe(2)
    await store.run(({ receipts }) => receipts.putSettings(settings(club)))
    expect(await store.run(({ receipts }) => receipts.nextSequence(club))).toBe(3)
    await store.run(({ receipts }) => receipts.putSettings(settings(club, { place: 'Bregenz' })))
    expect(
      await store.run(async ({ receipts }) => [await receipts.nextSequence(club), await receipts.nextSequence(club)]),
    ).toEqual([4, 5])
    // A rolled-back number is not given again (a gap).
    await failure(
      store.run(async ({ receipts }) => {
        await receipts.nextSequence(club)
        throw new Error('rolled back')
      }),
    )
    expect([6, 7]).toContain(await store.run(({ receipts }) => receipts.nextSequence(club)))
    // Other clubs count on their own.
    expect(await store.run(({ receipts }) => receipts.nextSequence(seedClubs.rejectedAccount))).toBe(1)
    // Units of work at once never get the same number.
    const before = await store.run(({ receipts }) => receipts.nextSequence(club))
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => store.run(({ receipts }) => receipts.nextSequence(club))),
    )
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, index) => before + 1 + index))
  })

  it('keeps settings as put, replacing them whole, and the counter as it was', async () => {
    const club = seedClubs.inactive
    expect(await store.run(({ receipts }) => receipts.getSettings(club))).toBeNull()
    await store.run(({ receipts }) => receipts.putSettings(settings(club)))
    expect(await store.run(({ receipts }) => receipts.getSettings(club))).toEqual(settings(club))
    expect(await store.run(({ receipts }) => receipts.nextSequence(club))).toBe(1)
    const german = settings(club, {
      place: 'Passau',
      signerName: 'Max Vorstand',
      signerRole: 'Vorsitzender',
      germany: {
        purposes: 'Förderung des Sports',
        exemption: {
          kind: 'FREISTELLUNGSBESCHEID',
          taxOffice: 'Passau',
          taxNumber: '153/123/45678',
          issuedOn: '2029-05-04',
          lastPeriod: '2028',
        },
      },
      updatedAt: '2031-02-04T08:00:00.000Z',
    })
    await store.run(({ receipts }) => receipts.putSettings(german))
    expect(await store.run(({ receipts }) => receipts.getSettings(club))).toEqual(german)
    const fest60a = settings(club, {
      germany: {
        purposes: 'Förderung der Kultur',
        exemption: {
          kind: 'FEST_60A',
          taxOffice: 'Passau',
          taxNumber: '153/1',
          issuedOn: '2030-01-02',
          lastPeriod: null,
        },
      },
    })
    await store.run(({ receipts }) => receipts.putSettings(fest60a))
    expect(await store.run(({ receipts }) => receipts.getSettings(club))).toEqual(fest60a)
    expect(await store.run(({ receipts }) => receipts.nextSequence(club))).toBe(2)
  })

  it("locks a receipt's donations: a receipt of a locked one is refused with nothing written", async () => {
    const club = seedClubs.secondActive
    await addDonations(club, ['d-lock-1', 'd-lock-2', 'd-lock-3', 'd-lock-4'])
    const first = receipt('r-lock-1', club, 1, ['d-lock-1', 'd-lock-2'], { year: 2030 })
    await store.run(({ receipts }) => receipts.insert(first))
    await store.run(async ({ receipts }) => {
      expect(await receipts.get('r-lock-1')).toEqual(first)
      expect(await receipts.get('missing')).toBeNull()
      expect(await receipts.issuedForDonations(['d-lock-1', 'd-lock-3', 'd-lock-2', 'missing'])).toEqual(
        new Map([
          ['d-lock-1', first],
          ['d-lock-2', first],
        ]),
      )
      expect(await receipts.issuedForDonations([])).toEqual(new Map())
    })

    // One donation of it taken already: the domain's error, and the unit of work goes on without a trace
    // of the refused receipt.
    expect(
      await store.run(async ({ receipts }) => {
        expectDuplicate(await failure(receipts.insert(receipt('r-lock-2', club, 2, ['d-lock-3', 'd-lock-2']))))
        expect(await receipts.get('r-lock-2')).toBeNull()
        expect(await receipts.issuedForDonations(['d-lock-3'])).toEqual(new Map())
        await receipts.insert(receipt('r-lock-3', club, 3, ['d-lock-3']))
        return (await receipts.issuedForDonations(['d-lock-2', 'd-lock-3'])).get('d-lock-3')?.id
      }),
    ).toBe('r-lock-3')
    expect(await store.run(({ receipts }) => receipts.get('r-lock-2'))).toBeNull()
    expect(
      (
        await store.run(({ receipts }) => receipts.page(club, { from: null, to: null, offset: 0, limit: 10 }))
      ).items.map((record) => record.id),
    ).toEqual(['r-lock-3', 'r-lock-1'])
    // The same donation twice in one receipt is refused too.
    expectDuplicate(
      await failure(
        store.run(({ receipts }) => receipts.insert(receipt('r-lock-4', club, 4, ['d-lock-4', 'd-lock-4']))),
      ),
    )
    expect(await store.run(({ receipts }) => receipts.get('r-lock-4'))).toBeNull()
  })

  it('lets only one of two receipts of the same donation at once be issued', async () => {
    const club = seedClubs.secondActive
    await addDonations(club, ['d-race-1', 'd-race-2'])
    const outcomes = await Promise.allSettled(
      ['r-race-a', 'r-race-b'].map((id) =>
        store.run(async ({ receipts }) =>
          // Far from the numbers given by hand above.
          receipts.insert(receipt(id, club, 100 + (await receipts.nextSequence(club)), ['d-race-1', 'd-race-2'])),
        ),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const [rejected] = outcomes.filter((outcome) => outcome.status === 'rejected')
    expectDuplicate(rejected?.reason)
    const issued = await store.run(({ receipts }) => receipts.issuedForDonations(['d-race-1', 'd-race-2']))
    expect(new Set([...issued.values()].map((record) => record.id)).size).toBe(1)
  })

  it('withdraws a receipt: stored as withdrawn, its donations free for another one', async () => {
    const club = seedClubs.secondActive
    await addDonations(club, ['d-back-1', 'd-back-2', 'd-back-3'])
    const original = receipt('r-back-1', club, 20, ['d-back-1', 'd-back-2'])
    await store.run(({ receipts }) => receipts.insert(original))
    const withdrawn: ReceiptRecord = {
      ...original,
      status: 'WITHDRAWN',
      withdrawnAt: '2031-02-05T09:00:00.000Z',
      withdrawnByName: 'Karin Kassierin',
      withdrawReason: 'Falsche Anschrift',
    }
    // Only the withdrawal is written: the rest of an issued receipt never changes.
    await store.run(({ receipts }) => receipts.withdraw({ ...withdrawn, totalCents: 1, place: 'Anderswo' }))
    await store.run(async ({ receipts }) => {
      expect(await receipts.get('r-back-1')).toEqual(withdrawn)
      expect(await receipts.issuedForDonations(['d-back-1', 'd-back-2'])).toEqual(new Map())
    })
    const replacement = receipt('r-back-2', club, 21, ['d-back-1', 'd-back-2', 'd-back-3'], {
      replacesId: 'r-back-1',
      donor: { ...ADDRESS, street: 'Hauptplatz 3' },
    })
    await store.run(({ receipts }) => receipts.insert(replacement))
    await store.run(async ({ receipts }) => {
      expect(await receipts.get('r-back-2')).toEqual(replacement)
      expect(await receipts.issuedForDonations(['d-back-1', 'd-back-3'])).toEqual(
        new Map([
          ['d-back-1', replacement],
          ['d-back-3', replacement],
        ]),
      )
      // The withdrawn one still reads as it was.
      expect(await receipts.get('r-back-1')).toEqual(withdrawn)
    })
    // Withdrawing a receipt frees only its own donations.
    await store.run(({ receipts }) => receipts.withdraw(withdrawn))
    expect((await store.run(({ receipts }) => receipts.issuedForDonations(['d-back-1'])))?.get('d-back-1')?.id).toBe(
      'r-back-2',
    )
  })

  it("pages a club's receipts newest first (issuedAt, then sequence), filtered by the day of issue", async () => {
    const club = seedClubs.rejectedAccount
    const ids = ['d-page-1', 'd-page-2', 'd-page-3', 'd-page-4', 'd-page-5', 'd-page-6']
    await addDonations(club, ids)
    const records = [
      receipt('r-page-a', club, 1, [ids[0]!], { issuedOn: '2031-01-31', issuedAt: '2031-01-31T10:00:00.000Z' }),
      receipt('r-page-b', club, 2, [ids[1]!], { issuedOn: '2031-02-01', issuedAt: '2031-02-01T10:00:00.000Z' }),
      // Issued at the same instant as b: the larger sequence first.
      receipt('r-page-c', club, 3, [ids[2]!], { issuedOn: '2031-02-01', issuedAt: '2031-02-01T10:00:00.000Z' }),
      // Vienna's 1 March, 00:30: still the last of February in UTC.
      receipt('r-page-d', club, 4, [ids[3]!], { issuedOn: '2031-03-01', issuedAt: '2031-02-28T23:30:00.000Z' }),
      // An older instant with a larger sequence: the instant orders.
      receipt('r-page-e', club, 5, [ids[4]!], { issuedOn: '2031-01-15', issuedAt: '2031-01-15T08:00:00.000Z' }),
      receipt('r-page-f', club, 6, [ids[5]!], {
        issuedOn: '2031-02-28',
        issuedAt: '2031-02-28T12:00:00.000Z',
        status: 'WITHDRAWN',
        withdrawnAt: '2031-03-02T12:00:00.000Z',
        withdrawnByName: 'Karin Kassierin',
        withdrawReason: null,
      }),
    ]
    await store.run(async ({ receipts }) => {
      for (const record of records) await receipts.insert(record)
    })
    const page = (from: string | null, to: string | null, offset = 0, limit = 10) =>
      store.run(async ({ receipts }) => {
        const slice = await receipts.page(club, { from, to, offset, limit })
        return { ids: slice.items.map((record) => record.id), total: slice.totalItems }
      })
    expect(await page(null, null)).toEqual({
      ids: ['r-page-d', 'r-page-f', 'r-page-c', 'r-page-b', 'r-page-a', 'r-page-e'],
      total: 6,
    })
    expect(await page(null, null, 1, 2)).toEqual({ ids: ['r-page-f', 'r-page-c'], total: 6 })
    expect(await page(null, null, 6, 2)).toEqual({ ids: [], total: 6 })
    // Both ends included, by the day of issue.
    expect(await page('2031-02-01', '2031-02-28')).toEqual({ ids: ['r-page-f', 'r-page-c', 'r-page-b'], total: 3 })
    expect(await page('2031-03-01', null)).toEqual({ ids: ['r-page-d'], total: 1 })
    expect(await page(null, '2031-01-31')).toEqual({ ids: ['r-page-a', 'r-page-e'], total: 2 })
    expect(await page('2031-02-02', '2031-02-27')).toEqual({ ids: [], total: 0 })
    // Whole records, in that order.
    expect(
      (await store.run(({ receipts }) => receipts.page(club, { from: null, to: null, offset: 0, limit: 1 }))).items,
    ).toEqual([records[3]])
    // Another club's are not among them.
    expect(
      (
        await store.run(({ receipts }) =>
          receipts.page(seedClubs.withoutAccount, { from: null, to: null, offset: 0, limit: 10 }),
        )
      ).totalItems,
    ).toBe(0)
  })

  it("keeps a donation's and a checkout's receipt address as given (none: absent or null)", async () => {
    const club = seedClubs.secondActive
    const campaign = [...seed.tables.campaigns.values()].find((record) => record.clubId === club)!
    await expectOptionalDataKept(store, {
      field: 'receiptAddress',
      prefix: 'addr',
      donation: (id, day, receiptAddress) => donation(id, club, day, receiptAddress),
      checkout: (id, receiptAddress) => checkoutOf(campaign, id, { receiptAddress }),
      donationValues: [ADDRESS, { ...ADDRESS, postalCode: '94032', city: 'Passau', country: 'DE' }],
      checkoutValues: [ADDRESS, { ...ADDRESS, name: 'Erika Muster-Beleg' }],
    })
  })

  it("finds a donation by the key of its donor's receipt link, and only by it", async () => {
    const linked = { ...donation('d-link-1', seedClubs.secondActive, '2030-05-01', ADDRESS), receiptToken: 'key-1' }
    const other = { ...donation('d-link-2', seedClubs.secondActive, '2030-05-02', ADDRESS), receiptToken: 'key-2' }
    const without = donation('d-link-3', seedClubs.secondActive, '2030-05-03', ADDRESS)
    await store.run(async ({ donations }) => {
      for (const record of [linked, other, without]) expect(await donations.insert(record)).toBe(true)
    })
    await store.run(async ({ donations }) => {
      expect(await donations.findByReceiptToken('key-1')).toEqual(linked)
      expect(await donations.findByReceiptToken('key-2')).toEqual(other)
      expect(await donations.get('d-link-3')).toEqual(without)
      expect(await donations.findByReceiptToken('KEY-1')).toBeNull()
      expect(await donations.findByReceiptToken('')).toBeNull()
    })
  })

  it("lists a club's donations with a receipt address whose day lies in the range, both ends included", async () => {
    const club = seedClubs.withoutAccount
    const records = [
      donation('d-in-1', club, '2030-06-01', ADDRESS),
      donation('d-in-2', club, '2030-06-15', ADDRESS),
      donation('d-in-3', club, '2030-06-30', ADDRESS),
      donation('d-in-4', club, '2030-07-01', ADDRESS),
      donation('d-in-5', club, '2030-05-31', ADDRESS),
      donation('d-in-6', club, '2030-06-10'),
      donation('d-in-7', club, '2030-06-11', null),
      donation('d-in-8', seedClubs.rejectedAccount, '2030-06-10', ADDRESS),
    ]
    await store.run(async ({ donations }) => {
      for (const record of records) await donations.insert(record)
    })
    await store.run(async ({ donations }) => {
      expect(byId(await donations.listWithReceiptAddress(club, '2030-06-01', '2030-06-30'))).toEqual(
        records.slice(0, 3),
      )
      expect(await donations.listWithReceiptAddress(club, '2030-06-15', '2030-06-15')).toEqual([records[1]])
      expect(
        (await donations.listWithReceiptAddress(club, '2030-01-01', '2030-12-31')).map((record) => record.id).sort(),
      ).toEqual(['d-in-1', 'd-in-2', 'd-in-3', 'd-in-4', 'd-in-5'])
      expect(await donations.listWithReceiptAddress(club, '2030-06-02', '2030-06-14')).toEqual([])
      expect(await donations.listWithReceiptAddress(seedClubs.rejectedAccount, '2030-06-01', '2030-06-30')).toEqual([
        records[7],
      ])
    })
  })

  // Only the SQL stores have a query plan, only the memory store a saved browser state: each test is
  // defined for the store it is about (none is skipped).
  if (name !== 'memory')
    it('reads a year of addressed donations of the 10 000-donation club by its partial index', async () => {
      const plan = await store.database!.transaction(
        async (trx) =>
          (
            await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT * FROM donations WHERE club_id = ${seedClubs.volume}
            AND receipt_address IS NOT NULL AND day >= ${`${lastYear}-01-01`} AND day <= ${`${lastYear}-12-31`}`.execute(
              trx,
            )
          ).rows,
      )
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('donations_with_receipt_address')
    })

  if (name === 'memory')
    it('saves the receipt tables, and gives a state saved before them the seed’s', () => {
      const state = store.store!.state
      const tables = ['receipts', 'receiptLocks', 'receiptSequences', 'receiptSettings'] as const
      expect(state.tables.receipts.size).toBeGreaterThan(0)
      expect(state.tables.receiptLocks.size).toBeGreaterThan(0)
      const saved = serializeState(state)
      const restored = deserializeState(saved)!
      for (const table of tables) expect(restored.tables[table], table).toEqual(state.tables[table])
      const older = JSON.parse(saved) as { tables: Record<string, unknown> }
      for (const table of tables) delete older.tables[table]
      const loaded = deserializeState(JSON.stringify(older))!
      expect(loaded.tables.receiptSettings).toBe(seed.tables.receiptSettings)
      expect(loaded.tables.receipts.size).toBe(0)
      expect(loaded.tables.receiptLocks.size).toBe(0)
      expect(loaded.tables.receiptSequences.size).toBe(0)
    })
})
