import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { ibanFromBban } from '#checks/iban.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call } from '#tests/backend/client.ts'

/**
 * The release list searched by name or ZVR number and filtered by what still needs an administrator:
 * the same clubs, order, pages and totals in every store.
 */
const admin = seedAccounts.admin.email

interface Item {
  id: string
  name: string
  zvrNumber: string
  status: string
  isChecked: boolean
  bankReview: unknown
}

const list = async (query: Record<string, string | number>) => {
  const result = await call('GET', '/club', { as: admin, query: { size: 100, ...query } })
  expect(result.status).toBe(200)
  return result.body as { items: Item[]; totalItems: number; totalPages: number }
}
const namesOf = (page: { items: Item[] }) => page.items.map((item) => item.name)
const everyClub = async () => (await list({})).items

const rename = async (clubId: string, name: string) => {
  const club = (await call('GET', `/club/cluboverview/${clubId}`, { as: admin })).body.club
  const saved = await call('PUT', '/club', { as: admin, body: { ...clubUpdateOf(club), name } })
  expect(saved.status).toBe(200)
}

/** New bank details of an active club: they wait for an administrator's confirmation. */
const changeBankDetails = async (clubId: string) => {
  const club = (await call('GET', `/club/cluboverview/${clubId}`, { as: admin })).body.club
  const profile = clubUpdateOf(club)
  const bankInfo = { ...profile.bankInfo, iban: ibanFromBban('AT', '2011100000012345'), bic: 'GIBAATWWXXX' }
  const saved = await call('PUT', '/club', { as: seedAccounts.verein.email, body: { ...profile, bankInfo } })
  expect(saved.body.bankReview?.status).toBe('PENDING')
}

describe('searching the release list by name', () => {
  it('finds a part of the name whatever its case and accents', async () => {
    for (const q of ['grünbach', 'GRUNBACH', 'Grunbach', '  sv grün ']) {
      expect(namesOf(await list({ q })), q).toEqual(['SV Grünbach 1923'])
    }
    expect(namesOf(await list({ q: 'st. polten' }))).toEqual(['Pensionistenverein St. Pölten-Wagram'])
    expect(namesOf(await list({ q: 'asko handball' }))).toEqual(['ASKÖ Handballklub Wels'])
  })

  it('finds ß as ss and numbers in the name as written, also by a part of them', async () => {
    await rename(seedClubs.withoutAccount, 'Kulturverein Großglockner 07')
    expect(namesOf(await list({ q: 'grossglockner' }))).toEqual(['Kulturverein Großglockner 07'])
    expect(namesOf(await list({ q: 'Großglockner 7' }))).toEqual(['Kulturverein Großglockner 07'])
    const nineteen = await list({ q: 'Schwaz 19' })
    expect(namesOf(nineteen)).toEqual(['Sportverein Schwaz 1920'])
  })

  it('finds nothing for a text no name contains, and every club for a blank one', async () => {
    expect(await list({ q: 'Gibtsnichtverein' })).toMatchObject({ items: [], totalItems: 0, totalPages: 0 })
    expect((await list({ q: '   ' })).totalItems).toBe((await everyClub()).length)
  })

  it('takes % and _ and the backslash literally', async () => {
    for (const q of ['%', '_', '\\', 'a%b']) expect((await list({ q })).totalItems, q).toBe(0)
    await rename(seedClubs.withoutAccount, 'Kultur_Verein 100% \\ Bregenz')
    for (const q of ['%', '_', '\\', 'r_v', '100%', '% \\ b']) {
      expect(namesOf(await list({ q })), q).toEqual(['Kultur_Verein 100% \\ Bregenz'])
    }
    // `_` is no single-character wildcard, `%` no wildcard for any text.
    expect((await list({ q: 'kultur_erein' })).totalItems).toBe(0)
    expect((await list({ q: 'kultur%bregenz' })).totalItems).toBe(0)
  })

  it('refuses a search text longer than 100 characters (400)', async () => {
    const result = await call('GET', '/club', { as: admin, query: { q: 'x'.repeat(101) } })
    expect(result.status).toBe(400)
    expect(result.error?.errors).toEqual([expect.objectContaining({ field: 'q' })])
    expect((await list({ q: 'x'.repeat(100) })).totalItems).toBe(0)
  })
})

describe('searching the release list by ZVR number', () => {
  it('finds a club by its whole ZVR number, a part of it, or the digits in groups', async () => {
    const clubs = await everyClub()
    const volume = clubs.find((club) => club.id === seedClubs.volume)!
    const zvr = volume.zvrNumber
    expect(await list({ q: zvr })).toMatchObject({ totalItems: 1, items: [{ id: seedClubs.volume }] })
    const grouped = `${zvr.slice(0, 3)} ${zvr.slice(3, 6)} ${zvr.slice(6)}`
    expect((await list({ q: grouped })).items.map((item) => item.id)).toEqual([seedClubs.volume])

    // A part of the digits: every club whose number (or name) holds them, and no other.
    const part = zvr.slice(2, 6)
    const expected = clubs.filter((club) => club.zvrNumber.includes(part) || club.name.includes(part))
    const found = await list({ q: part })
    expect(found.items.map((item) => item.id)).toEqual(expected.map((club) => club.id))
    expect(found.totalItems).toBe(expected.length)
    expect(found.items.map((item) => item.id)).toContain(seedClubs.volume)
  })

  it('does not read a number with letters as a ZVR number', async () => {
    const zvr = (await everyClub()).find((club) => club.id === seedClubs.volume)!.zvrNumber
    expect((await list({ q: `ZVR ${zvr}` })).totalItems).toBe(0)
  })
})

describe('filtering the release list by what needs an administrator', () => {
  it('lists the clubs nobody has checked yet', async () => {
    const clubs = await everyClub()
    const unchecked = await list({ filter: 'UNCHECKED' })
    expect(unchecked.items.map((item) => item.id)).toEqual(
      clubs.filter((club) => !club.isChecked).map((club) => club.id),
    )
    expect(unchecked.totalItems).toBeGreaterThan(0)
    expect(unchecked.totalItems).toBeLessThan(clubs.length)

    const check = await call('POST', `/club/${unchecked.items[0]!.id}/isChecked`, {
      as: admin,
      body: { isChecked: true },
    })
    expect(check.status).toBe(200)
    expect((await list({ filter: 'UNCHECKED' })).totalItems).toBe(unchecked.totalItems - 1)
  })

  it('lists the clubs whose new bank details wait for confirmation', async () => {
    expect(await list({ filter: 'BANK_REVIEW_PENDING' })).toMatchObject({ items: [], totalItems: 0 })
    await changeBankDetails(seedClubs.volume)
    const pending = await list({ filter: 'BANK_REVIEW_PENDING' })
    expect(pending.totalItems).toBe(1)
    expect(pending.items.map((item) => item.id)).toEqual([seedClubs.volume])
    expect(pending.items[0]!.bankReview).not.toBeNull()
    const confirmed = await call('PUT', `/club/${seedClubs.volume}/bankReview/confirm`, { as: admin })
    expect(confirmed.status).toBe(200)
    expect((await list({ filter: 'BANK_REVIEW_PENDING' })).totalItems).toBe(0)
  })

  it('combines search, filter, status and sort; pages and totals stay right', async () => {
    const clubs = await everyClub()
    const verein = clubs.filter((club) => club.name.toLowerCase().includes('verein'))
    expect(verein.length).toBeGreaterThan(5)

    const seen: string[] = []
    for (let page = 0; ; page++) {
      const slice = await list({ q: 'VEREIN', size: 4, page })
      expect(slice.totalItems).toBe(verein.length)
      expect(slice.totalPages).toBe(Math.ceil(verein.length / 4))
      if (slice.items.length === 0) break
      seen.push(...slice.items.map((item) => item.id))
    }
    expect(seen).toEqual(verein.map((club) => club.id))

    const uncheckedActive = await list({ q: 'verein', filter: 'UNCHECKED', clubStatus: 'ACTIVE', sort: 'name,desc' })
    const expected = verein.filter((club) => !club.isChecked && club.status === 'ACTIVE').reverse()
    expect(uncheckedActive.items.map((item) => item.id)).toEqual(expected.map((club) => club.id))
    expect(uncheckedActive.totalItems).toBe(expected.length)
  })

  it('refuses an unknown filter (400)', async () => {
    const result = await call('GET', '/club', { as: admin, query: { filter: 'OPEN' } })
    expect(result.status).toBe(400)
  })

  it('lets staff search and filter too', async () => {
    const result = await call('GET', '/club', {
      as: seedAccounts.staff.email,
      query: { q: 'grünbach', filter: 'ALL' },
    })
    expect(result.status).toBe(200)
    expect(result.body.items.map((item) => item.id)).toEqual([seedClubs.volume])
  })
})
