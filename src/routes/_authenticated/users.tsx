import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod'
import { getGetUsersQueryOptions } from '@/api/generated/query/endpoints/users/users'
import { UsersPage } from '@/features/users/users-page'
import { USER_PAGE_SIZES, USER_SORT_FIELDS } from '@/features/users/user-list'

// The list state (search, sort, page) lives in the URL, so a reload or a shared link shows the same list.
const defaults = { q: '', sort: 'name', dir: 'asc', page: 0, size: 20 } as const

const usersSearch = z.object({
  q: z.string().max(100).default(defaults.q).catch(defaults.q),
  sort: z.enum(USER_SORT_FIELDS).default(defaults.sort).catch(defaults.sort),
  dir: z.enum(['asc', 'desc']).default(defaults.dir).catch(defaults.dir),
  page: z.number().int().min(0).max(10_000).default(defaults.page).catch(defaults.page),
  size: z
    .number()
    .refine((value) => (USER_PAGE_SIZES as readonly number[]).includes(value))
    .default(defaults.size)
    .catch(defaults.size),
})

export const Route = createFileRoute('/_authenticated/users')({
  staticData: { roles: ['ROLE_ADMIN'] },
  validateSearch: usersSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  loader: ({ context }) => context.queryClient.ensureQueryData(getGetUsersQueryOptions()),
  component: UsersPage,
})
