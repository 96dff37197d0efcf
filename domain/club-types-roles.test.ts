import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubTypes } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#tests/backend/client.ts'

const admin = seedAccounts.admin.email

describe('club types', () => {
  it('are public, sorted by name, with the number of clubs using each', async () => {
    const result = await call('GET', '/clubtypes/all')
    expect(result.status).toBe(200)
    const names = result.body.map((type: { name: string }) => type.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')))
    expect(result.body.reduce((sum: number, type: { clubCount: number }) => sum + type.clubCount, 0)).toBe(31)
  })

  it('have unique names regardless of case and spacing (409 name-taken)', async () => {
    const created = await call('POST', '/clubtypes', { as: admin, body: { name: '  Trachtenverein ' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Trachtenverein', clubCount: 0 })
    expect(kindOf(await call('POST', '/clubtypes', { as: admin, body: { name: 'trachtenVEREIN' } }))).toBe('name-taken')
    expect(
      kindOf(await call('PUT', `/clubtypes/${created.body.id}`, { as: admin, body: { name: 'Sportverein' } })),
    ).toBe('name-taken')
    const renamed = await call('PUT', `/clubtypes/${created.body.id}`, {
      as: admin,
      body: { name: 'Trachten- und Heimatverein' },
    })
    expect(renamed.body.name).toBe('Trachten- und Heimatverein')
    expect((await call('POST', '/clubtypes', { as: admin, body: { name: '   a ' } })).status).toBe(400)
  })

  it('are not deleted while clubs use them (409 in-use naming the clubs); unused ones are', async () => {
    const inUse = await call('DELETE', `/clubtypes/${seedClubTypes.feuerwehr}`, { as: admin })
    expect(inUse.status).toBe(409)
    expect(kindOf(inUse)).toBe('in-use')
    expect(inUse.error?.detail).toContain('Freiwillige Feuerwehr Tulln')
    const created = await call('POST', '/clubtypes', { as: admin, body: { name: 'Schachverein' } })
    expect((await call('DELETE', `/clubtypes/${created.body.id}`, { as: admin })).status).toBe(204)
    expect((await call('DELETE', `/clubtypes/${created.body.id}`, { as: admin })).status).toBe(404)
    expect((await call('PUT', '/clubtypes/ct-none', { as: admin, body: { name: 'Egal' } })).status).toBe(404)
  })
})

describe('club roles', () => {
  it('count memberships and open invitations', async () => {
    const result = await call('GET', '/clubroles/all', { as: seedAccounts.verein.email })
    expect(result.status).toBe(200)
    const byId = Object.fromEntries(
      result.body.map((role: { id: string; memberCount: number }) => [role.id, role.memberCount]),
    )
    expect(byId[seedClubRoles.obmann]).toBe(31)
    expect(byId[seedClubRoles.rechnungspruefung]).toBe(0)
  })

  it('count an open invitation as a use, which blocks deleting the role', async () => {
    const role = await call('POST', '/clubroles', { as: admin, body: { name: 'Jugendreferent/in' } })
    expect(role.body.memberCount).toBe(0)
    await call('POST', '/club/club-sv-gruenbach/inviteUser', {
      as: admin,
      body: { email: 'jugend@demo.at', clubRoleId: role.body.id },
    })
    const roles = await call('GET', '/clubroles/all', { as: admin })
    expect(roles.body.find((candidate) => candidate.id === role.body.id)!.memberCount).toBe(1)
    expect(kindOf(await call('DELETE', `/clubroles/${role.body.id}`, { as: admin }))).toBe('in-use')
  })

  it('have unique names, are renamed by id in the body and deleted only when unused', async () => {
    expect(kindOf(await call('POST', '/clubroles', { as: admin, body: { name: 'kassier/IN' } }))).toBe('name-taken')
    const renamed = await call('PUT', '/clubroles', {
      as: admin,
      body: { id: seedClubRoles.rechnungspruefung, name: 'Rechnungsprüfer/in (extern)' },
    })
    expect(renamed.status).toBe(200)
    expect((await call('PUT', '/clubroles', { as: admin, body: { id: 'cr-none', name: 'Egal' } })).status).toBe(404)
    const inUse = await call('DELETE', `/clubroles/${seedClubRoles.kassier}`, { as: admin })
    expect(kindOf(inUse)).toBe('in-use')
    expect(inUse.error?.detail).toContain('SV Grünbach 1923')
    expect((await call('DELETE', `/clubroles/${seedClubRoles.rechnungspruefung}`, { as: admin })).status).toBe(204)
  })
})
