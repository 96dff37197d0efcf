/**
 * Donation lists per club and per campaign (paged, sorted, filtered by Vienna day, with totals over the
 * whole filter) and the chart's sums per day, week or month. The store pages, sorts and sums
 * (DonationRepository documents the orders); the domain checks the query and shapes the answer.
 */
import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import type { DonationPage } from '#openapi/generated/model/donationPage.ts'
import type { DonationStatsBucketsItem } from '#openapi/generated/model/donationStatsBucketsItem.ts'
import { parseSort } from './clubs.ts'
import { getCampaign, getClub } from './common.ts'
import { defineOperations, json } from './operation.ts'
import type { DonationScope, DonationSortField, Ports } from './ports.ts'
import { addDays, addMonths, dayToUtc, startOfIsoWeek, startOfMonth, utcToDay } from './time.ts'
import { FieldErrors } from './validation.ts'
import { toDonations } from './views.ts'

interface ListQuery {
  from?: string | undefined
  to?: string | undefined
  page: number
  size: number
  sort: string
}

const SORT_FIELDS: readonly DonationSortField[] = ['donatedAt', 'amountCents', 'donorName']

const checkRange = (from: string | undefined, to: string | undefined): void => {
  const errors = new FieldErrors()
  if (from !== undefined && to !== undefined && to < from) errors.add('to', 'Must not be before `from`.', 'too_small')
  errors.throwIfAny()
}

export const donationPage = async (ports: Ports, scope: DonationScope, query: ListQuery): Promise<DonationPage> => {
  checkRange(query.from, query.to)
  const { field, descending } = parseSort(query.sort)
  const slice = await ports.donations.page(scope, {
    from: query.from ?? null,
    to: query.to ?? null,
    sort: (SORT_FIELDS as readonly string[]).includes(field) ? (field as DonationSortField) : 'donatedAt',
    descending,
    offset: query.page * query.size,
    limit: query.size,
  })
  return {
    items: await toDonations(ports, slice.items),
    page: query.page,
    size: query.size,
    totalItems: slice.totalItems,
    totalPages: Math.ceil(slice.totalItems / query.size),
    totalCents: slice.totalCents,
    currency: 'EUR',
  }
}

const bucketStart = (day: string, groupBy: DonationGrouping): string =>
  groupBy === 'DAY' ? day : groupBy === 'WEEK' ? startOfIsoWeek(day) : startOfMonth(day)

const nextBucket = (start: string, groupBy: DonationGrouping): string =>
  groupBy === 'DAY' ? addDays(start, 1) : groupBy === 'WEEK' ? addDays(start, 7) : addMonths(start, 1)

/** The contract's limit: a range of at most three years. */
const threeYearsAfter = (day: string): string => {
  const date = new Date(dayToUtc(day))
  date.setUTCFullYear(date.getUTCFullYear() + 3)
  return utcToDay(date.getTime())
}

export const donationStats = async (
  ports: Ports,
  clubId: string,
  from: string,
  to: string,
  groupBy: DonationGrouping,
): Promise<DonationStatsBucketsItem[]> => {
  checkRange(from, to)
  const errors = new FieldErrors()
  if (to > threeYearsAfter(from)) errors.add('to', 'The range may span at most 3 years.', 'too_big')
  errors.throwIfAny()
  // Every bucket from the one containing `from` to the one containing `to`, so a chart has no gaps.
  const buckets: DonationStatsBucketsItem[] = []
  const byStart = new Map<string, DonationStatsBucketsItem>()
  for (let start = bucketStart(from, groupBy); start <= to; start = nextBucket(start, groupBy)) {
    const bucket = { periodStart: start, amountCents: 0, count: 0 }
    buckets.push(bucket)
    byStart.set(start, bucket)
  }
  for (const day of await ports.donations.dailyTotals(clubId, from, to)) {
    const bucket = byStart.get(bucketStart(day.day, groupBy))!
    bucket.amountCents += day.cents
    bucket.count += day.count
  }
  return buckets
}

export const donationOperations = defineOperations({
  getDonationsOfClub: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      return json(200, await donationPage(ports, { clubId: club.id }, query))
    },
  },

  getDonationStatsOfClub: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      const buckets = await donationStats(ports, club.id, query.from, query.to, query.groupBy)
      return json(200, { groupBy: query.groupBy, from: query.from, to: query.to, currency: 'EUR', buckets })
    },
  },

  getDonationsOfCampaign: {
    scope: async (ports, { params }) => ({ clubId: (await getCampaign(ports, params.campaignId)).clubId }),
    run: async ({ ports }, { params, query }) => {
      const campaign = await getCampaign(ports, params.campaignId)
      return json(200, await donationPage(ports, { campaignId: campaign.documentId }, query))
    },
  },
})
