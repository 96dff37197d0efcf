/**
 * The in-memory donation queries of DonationRepository (domain/ports.ts documents the orders). Lists
 * are kept sorted by time (mocks/db/indexes.ts), so a day filter is two binary searches and a total a
 * difference of prefix sums; the other orders are sorted once per list and cached.
 */
import type { DonationListQuery, DonationTotals } from '#domain/ports.ts'
import { countedCents } from '#domain/records.ts'
import type { DonationRecord } from '#domain/records.ts'
import { compareBySortKey } from '#domain/sort-key.ts'

type List = readonly DonationRecord[]

const prefixCache = new WeakMap<List, Float64Array>()
const sortedCache = new WeakMap<List, Map<string, List>>()

/** prefix[i] = sum of what the first i donations count (domain/records.ts, countedCents). */
const prefixSums = (list: List): Float64Array => {
  let prefix = prefixCache.get(list)
  if (!prefix) {
    prefix = new Float64Array(list.length + 1)
    for (let i = 0; i < list.length; i++) prefix[i + 1] = prefix[i]! + countedCents(list[i]!)
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

const COMPARATORS: Readonly<Record<'amountCents' | 'donorName', (a: DonationRecord, b: DonationRecord) => number>> = {
  amountCents: (a, b) => a.amountCents - b.amountCents,
  donorName: (a, b) => compareBySortKey(a.donorName ?? '', b.donorName ?? ''),
}

/** The whole list sorted by `field` (then newest first, then id descending), cached per list. */
const sortedBy = (list: List, field: 'amountCents' | 'donorName', descending: boolean): List => {
  let byKey = sortedCache.get(list)
  if (!byKey) sortedCache.set(list, (byKey = new Map<string, List>()))
  const key = `${field},${descending ? 'desc' : 'asc'}`
  let sorted = byKey.get(key)
  if (!sorted) {
    const compare = COMPARATORS[field]
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

/** A page of a time-sorted list, with the count and sum of everything the filter matches. */
export const pageOfList = (
  list: List,
  query: DonationListQuery,
): { items: DonationRecord[]; totalItems: number; totalCents: number } => {
  const start = query.from === null ? 0 : lowerBound(list, query.from)
  const end = Math.max(start, query.to === null ? list.length : upperBound(list, query.to))
  const prefix = prefixSums(list)
  const totalItems = end - start
  const { offset, limit } = query
  let items: DonationRecord[]
  if (query.sort === 'donatedAt') {
    items = []
    for (let i = offset; i < Math.min(totalItems, offset + limit); i++)
      items.push(query.descending ? list[end - 1 - i]! : list[start + i]!)
  } else {
    const sorted = sortedBy(list, query.sort, query.descending)
    const whole = start === 0 && end === list.length
    const matching = whole
      ? sorted
      : sorted.filter(
          (donation) =>
            (query.from === null || donation.day >= query.from) && (query.to === null || donation.day <= query.to),
        )
    items = matching.slice(offset, offset + limit)
  }
  return { items, totalItems, totalCents: prefix[end]! - prefix[start]! }
}

/** Count and sum per day in [from, to], days ascending. */
export const dailyTotalsOfList = (
  list: List,
  from: string,
  to: string,
): Array<{ day: string; count: number; cents: number }> => {
  const days: Array<{ day: string; count: number; cents: number }> = []
  let current: { day: string; count: number; cents: number } | undefined
  for (let i = lowerBound(list, from), end = upperBound(list, to); i < end; i++) {
    const donation = list[i]!
    if (current?.day !== donation.day) days.push((current = { day: donation.day, count: 0, cents: 0 }))
    current.count += 1
    current.cents += countedCents(donation)
  }
  return days
}

/** All donations of a list, and those from `sinceDay` on. */
export const totalsOfList = (list: List, sinceDay: string): { all: DonationTotals; since: DonationTotals } => {
  const prefix = prefixSums(list)
  const start = lowerBound(list, sinceDay)
  return {
    all: { count: list.length, cents: prefix[list.length]! },
    since: { count: list.length - start, cents: prefix[list.length]! - prefix[start]! },
  }
}

/**
 * The donations of a list that have something (`pick`) whose day lies in [from, to]. The few of them are
 * picked once per list (kept in time order, so the day range is two binary searches), not per request from
 * the club's 10 000.
 */
const pickedOfList = (pick: (donation: DonationRecord) => boolean) => {
  const cache = new WeakMap<List, List>()
  return (list: List, from: string, to: string): DonationRecord[] => {
    let picked = cache.get(list)
    if (!picked) {
      picked = list.filter(pick)
      cache.set(list, picked)
    }
    const start = lowerBound(picked, from)
    return picked.slice(start, Math.max(start, upperBound(picked, to)))
  }
}

/** The donations of a list with a `tax` record whose day lies in [from, to]. */
export const withTaxOfList = pickedOfList((donation) => donation.tax != null)

/** The donations of a list with a `receiptAddress` whose day lies in [from, to]. */
export const withReceiptAddressOfList = pickedOfList((donation) => donation.receiptAddress != null)
