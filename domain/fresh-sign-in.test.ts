import { afterEach, describe, expect, it, vi } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call, kindOf } from '#tests/backend/client.ts'

/**
 * The operations marked `x-fresh-sign-in` in the contract: a token whose `auth_time` is more than five
 * minutes old is refused with 401 `reauthentication-required` (its lifetime does not matter); signing in
 * again makes the same request pass. Everything else accepts the older sign-in.
 */
const SIX_MINUTES = 6 * 60_000

/** Signs in now and returns an Authorization header whose `auth_time` is now. */
const signedIn = async (email: string, password = SEED_PASSWORD): Promise<string> => {
  const session = await call('POST', '/__mock/identity/signIn', { body: { email, password } })
  expect(session.status).toBe(200)
  return `Bearer ${session.body.idToken}`
}

/** A header signed in now, with the clock then moved six minutes on (the ID token is still valid). */
const staleSignIn = async (email: string): Promise<string> => {
  const authorization = await signedIn(email)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + SIX_MINUTES)
  return authorization
}

const clubOf = async (authorization: string, clubId: string) =>
  (await call('GET', `/club/cluboverview/${clubId}`, { authorization })).body.club

afterEach(() => {
  vi.useRealTimers()
})

describe('operations that need a fresh sign-in', () => {
  it('refuse a password change on an old sign-in, and take it after signing in again', async () => {
    const stale = await staleSignIn(seedAccounts.verein.email)
    expect((await call('GET', '/users/me', { authorization: stale })).status).toBe(200)
    const refused = await call('PUT', '/users/updateUserPassword', {
      authorization: stale,
      body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-1' },
    })
    expect(refused.status).toBe(401)
    expect(kindOf(refused)).toBe('reauthentication-required')
    expect(refused.headers.get('www-authenticate')).toContain('Bearer')

    const fresh = await signedIn(seedAccounts.verein.email)
    const changed = await call('PUT', '/users/updateUserPassword', {
      authorization: fresh,
      body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-1' },
    })
    expect(changed.status).toBe(204)
  })

  it('refuse a role change on an old sign-in but accept a name change', async () => {
    const stale = await staleSignIn(seedAccounts.admin.email)
    const user = seedAccounts.neu
    const body = {
      uid: user.uid,
      email: user.email,
      firstName: 'Neue',
      lastName: user.lastName,
      role: 'ROLE_USER' as const,
    }
    const renamed = await call('PUT', '/users', { authorization: stale, body })
    expect(renamed.status).toBe(200)
    expect(renamed.body.firstName).toBe('Neue')

    const promoted = await call('PUT', '/users', { authorization: stale, body: { ...body, role: 'ROLE_STAFF' } })
    expect(promoted.status).toBe(401)
    expect(kindOf(promoted)).toBe('reauthentication-required')

    const fresh = await signedIn(seedAccounts.admin.email)
    const again = await call('PUT', '/users', { authorization: fresh, body: { ...body, role: 'ROLE_STAFF' } })
    expect(again.status).toBe(200)
    expect(again.body.role).toBe('ROLE_STAFF')
  })

  it('refuse a change of the bank details on an old sign-in but accept other profile changes', async () => {
    const stale = await staleSignIn(seedAccounts.verein.email)
    const club = clubUpdateOf(await clubOf(stale, seedClubs.volume))
    const described = await call('PUT', '/club', {
      authorization: stale,
      body: { ...club, shortDescription: 'Frisch beschrieben, ohne neue Anmeldung.' },
    })
    expect(described.status).toBe(200)

    const newBank = { ...club.bankInfo, accountHolder: 'Jemand Anderer' }
    const refused = await call('PUT', '/club', { authorization: stale, body: { ...club, bankInfo: newBank } })
    expect(refused.status).toBe(401)
    expect(kindOf(refused)).toBe('reauthentication-required')
    expect((await clubOf(stale, seedClubs.volume)).bankInfo.accountHolder).toBe(club.bankInfo.accountHolder)

    const fresh = await signedIn(seedAccounts.verein.email)
    const saved = await call('PUT', '/club', { authorization: fresh, body: { ...club, bankInfo: newBank } })
    expect(saved.status).toBe(200)
    expect(saved.body.bankInfo.accountHolder).toBe('Jemand Anderer')
  })
})
