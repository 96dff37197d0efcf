import { QueryClient } from '@tanstack/react-query'
import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { getGetCurrentUserQueryKey } from '#src/api/generated/query/endpoints/users/users.ts'
import type { CurrentUser } from '#openapi/generated/model/currentUser.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import { AuthController } from './auth-controller.ts'
import type { AuthService, AuthUser } from './auth-service.ts'
import { ForbiddenError, requireAccess } from './guard.ts'

const done = () => Promise.resolve()

const stubService = (user: AuthUser | null): AuthService => ({
  mode: 'offline',
  ready: done,
  currentUser: () => user,
  onAuthStateChanged: () => () => undefined,
  onIdTokenChanged: () => () => undefined,
  getIdToken: () => Promise.resolve(user ? 'token' : null),
  signIn: () => Promise.resolve(user!),
  signOut: done,
  reload: () => Promise.resolve(user),
  applyActionCode: done,
  sendPasswordResetEmail: done,
  confirmPasswordReset: done,
  sendEmailVerification: done,
  reauthenticate: done,
})

const me = (role: Role): CurrentUser => ({
  uid: 'uid-1',
  email: 'someone@demo.at',
  firstName: 'Some',
  lastName: 'One',
  role,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  clubIds: [],
})

/** The guard's input as the router passes it to `beforeLoad`. */
const setup = (user: AuthUser | null, role?: Role) => {
  const queryClient = new QueryClient()
  if (role) queryClient.setQueryData(getGetCurrentUserQueryKey(), me(role))
  const auth = new AuthController(() => Promise.resolve(stubService(user)))
  return (href: string, roles?: readonly Role[]) =>
    requireAccess({
      context: { auth, queryClient },
      location: { href },
      matches: [{ staticData: {} }, { staticData: roles ? { roles } : {} }],
    })
}

const verified: AuthUser = { uid: 'uid-1', email: 'someone@demo.at', emailVerified: true, displayName: null }

const redirectOf = async (promise: Promise<unknown>) => {
  const thrown: unknown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(isRedirect(thrown)).toBe(true)
  return (thrown as { options: { to: string; search: { redirect: string } } }).options
}

describe('requireAccess (the one route guard)', () => {
  it('sends an anonymous visitor to / with the full requested path, query included', async () => {
    const guard = setup(null)
    const options = await redirectOf(guard('/club/club-1/true?tab=bank&x=1#iban'))
    expect(options.to).toBe('/')
    expect(options.search).toEqual({ redirect: '/club/club-1/true?tab=bank&x=1#iban' })
  })

  it('treats a user without uid as anonymous', async () => {
    const guard = setup({ ...verified, uid: '' })
    expect((await redirectOf(guard('/home'))).search.redirect).toBe('/home')
  })

  it('treats a user with an unconfirmed address as anonymous', async () => {
    const guard = setup({ ...verified, emailVerified: false })
    expect((await redirectOf(guard('/users'))).search.redirect).toBe('/users')
  })

  it('lets any signed-in user open a route without roles, without asking for the role', async () => {
    const guard = setup(verified)
    await expect(guard('/home')).resolves.toBeUndefined()
  })

  it('refuses a signed-in user without the role', async () => {
    await expect(setup(verified, 'ROLE_USER')('/users', ['ROLE_ADMIN'])).rejects.toBeInstanceOf(ForbiddenError)
    await expect(setup(verified, 'ROLE_STAFF')('/admin', ['ROLE_ADMIN'])).rejects.toBeInstanceOf(ForbiddenError)
    await expect(setup(verified, 'ROLE_USER')('/pwdchange', ['ROLE_ADMIN', 'ROLE_STAFF'])).rejects.toBeInstanceOf(
      ForbiddenError,
    )
  })

  it('admits a user with one of the roles', async () => {
    await expect(setup(verified, 'ROLE_ADMIN')('/users', ['ROLE_ADMIN'])).resolves.toBeUndefined()
    await expect(setup(verified, 'ROLE_STAFF')('/pwdchange', ['ROLE_ADMIN', 'ROLE_STAFF'])).resolves.toBeUndefined()
    await expect(setup(verified, 'ROLE_ADMIN')('/pwdchange', ['ROLE_ADMIN', 'ROLE_STAFF'])).resolves.toBeUndefined()
  })
})
