import type { GetDonationsOfClubParams } from '#openapi/generated/model/getDonationsOfClubParams.ts'

import {
  optionalInt,
  optionalIsoDate,
  optionalNumberOf,
  optionalPattern,
  schema,
  type Infer,
} from '#src/lib/search-params.ts'

// This module is imported by route files, so it lands in the initial chunk: zod/mini with the contract's
// limits (`DonationSize`, `DonationSort`, `Page` in openapi/portal.yaml) in the small parsers of
// src/lib/search-params.ts, not the large generated zod modules.

/** Page lengths a person can choose; the backend allows up to 1000, which only the export uses. */
export const DONATION_PAGE_SIZES = [25, 50, 100, 250] as const
export const DEFAULT_DONATION_PAGE_SIZE = 50
export const DEFAULT_DONATION_SORT = 'donatedAt,desc'

export const DONATION_SORT_FIELDS = ['donatedAt', 'amountCents', 'donorName'] as const
export type DonationSortField = (typeof DONATION_SORT_FIELDS)[number]
export type SortDirection = 'asc' | 'desc'

const DONATION_SORT = new RegExp(`^(${DONATION_SORT_FIELDS.join('|')})(,(asc|desc))?$`)

/**
 * The donation list's state in the URL (house rule: list state lives in validated search params), with a
 * `d` prefix so it can sit next to other state of the same screen (`/home?id=…&dPage=2&dSort=amountCents,asc`).
 * Built from the generated parameter schema, so the URL can never hold what the backend would refuse;
 * anything invalid falls back to the default instead of failing the page.
 */
export const donationSearchSchema = schema({
  dPage: optionalInt(0, 100_000),
  dSize: optionalNumberOf(DONATION_PAGE_SIZES),
  dSort: optionalPattern(DONATION_SORT),
  dFrom: optionalIsoDate(),
  dTo: optionalIsoDate(),
})

export type DonationSearch = Infer<typeof donationSearchSchema>

export interface DonationListState {
  page: number
  size: number
  sortField: DonationSortField
  sortDirection: SortDirection
  from: string | undefined
  to: string | undefined
}

export const toListState = (search: DonationSearch): DonationListState => {
  const [field, direction] = (search.dSort ?? DEFAULT_DONATION_SORT).split(',') as [DonationSortField, SortDirection?]
  return {
    page: search.dPage ?? 0,
    size: search.dSize ?? DEFAULT_DONATION_PAGE_SIZE,
    sortField: field,
    // Spring Data's default direction is ascending.
    sortDirection: direction ?? 'asc',
    from: search.dFrom,
    to: search.dTo,
  }
}

/** The query parameters of `GET donations/club/{id}` / `donations/campaign/{id}` for a list state. */
export const toQueryParams = (state: DonationListState): GetDonationsOfClubParams => ({
  page: state.page,
  size: state.size,
  sort: `${state.sortField},${state.sortDirection}`,
  ...(state.from ? { from: state.from } : {}),
  ...(state.to ? { to: state.to } : {}),
})
