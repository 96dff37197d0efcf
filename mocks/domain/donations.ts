/**
 * Donation lists per club and per campaign (paged, sorted, filtered by Vienna day, with totals over the
 * whole filter) and the chart's sums per day, week or month. Lists are kept sorted by time, so a day
 * filter is two binary searches and a total is a difference of prefix sums.
 */
import {
  GetDonationsOfCampaignParams,
  GetDonationsOfCampaignQueryParams,
  GetDonationsOfClubParams,
  GetDonationsOfClubQueryParams,
  GetDonationStatsOfClubParams,
  GetDonationStatsOfClubQueryParams,
} from '../../src/api/generated/zod/donations/donations.zod.ts'
import type { DonationGrouping } from '../../src/api/generated/query/model/donationGrouping.ts'
import type { DonationPage } from '../../src/api/generated/query/model/donationPage.ts'
import type { DonationStatsBucketsItem } from '../../src/api/generated/query/model/donationStatsBucketsItem.ts'
import { donationsOfCampaign, donationsOfClub } from '../db/indexes.ts'
import type { Tx } from '../db/store.ts'
import type { DonationRecord } from '../db/types.ts'
import { parseSort } from './clubs.ts'
import { collator, getCampaign, getClub } from './common.ts'
import { defineOperation, json } from './operation.ts'
import { addDays, addMonths, dayToUtc, startOfIsoWeek, startOfMonth, utcToDay } from './time.ts'
import { FieldErrors } from './validation.ts'
import { toDonation } from './views.ts'

type List = readonly DonationRecord[]

const prefixCache = new WeakMap<List, Float64Array>()
const sortedCache = new WeakMap<List, Map<string, List>>()

/** prefix[i] = sum of the first i amounts. */
const prefixSums = (list: List): Float64Array => {
  let prefix = prefixCache.get(list)
  if (!prefix) {
    prefix = new Float64Array(list.length + 1)
    for (let i = 0; i < list.length; i++) prefix[i + 1] = prefix[i]! + list[i]!.amountCents
    prefixCache.set(list, prefix)
  }
  return prefix
}

/** The first index whose day is ≥ `day` (the list is sorted by time, so by day too). */
const lowerBound = (list: List, day: string): number => {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (list[mid]!.day < day) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The first index whose day is > `day`. Not `lowerBound(list, addDays(day, 1))`: that differs for
 * 9999-12-31, a valid `to` whose next day no longer sorts as a day string.
 */
const upperBound = (list: List, day: string): number => {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (list[mid]!.day <= day) low = mid + 1
    else high = mid
  }
  return low
}

const COMPARATORS: Readonly<Record<string, (a: DonationRecord, b: DonationRecord) => number>> = {
  amountCents: (a, b) => a.amountCents - b.amountCents,
  donorName: (a, b) => collator.compare(a.donorName ?? '', b.donorName ?? ''),
}

/** The whole list sorted by `field` (stable on time, then id), cached per list. */
const sortedBy = (list: List, field: string, descending: boolean): List => {
  let byKey = sortedCache.get(list)
  if (!byKey) sortedCache.set(list, (byKey = new Map<string, List>()))
  const key = `${field},${descending ? 'desc' : 'asc'}`
  let sorted = byKey.get(key)
  if (!sorted) {
    const compare = COMPARATORS[field]!
    // Anonymous donations have no name to sort by: they come last in both directions.
    const nullsLast = field === 'donorName'
    sorted = [...list].sort((a, b) => {
      if (nullsLast && (a.donorName === null) !== (b.donorName === null)) return a.donorName === null ? 1 : -1
      const order = compare(a, b)
      return (descending ? -order : order) || b.at - a.at || (a.id < b.id ? 1 : -1)
    })
    byKey.set(key, sorted)
  }
  return sorted
}

interface ListQuery {
  from?: string | undefined
  to?: string | undefined
  page: number
  size: number
  sort: string
}

const checkRange = (from: string | undefined, to: string | undefined): void => {
  const errors = new FieldErrors()
  if (from !== undefined && to !== undefined && to < from) errors.add('to', 'Must not be before `from`.', 'too_small')
  errors.throwIfAny()
}

export const donationPage = (tx: Tx, list: List, query: ListQuery): DonationPage => {
  checkRange(query.from, query.to)
  const start = query.from === undefined ? 0 : lowerBound(list, query.from)
  const end = Math.max(start, query.to === undefined ? list.length : upperBound(list, query.to))
  const prefix = prefixSums(list)
  const totalItems = end - start
  const offset = query.page * query.size
  const { field, descending } = parseSort(query.sort)
  let items: DonationRecord[]
  if (field === 'donatedAt' || !COMPARATORS[field]) {
    items = []
    for (let i = offset; i < Math.min(totalItems, offset + query.size); i++) items.push(descending ? list[end - 1 - i]! : list[start + i]!)
  } else {
    const sorted = sortedBy(list, field, descending)
    const whole = start === 0 && end === list.length
    const matching = whole ? sorted : sorted.filter((donation) => (query.from === undefined || donation.day >= query.from) && (query.to === undefined || donation.day <= query.to))
    items = matching.slice(offset, offset + query.size)
  }
  return {
    items: items.map((donation) => toDonation(tx, donation)),
    page: query.page,
    size: query.size,
    totalItems,
    totalPages: Math.ceil(totalItems / query.size),
    totalCents: prefix[end]! - prefix[start]!,
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

export const donationStats = (list: List, from: string, to: string, groupBy: DonationGrouping): DonationStatsBucketsItem[] => {
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
  const startCache = new Map<string, string>()
  for (let i = lowerBound(list, from), end = upperBound(list, to); i < end; i++) {
    const donation = list[i]!
    let start = startCache.get(donation.day)
    if (start === undefined) startCache.set(donation.day, (start = bucketStart(donation.day, groupBy)))
    const bucket = byStart.get(start)!
    bucket.amountCents += donation.amountCents
    bucket.count += 1
  }
  return buckets
}

export const donationOperations = {
  getDonationsOfClub: defineOperation({
    params: GetDonationsOfClubParams,
    query: GetDonationsOfClubQueryParams,
    scope: (tx, { params }) => ({ clubId: getClub(tx, params.clubId).id }),
    run: ({ tx }, { params, query }) => {
      const club = getClub(tx, params.clubId)
      return json(200, donationPage(tx, donationsOfClub(tx.map('donations'), club.id), query))
    },
  }),

  getDonationStatsOfClub: defineOperation({
    params: GetDonationStatsOfClubParams,
    query: GetDonationStatsOfClubQueryParams,
    scope: (tx, { params }) => ({ clubId: getClub(tx, params.clubId).id }),
    run: ({ tx }, { params, query }) => {
      const club = getClub(tx, params.clubId)
      const buckets = donationStats(donationsOfClub(tx.map('donations'), club.id), query.from, query.to, query.groupBy)
      return json(200, { groupBy: query.groupBy, from: query.from, to: query.to, currency: 'EUR', buckets })
    },
  }),

  getDonationsOfCampaign: defineOperation({
    params: GetDonationsOfCampaignParams,
    query: GetDonationsOfCampaignQueryParams,
    scope: (tx, { params }) => ({ clubId: getCampaign(tx, params.campaignId).clubId }),
    run: ({ tx }, { params, query }) => {
      const campaign = getCampaign(tx, params.campaignId)
      return json(200, donationPage(tx, donationsOfCampaign(tx.map('donations'), campaign.documentId), query))
    },
  }),
}
