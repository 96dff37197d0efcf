import type { ClubReference } from '#openapi/generated/model/clubReference.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import type { User } from '#openapi/generated/model/user.ts'
import { ROLES } from './roles.ts'

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'verified', 'createdAt'] as const
export type UserSortField = (typeof USER_SORT_FIELDS)[number]
export type SortDirection = 'asc' | 'desc'
export const USER_PAGE_SIZES = [10, 20, 50] as const

export interface UserListQuery {
  q: string
  sort: UserSortField
  dir: SortDirection
  page: number
  size: number
}

/** The list as it shows without search parameters; the route validates against them and keeps them out of the URL. */
export const USER_LIST_DEFAULTS = {
  q: '',
  sort: 'name',
  dir: 'asc',
  page: 0,
  size: 20,
} as const satisfies UserListQuery

/** A user as the list shows them: with their clubs when the backend names them (`GET users`). */
export type ListedUser = User & { clubs?: readonly ClubReference[] }

export interface UserListPage<U extends ListedUser = ListedUser> {
  items: U[]
  totalItems: number
  totalPages: number
  /** The page actually shown: a page beyond the end (after a search or a deletion) falls back to the last. */
  page: number
}

const collator = new Intl.Collator('de-AT', { sensitivity: 'base', numeric: true })

// Sorting by role follows the order the role select offers them.
const roleRank = (role: Role) => ROLES.indexOf(role)

const compare =
  (field: UserSortField) =>
  (a: User, b: User): number => {
    switch (field) {
      case 'name':
        return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName)
      case 'email':
        return collator.compare(a.email, b.email)
      case 'role':
        return roleRank(a.role) - roleRank(b.role)
      case 'verified':
        return Number(a.emailVerified) - Number(b.emailVerified)
      case 'createdAt':
        return a.createdAt.localeCompare(b.createdAt)
    }
  }

const normalise = (value: string) => value.toLocaleLowerCase('de-AT').normalize('NFKD').replace(/\p{M}/gu, '')

/**
 * Search, sort and page the whole user list on the client: the contract returns it unpaged because it is
 * small (`GET users`). `roleLabel` lets a search for "Mitarbeiter" find staff, a club's name finds its
 * people. Ties fall back to the name, so the order is stable across pages.
 */
export const selectUsers = <U extends ListedUser>(
  users: readonly U[],
  query: UserListQuery,
  roleLabel: (role: Role) => string,
): UserListPage<U> => {
  const terms = normalise(query.q.trim()).split(/\s+/).filter(Boolean)
  const matching = terms.length
    ? users.filter((user) => {
        const clubs = (user.clubs ?? []).map((club) => club.name).join(' ')
        const haystack = normalise(`${user.firstName} ${user.lastName} ${user.email} ${roleLabel(user.role)} ${clubs}`)
        return terms.every((term) => haystack.includes(term))
      })
    : [...users]
  const byField = compare(query.sort)
  const byName = compare('name')
  const sign = query.dir === 'asc' ? 1 : -1
  matching.sort((a, b) => sign * byField(a, b) || byName(a, b))
  const size = Math.max(1, query.size)
  const totalPages = Math.ceil(matching.length / size)
  const page = Math.min(Math.max(0, query.page), Math.max(0, totalPages - 1))
  return { items: matching.slice(page * size, page * size + size), totalItems: matching.length, totalPages, page }
}
