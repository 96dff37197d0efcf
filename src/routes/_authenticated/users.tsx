import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import {
  enumWithDefault,
  intWithDefault,
  numberOfWithDefault,
  schema,
  stringWithDefault,
} from '#src/lib/search-params.ts'
import { getGetUsersQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import { UsersPage } from '#src/features/users/users-page.tsx'
import { USER_LIST_DEFAULTS as defaults, USER_PAGE_SIZES, USER_SORT_FIELDS } from '#src/features/users/user-list.ts'

// The list state (search, sort, page) lives in the URL, so a reload or a shared link shows the same list.

const usersSearch = schema({
  q: stringWithDefault(100, defaults.q),
  sort: enumWithDefault(USER_SORT_FIELDS, defaults.sort),
  dir: enumWithDefault(['asc', 'desc'], defaults.dir),
  page: intWithDefault(0, 10_000, defaults.page),
  size: numberOfWithDefault(USER_PAGE_SIZES, defaults.size),
})

export const Route = createFileRoute('/_authenticated/users')({
  staticData: { roles: ['ROLE_ADMIN'] },
  validateSearch: usersSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  loader: ({ context }) => context.queryClient.ensureQueryData(getGetUsersQueryOptions()),
  component: UsersPage,
})
