import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminPage } from '@/features/admin/admin-page'
import {
  ADMIN_SEARCH_DEFAULTS as defaults,
  ADMIN_TABS,
  CLUB_PAGE_SIZES,
  CLUB_SORTS,
  CLUB_STATUS_FILTERS,
} from '@/features/admin/search'

// Section, filters, sort and page in the URL: a reload, the back button or a shared link show the same list.
const adminSearch = z.object({
  tab: z.enum(ADMIN_TABS).default(defaults.tab).catch(defaults.tab),
  status: z.enum(CLUB_STATUS_FILTERS).default(defaults.status).catch(defaults.status),
  clubType: z.string().max(64).default(defaults.clubType).catch(defaults.clubType),
  sort: z.enum(CLUB_SORTS).default(defaults.sort).catch(defaults.sort),
  page: z.number().int().min(0).max(100_000).default(defaults.page).catch(defaults.page),
  size: z
    .number()
    .refine((value) => (CLUB_PAGE_SIZES as readonly number[]).includes(value))
    .default(defaults.size)
    .catch(defaults.size),
})

export const Route = createFileRoute('/_authenticated/admin')({
  // Spec §2: administrators only. Staff read the club list on their dashboard (`/home`), as the contract
  // lets STAFF read `GET club` and nothing here (docs/decisions/0006-staff-read-only-club-list.md).
  staticData: { roles: ['ROLE_ADMIN'] },
  validateSearch: adminSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  component: AdminPage,
})
