import { describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { call, idTokenFor, kindOf } from '#tests/backend/client.ts'

const admin = seedAccounts.admin.email

const signIn = (email: string, password: string) =>
  call('POST', '/__mock/identity/signIn', { body: { email, password } })

describe('users', () => {
  it('lists users sorted by last name (administrators only)', async () => {
    const result = await call('GET', '/users', { as: admin })
    expect(result.status).toBe(200)
    const lastNames = result.body.map((user) => user.lastName)
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'de')))
    expect(result.body[0]).not.toHaveProperty('password')
  })

  it('lists each user’s clubs by name, and none for staff', async () => {
    const users = (await call('GET', '/users', { as: admin })).body
    const byUid = new Map(users.map((user) => [user.uid, user.clubs]))
    expect(byUid.get(seedAccounts.verein.uid)).toEqual([
      { id: seedClubs.secondActive, name: 'Musikverein Hallein' },
      { id: seedClubs.volume, name: 'SV Grünbach 1923' },
      { id: seedClubs.german, name: 'Verein Jugend im Dreiländereck Passau e. V.' },
    ])
    expect(byUid.get(seedAccounts.neu.uid)).toEqual([{ id: seedClubs.incomplete, name: 'Sportunion Leoben' }])
    expect(byUid.get(seedAccounts.admin.uid)).toEqual([])
    expect(byUid.get(seedAccounts.staff.uid)).toEqual([])
    // Every user has the field, an empty list when they belong to no club.
    expect(users.every((user) => Array.isArray(user.clubs))).toBe(true)
  })

  it('creates a user who can sign in, and refuses a second one with the same address (409 user-exists)', async () => {
    const body = {
      email: 'Neue.Kassierin@Demo.at',
      password: 'Sicher-123',
      firstName: 'Erika',
      lastName: 'Muster',
      role: 'ROLE_STAFF' as const,
    }
    const created = await call('POST', '/users', { as: admin, body })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ email: 'neue.kassierin@demo.at', role: 'ROLE_STAFF', emailVerified: true })
    expect((await signIn('neue.kassierin@demo.at', 'Sicher-123')).status).toBe(200)

    const again = await call('POST', '/users', { as: admin, body: { ...body, email: 'neue.kassierin@demo.at' } })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('user-exists')
  })

  it('updates a user; another user’s address is taken (409), an unknown uid is 404', async () => {
    const update = {
      uid: seedAccounts.staff.uid,
      email: 'staff@demo.at',
      firstName: 'Stefanie',
      lastName: 'Sachbearbeiterin',
      role: 'ROLE_STAFF' as const,
    }
    const result = await call('PUT', '/users', { as: admin, body: update })
    expect(result.status).toBe(200)
    expect(result.body.firstName).toBe('Stefanie')
    expect(kindOf(await call('PUT', '/users', { as: admin, body: { ...update, email: 'verein@demo.at' } }))).toBe(
      'user-exists',
    )
    expect((await call('PUT', '/users', { as: admin, body: { ...update, uid: 'uid-nobody' } })).status).toBe(404)
  })

  it('trims names before checking them: blank first or last names are 400 with the field named', async () => {
    const body = {
      email: 'leer@demo.at',
      password: 'Sicher-123',
      firstName: '   ',
      lastName: 'Muster',
      role: 'ROLE_STAFF' as const,
    }
    const blank = await call('POST', '/users', { as: admin, body })
    expect(blank.status).toBe(400)
    expect(kindOf(blank)).toBe('validation')
    expect(blank.error?.errors).toEqual([expect.objectContaining({ field: 'firstName', code: 'too_small' })])
    expect((await signIn('leer@demo.at', 'Sicher-123')).status).toBe(400)

    const update = {
      uid: seedAccounts.staff.uid,
      email: 'staff@demo.at',
      firstName: 'Stefanie',
      lastName: ' ',
      role: 'ROLE_STAFF' as const,
    }
    const blankUpdate = await call('PUT', '/users', { as: admin, body: update })
    expect(blankUpdate.status).toBe(400)
    expect(blankUpdate.error?.errors).toEqual([expect.objectContaining({ field: 'lastName', code: 'too_small' })])
    const padded = await call('PUT', '/users', {
      as: admin,
      body: { ...update, firstName: '  Stefanie  Maria ', lastName: ' Sachbearbeiterin ' },
    })
    expect(padded.body).toMatchObject({ firstName: 'Stefanie Maria', lastName: 'Sachbearbeiterin' })
  })

  it('keeps the last administrator (409 last-admin) and refuses deleting yourself (409 self-delete)', async () => {
    const demote = await call('PUT', '/users', {
      as: admin,
      body: { uid: seedAccounts.admin.uid, email: admin, firstName: 'Andrea', lastName: 'Admin', role: 'ROLE_USER' },
    })
    expect(demote.status).toBe(409)
    expect(kindOf(demote)).toBe('last-admin')

    const self = await call('DELETE', `/users/${seedAccounts.admin.uid}`, { as: admin })
    expect(self.status).toBe(409)
    expect(kindOf(self)).toBe('self-delete')

    // With a second administrator, the first may step down; the remaining one can only be deleted by
    // themselves, which is refused.
    await call('PUT', '/users', {
      as: admin,
      body: {
        uid: seedAccounts.staff.uid,
        email: 'staff@demo.at',
        firstName: 'Stefan',
        lastName: 'Sachbearbeiter',
        role: 'ROLE_ADMIN',
      },
    })
    expect(
      (
        await call('PUT', '/users', {
          as: admin,
          body: {
            uid: seedAccounts.admin.uid,
            email: admin,
            firstName: 'Andrea',
            lastName: 'Admin',
            role: 'ROLE_USER',
          },
        })
      ).status,
    ).toBe(200)
    expect(kindOf(await call('DELETE', `/users/${seedAccounts.staff.uid}`, { as: seedAccounts.staff.email }))).toBe(
      'self-delete',
    )
    expect((await call('DELETE', `/users/${seedAccounts.admin.uid}`, { as: seedAccounts.staff.email })).status).toBe(
      204,
    )
  })

  it('deletes a user with their memberships and sign-in', async () => {
    expect((await call('DELETE', `/users/${seedAccounts.freigabe.uid}`, { as: admin })).status).toBe(204)
    expect((await call('DELETE', `/users/${seedAccounts.freigabe.uid}`, { as: admin })).status).toBe(404)
    const members = await call('GET', `/club/${seedClubs.releasable}/getUsers`, { as: admin })
    expect(members.body.map((member: { email: string }) => member.email)).not.toContain(seedAccounts.freigabe.email)
    expect((await signIn(seedAccounts.freigabe.email, SEED_PASSWORD)).status).toBe(400)
  })

  it('tells the caller who they are, with their clubs', async () => {
    const result = await call('GET', '/users/me', { as: seedAccounts.verein.email })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ uid: seedAccounts.verein.uid, role: 'ROLE_USER', emailVerified: true })
    expect(result.body.clubIds).toEqual(
      expect.arrayContaining([seedClubs.volume, seedClubs.secondActive, seedClubs.german]),
    )
    expect(result.body.clubIds).toHaveLength(3)
  })

  it('changes the caller’s password and ends their sessions', async () => {
    const session = (await signIn(seedAccounts.verein.email, SEED_PASSWORD)).body
    const token = await idTokenFor(seedAccounts.verein.email)
    const result = await call('PUT', '/users/updateUserPassword', {
      authorization: `Bearer ${token}`,
      body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-1' },
    })
    expect(result.status).toBe(204)
    expect((await call('GET', '/users/me', { authorization: `Bearer ${token}` })).status).toBe(401)
    expect(
      (await call('POST', '/__mock/identity/token', { body: { refreshToken: session.refreshToken } })).body,
    ).toEqual({ error: 'INVALID_REFRESH_TOKEN' })
    expect((await signIn(seedAccounts.verein.email, SEED_PASSWORD)).status).toBe(400)
    const fresh = await signIn(seedAccounts.verein.email, 'Neues-Passwort-1')
    expect((await call('GET', '/users/me', { authorization: `Bearer ${fresh.body.idToken}` })).status).toBe(200)
    expect(
      (
        await call('PUT', '/users/updateUserPassword', {
          as: seedAccounts.verein.email,
          body: { currentPassword: 'Neues-Passwort-1', password: 'kurz' },
        })
      ).status,
    ).toBe(400)
  })
})
