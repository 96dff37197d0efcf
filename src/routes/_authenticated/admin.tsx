import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import {
  enumWithDefault,
  intWithDefault,
  numberOfWithDefault,
  schema,
  searchTextWithDefault,
  stringWithDefault,
} from '#src/lib/search-params.ts'
import { AdminPage } from '#src/features/admin/admin-page.tsx'
import {
  ADMIN_SEARCH_DEFAULTS as defaults,
  ADMIN_TABS,
  AUDIT_PAGE_SIZES,
  CLUB_ATTENTION_FILTERS,
  CLUB_PAGE_SIZES,
  CLUB_SEARCH_MAX,
  CLUB_SORTS,
  CLUB_STATUS_FILTERS,
} from '#src/features/admin/search.ts'

// Section, search, filters, sort and page in the URL: a reload, the back button or a shared link show the same list.
const adminSearch = schema({
  tab: enumWithDefault(ADMIN_TABS, defaults.tab),
  q: searchTextWithDefault(CLUB_SEARCH_MAX, defaults.q),
  filter: enumWithDefault(CLUB_ATTENTION_FILTERS, defaults.filter),
  status: enumWithDefault(CLUB_STATUS_FILTERS, defaults.status),
  clubType: stringWithDefault(64, defaults.clubType),
  sort: enumWithDefault(CLUB_SORTS, defaults.sort),
  page: intWithDefault(0, 100_000, defaults.page),
  size: numberOfWithDefault(CLUB_PAGE_SIZES, defaults.size),
  // The audit log ("Protokoll"): a club filter and its own page.
  logClub: stringWithDefault(64, defaults.logClub),
  logPage: intWithDefault(0, 100_000, defaults.logPage),
  logSize: numberOfWithDefault(AUDIT_PAGE_SIZES, defaults.logSize),
})

export const Route = createFileRoute('/_authenticated/admin')({
  // Spec §2: administrators only. Staff read the club list on their dashboard (`/home`), as the contract
  // lets STAFF read `GET club` and nothing here (docs/decisions/0006-staff-read-only-club-list.md).
  staticData: { roles: ['ROLE_ADMIN'] },
  validateSearch: adminSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  component: AdminPage,
})
