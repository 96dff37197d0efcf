import { describe, expect, it } from 'vitest'
import type { User } from '#openapi/generated/model/user.ts'
import { selectUsers, USER_LIST_DEFAULTS, type UserListQuery } from './user-list.ts'

const user = (firstName: string, lastName: string, overrides: Partial<User> = {}): User => ({
  uid: `uid-${lastName}-${firstName}`.toLowerCase(),
  email: `${firstName}.${lastName}@demo.at`.toLowerCase(),
  firstName,
  lastName,
  role: 'ROLE_USER',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
})

const USERS = [
  user('Zoe', 'Ärger', { role: 'ROLE_STAFF', createdAt: '2026-03-01T00:00:00Z' }),
  user('Anna', 'Bauer', { emailVerified: false }),
  user('Andrea', 'Admin', { role: 'ROLE_ADMIN', createdAt: '2025-01-01T00:00:00Z' }),
  user('Bernd', 'Bauer'),
]
const labels = { ROLE_ADMIN: 'Administrator/in', ROLE_STAFF: 'Mitarbeiter/in', ROLE_USER: 'Vereinsvertreter/in' }
const query = (overrides: Partial<UserListQuery> = {}): UserListQuery => ({ ...USER_LIST_DEFAULTS, ...overrides })
const names = (items: User[]) => items.map((item) => `${item.firstName} ${item.lastName}`)

describe('selectUsers', () => {
  it('sorts by last name, then first name, with German collation (Ä next to A)', () => {
    expect(names(selectUsers(USERS, query(), (role) => labels[role]).items)).toEqual([
      'Andrea Admin',
      'Zoe Ärger',
      'Anna Bauer',
      'Bernd Bauer',
    ])
  })

  it('finds a user by the name of a club they belong to', () => {
    const members = [
      { ...user('Markus', 'Obermayr'), clubs: [{ id: 'club-sv-gruenbach', name: 'SV Grünbach 1923' }] },
      { ...user('Nina', 'Neubauer'), clubs: [] },
    ]
    expect(names(selectUsers(members, query({ q: 'grunbach' }), (role) => labels[role]).items)).toEqual([
      'Markus Obermayr',
    ])
  })

  it('searches name, e-mail and the German role, ignoring case and accents', () => {
    expect(names(selectUsers(USERS, query({ q: 'arger' }), (role) => labels[role]).items)).toEqual(['Zoe Ärger'])
    expect(names(selectUsers(USERS, query({ q: 'mitarbeiter' }), (role) => labels[role]).items)).toEqual(['Zoe Ärger'])
    expect(names(selectUsers(USERS, query({ q: 'bauer anna' }), (role) => labels[role]).items)).toEqual(['Anna Bauer'])
  })

  it('sorts by role, confirmation and age in both directions', () => {
    expect(names(selectUsers(USERS, query({ sort: 'role' }), (role) => labels[role]).items)[0]).toBe('Andrea Admin')
    expect(names(selectUsers(USERS, query({ sort: 'verified' }), (role) => labels[role]).items)[0]).toBe('Anna Bauer')
    expect(names(selectUsers(USERS, query({ sort: 'createdAt', dir: 'desc' }), (role) => labels[role]).items)[0]).toBe(
      'Zoe Ärger',
    )
  })

  it('pages, and falls back to the last page when the asked one is beyond the end', () => {
    const second = selectUsers(USERS, query({ size: 3, page: 1 }), (role) => labels[role])
    expect(second).toMatchObject({ totalItems: 4, totalPages: 2, page: 1 })
    expect(names(second.items)).toEqual(['Bernd Bauer'])
    expect(selectUsers(USERS, query({ size: 3, page: 9 }), (role) => labels[role]).page).toBe(1)
    expect(selectUsers([], query({ page: 3 }), (role) => labels[role])).toMatchObject({ page: 0, totalPages: 0 })
  })
})
