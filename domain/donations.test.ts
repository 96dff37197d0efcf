import { describe, expect, it } from 'vitest'
import { seedAccounts, seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#tests/backend/client.ts'
import { addDays, viennaDay } from './time.ts'

const verein = seedAccounts.verein.email
type Donation = {
  id: string
  amountCents: number
  donorName: string | null
  donatedAt: string
  campaignId: string | null
  campaignName: string | null
}
const page = (query: Record<string, string | number>, clubId: string = seedClubs.volume) =>
  call('GET', `/donations/club/${clubId}`, { as: verein, query })

describe('donations of a club', () => {
  it('are at least 10 000 for the volume club, newest first, 50 a page by default', async () => {
    const result = await page({})
    expect(result.status).toBe(200)
    expect(result.body.totalItems).toBeGreaterThanOrEqual(10_000)
    expect(result.body).toMatchObject({
      page: 0,
      size: 50,
      currency: 'EUR',
      totalPages: Math.ceil(result.body.totalItems / 50),
    })
    const times = (result.body.items as Donation[]).map((item) => item.donatedAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(Date.parse(times[0]!)).toBeLessThanOrEqual(Date.now())
  })

  it('span about two years', async () => {
    const oldest = (await page({ sort: 'donatedAt,asc', size: 1 })).body.items[0] as Donation
    const days = (Date.now() - Date.parse(oldest.donatedAt)) / 86_400_000
    expect(days).toBeGreaterThan(600)
    expect(days).toBeLessThan(760)
  })

  it('page without gaps or overlaps', async () => {
    const first = (await page({ size: 100, page: 0 })).body.items as Donation[]
    const second = (await page({ size: 100, page: 1 })).body.items as Donation[]
    const both = (await page({ size: 200, page: 0 })).body.items as Donation[]
    expect([...first, ...second].map((item) => item.id)).toEqual(both.map((item) => item.id))
    const beyond = await page({ size: 1000, page: 100 })
    expect(beyond.body.items).toEqual([])
  })

  it('sort by amount and by donor (anonymous last)', async () => {
    const byAmount = (await page({ sort: 'amountCents,desc', size: 200 })).body.items as Donation[]
    const amounts = byAmount.map((item) => item.amountCents)
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a))
    const ascending = (await page({ sort: 'amountCents,asc', size: 5 })).body.items as Donation[]
    expect(ascending[0]!.amountCents).toBeLessThanOrEqual(ascending[4]!.amountCents)
    const byDonor = (await page({ sort: 'donorName', size: 300 })).body.items as Donation[]
    const names = byDonor.map((item) => item.donorName!)
    expect(names.every((name) => name !== null)).toBe(true)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')))
    const lastPage = await page({ sort: 'donorName,desc', size: 1000, page: 10 })
    expect(lastPage.body.items.at(-1)!.donorName).toBeNull()
  })

  it('filter by Vienna day with totals over the whole filter', async () => {
    const to = viennaDay(Date.now())
    const from = addDays(to, -30)
    const all = (await page({ from, to, size: 1000 })).body
    expect(all.totalItems).toBe(all.items.length)
    expect(all.totalCents).toBe((all.items as Donation[]).reduce((sum, item) => sum + item.amountCents, 0))
    const small = (await page({ from, to, size: 10, sort: 'amountCents,desc' })).body
    expect(small.totalItems).toBe(all.totalItems)
    expect(small.totalCents).toBe(all.totalCents)
    expect(small.items).toHaveLength(10)
    const oneDay = (await page({ from, to: from, size: 1000 })).body.items as Donation[]
    for (const item of oneDay) expect(viennaDay(Date.parse(item.donatedAt))).toBe(from)
    expect(kindOf(await page({ from: to, to: from }))).toBe('validation')
  })

  it('answer 404 for an unknown club and campaign', async () => {
    expect((await call('GET', '/donations/club/club-none', { as: seedAccounts.admin.email })).status).toBe(404)
    expect((await call('GET', '/donations/campaign/cmp-none', { as: seedAccounts.admin.email })).status).toBe(404)
  })
})

describe('donations of a campaign', () => {
  it('add up to the campaign’s raised amount and fall within its dates', async () => {
    const campaign = (await call('GET', `/campaigns/${seedCampaigns.runningEnabled}`, { as: verein })).body
    const list = (
      await call('GET', `/donations/campaign/${seedCampaigns.runningEnabled}`, { as: verein, query: { size: 1000 } })
    ).body
    expect(list.totalCents).toBe(campaign.raisedCents)
    expect(list.totalItems).toBe(campaign.donationCount)
    for (const item of list.items as Donation[]) {
      expect(item).toMatchObject({ campaignId: seedCampaigns.runningEnabled, campaignName: 'Kunstrasenplatz' })
      const day = viennaDay(Date.parse(item.donatedAt))
      expect(day >= campaign.from && day <= campaign.to).toBe(true)
      expect(item.amountCents).toBeGreaterThanOrEqual(campaign.minimumDonationCents)
    }
  })

  it('and of the club agree: the club’s total is its campaigns’ totals plus donations to the club itself', async () => {
    const campaigns = (await call('GET', `/campaigns/club/${seedClubs.volume}`, { as: verein })).body as Array<{
      raisedCents: number
    }>
    const club = (await page({ size: 1 })).body.totalCents
    const direct = (await page({ size: 1000, page: 0 })).body
    expect(campaigns.reduce((sum, item) => sum + item.raisedCents, 0)).toBeLessThan(club)
    expect(direct.totalCents).toBe(club)
  })
})

describe('donation statistics', () => {
  const stats = (query: Record<string, string>) =>
    call('GET', `/donations/club/${seedClubs.volume}/stats`, { as: verein, query })

  it('sum per day with every day present, matching the list’s total', async () => {
    const to = viennaDay(Date.now())
    const from = addDays(to, -13)
    const result = (await stats({ from, to })).body
    expect(result).toMatchObject({ groupBy: 'DAY', from, to, currency: 'EUR' })
    expect(result.buckets).toHaveLength(14)
    expect(result.buckets[0]!.periodStart).toBe(from)
    const listTotal = (await page({ from, to, size: 1 })).body
    expect(result.buckets.reduce((sum: number, bucket: { amountCents: number }) => sum + bucket.amountCents, 0)).toBe(
      listTotal.totalCents,
    )
    expect(result.buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(
      listTotal.totalItems,
    )
  })

  it('sum per ISO week (from Monday) and per month, filling gaps with zero', async () => {
    const weeks = (await stats({ from: '2025-03-05', to: '2025-03-31', groupBy: 'WEEK' })).body.buckets
    expect(weeks.map((bucket: { periodStart: string }) => bucket.periodStart)).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
    ])
    const months = (await stats({ from: '2020-11-15', to: '2021-02-01', groupBy: 'MONTH' })).body.buckets
    expect(months).toEqual([
      { periodStart: '2020-11-01', amountCents: 0, count: 0 },
      { periodStart: '2020-12-01', amountCents: 0, count: 0 },
      { periodStart: '2021-01-01', amountCents: 0, count: 0 },
      { periodStart: '2021-02-01', amountCents: 0, count: 0 },
    ])
    const year = (
      await stats({ from: addDays(viennaDay(Date.now()), -364), to: viennaDay(Date.now()), groupBy: 'MONTH' })
    ).body.buckets
    expect(year.length).toBeGreaterThanOrEqual(12)
    expect(year.every((bucket: { count: number }) => bucket.count > 0)).toBe(true)
  })

  it('refuse a reversed range and one longer than three years (400)', async () => {
    expect((await stats({ from: '2025-02-01', to: '2025-01-01' })).status).toBe(400)
    expect((await stats({ from: '2020-01-01', to: '2023-01-02', groupBy: 'MONTH' })).status).toBe(400)
    expect((await stats({ from: '2020-01-01', to: '2023-01-01', groupBy: 'MONTH' })).status).toBe(200)
    expect((await stats({ from: '2025-01-01' })).status).toBe(400)
  })
})
