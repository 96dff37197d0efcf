import type { ClubAttentionFilter } from '#openapi/generated/model/clubAttentionFilter.ts'
import type { ClubStatusFilter } from '#openapi/generated/model/clubStatusFilter.ts'

/** The sections of `/admin`; the one shown is in the URL (`?tab=`), so reload and back keep it. */
export const ADMIN_TABS = ['release', 'audit', 'types', 'roles', 'logo'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export const CLUB_SORTS = [
  'name,asc',
  'name,desc',
  'createdAt,desc',
  'createdAt,asc',
  'status,asc',
  'zvrNumber,asc',
] as const
export type ClubSort = (typeof CLUB_SORTS)[number]

export const CLUB_PAGE_SIZES = [10, 20, 50, 100] as const

/** The audit log's page sizes (the contract allows up to 100). */
export const AUDIT_PAGE_SIZES = [20, 50, 100] as const

export const CLUB_STATUS_FILTERS = [
  'ALL',
  'ACTIVE',
  'INACTIVE',
  'PROCESSING',
] as const satisfies readonly ClubStatusFilter[]

/** What still needs an administrator (`GET club?filter=`). */
export const CLUB_ATTENTION_FILTERS = [
  'ALL',
  'BANK_REVIEW_PENDING',
  'UNCHECKED',
] as const satisfies readonly ClubAttentionFilter[]

/** The search text's limit, as the contract's (`GET club?q=`). */
export const CLUB_SEARCH_MAX = 100

export interface AdminSearch {
  tab: AdminTab
  /** A part of the club's name or ZVR number; '' searches nothing. */
  q: string
  filter: ClubAttentionFilter
  status: ClubStatusFilter
  /** A club type id, or '' for all types. */
  clubType: string
  sort: ClubSort
  page: number
  size: number
  /** The audit log ("Protokoll"): one club's entries (its id), or '' for all. */
  logClub: string
  logPage: number
  logSize: number
}

export const ADMIN_SEARCH_DEFAULTS = {
  tab: 'release',
  q: '',
  filter: 'ALL',
  status: 'ALL',
  clubType: '',
  sort: 'name,asc',
  page: 0,
  size: 20,
  logClub: '',
  logPage: 0,
  logSize: 20,
} as const satisfies AdminSearch
