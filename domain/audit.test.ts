import { describe, expect, it } from 'vitest'
import {
  seedAccounts,
  seedAppLogoId,
  seedClubs,
  seedClubTypes,
  seedInvitations,
  seedPaymentAccounts,
} from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#tests/backend/client.ts'

/**
 * The audit log: every administrator action and every money-relevant change, with who, when, what, and
 * the values before and after, written in the transaction of the change; administrators read it whole
 * and per club, newest first, paged.
 */
const admin = seedAccounts.admin.email
const adminActor = { uid: seedAccounts.admin.uid, name: 'Andrea Admin', email: admin }

const log = async (query: Record<string, number> = {}) =>
  (await call('GET', '/audit', { as: admin, query: { size: 100, ...query } })).body
const clubLog = async (clubId: string, query: Record<string, number> = {}) =>
  (await call('GET', `/club/${clubId}/audit`, { as: admin, query: { size: 100, ...query } })).body
const newest = async () => (await log()).items[0]!

describe('the audit log', () => {
  it('starts with the seed’s history, newest first', async () => {
    const { items, totalItems, page, size, totalPages } = await log()
    expect(totalItems).toBeGreaterThan(0)
    expect({ page, size, totalPages }).toEqual({ page: 0, size: 100, totalPages: 1 })
    const times = items.map((entry: { at: string }) => entry.at)
    expect(times).toEqual([...times].sort().reverse())
    expect(items).toContainEqual(
      expect.objectContaining({
        action: 'CLUB_DEACTIVATED',
        club: { id: seedClubs.inactive, name: 'Sportverein Schwaz 1920' },
        actor: adminActor,
      }),
    )
    expect(items).toContainEqual(
      expect.objectContaining({
        action: 'PAYMENT_ACCOUNT_REJECTED',
        club: expect.objectContaining({ id: seedPaymentAccounts.rejected.clubId }) as unknown,
      }),
    )
  })

  it('records a release, a deactivation with its reason, which the club reads, and a release again', async () => {
    expect((await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })).status).toBe(200)
    expect(await newest()).toMatchObject({
      action: 'CLUB_ACTIVATED',
      actor: adminActor,
      club: { id: seedClubs.releasable, name: 'Naturschutzverein Wienerwald Baden' },
      changes: [{ field: 'status', before: 'PROCESSING', after: 'ACTIVE' }],
    })

    const reason = 'Der Bescheid über die Spendenbegünstigung ist abgelaufen.'
    const deactivated = await call('PUT', `/club/inactive/${seedClubs.volume}`, {
      as: admin,
      body: { reason: `  ${reason} ` },
    })
    expect(deactivated.status).toBe(200)
    expect(deactivated.body).toMatchObject({ status: 'INACTIVE', deactivationReason: reason })
    expect(Date.parse(deactivated.body.deactivatedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(await newest()).toMatchObject({
      action: 'CLUB_DEACTIVATED',
      changes: [
        { field: 'status', before: 'ACTIVE', after: 'INACTIVE' },
        { field: 'deactivationReason', before: null, after: reason },
      ],
    })
    // The club's representative reads why.
    const seen = (await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: seedAccounts.verein.email })).body
    expect(seen.club.deactivationReason).toBe(reason)

    const again = await call('PUT', `/club/active/${seedClubs.volume}`, { as: admin })
    expect(again.body).toMatchObject({ status: 'ACTIVE', deactivationReason: null, deactivatedAt: null })
    expect((await newest()).changes).toEqual([
      { field: 'status', before: 'INACTIVE', after: 'ACTIVE' },
      { field: 'deactivationReason', before: reason, after: null },
    ])
  })

  it('refuses a deactivation without a reason (400), and records nothing it refused', async () => {
    const before = (await log()).totalItems
    for (const body of [undefined, {}, { reason: 'x' }, { reason: '     ' }]) {
      const refused = await call('PUT', `/club/inactive/${seedClubs.volume}`, { as: admin, invalidBody: body })
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(kindOf(refused)).toBe('validation')
    }
    expect(
      kindOf(
        await call('PUT', `/club/inactive/${seedClubs.inactive}`, { as: admin, body: { reason: 'Schon inaktiv.' } }),
      ),
    ).toBe('invalid-transition')
    expect((await call('PUT', `/club/active/${seedClubs.incomplete}`, { as: admin })).status).toBe(409)
    expect((await log()).totalItems).toBe(before)
    expect((await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })).body.club.status).toBe('ACTIVE')
  })

  it('records the check mark both ways', async () => {
    await call('POST', `/club/${seedClubs.incomplete}/isChecked`, { as: admin, body: { isChecked: true } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_CHECKED',
      club: { id: seedClubs.incomplete },
      changes: [{ field: 'isChecked', before: 'false', after: 'true' }],
    })
    await call('POST', `/club/${seedClubs.incomplete}/isChecked`, { as: admin, body: { isChecked: false } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_UNCHECKED',
      changes: [{ field: 'isChecked', before: 'true', after: 'false' }],
    })
  })

  it('records a card-provider account created, rejected with its reason, and deleted', async () => {
    const created = await call('POST', `/payment/createaccount/${seedClubs.withoutAccount}`, { as: admin })
    const { accountId } = created.body.account
    expect(await newest()).toMatchObject({
      action: 'PAYMENT_ACCOUNT_CREATED',
      club: { id: seedClubs.withoutAccount },
      changes: [
        { field: 'paymentAccount.accountId', before: null, after: accountId },
        { field: 'paymentAccount.status', before: null, after: 'ONBOARDING' },
      ],
    })
    await call('DELETE', `/payment/rejectaccount/${accountId}/${seedClubs.withoutAccount}`, {
      as: admin,
      body: { reason: 'Die Identität ist nicht bestätigt.' },
    })
    expect(await newest()).toMatchObject({
      action: 'PAYMENT_ACCOUNT_REJECTED',
      changes: expect.arrayContaining([
        { field: 'paymentAccount.status', before: 'ONBOARDING', after: 'REJECTED' },
        { field: 'paymentAccount.rejectReason', before: null, after: 'Die Identität ist nicht bestätigt.' },
      ]) as unknown[],
    })
    await call('DELETE', `/payment/deleteaccount/${accountId}/${seedClubs.withoutAccount}`, { as: admin })
    expect(await newest()).toMatchObject({
      action: 'PAYMENT_ACCOUNT_DELETED',
      changes: [
        { field: 'paymentAccount.accountId', before: accountId, after: null },
        { field: 'paymentAccount.status', before: 'REJECTED', after: null },
      ],
    })
  })

  it('records a rename, a role change and a user’s deletion with the clubs they had', async () => {
    const staff = seedAccounts.staff
    const body = {
      uid: staff.uid,
      email: staff.email,
      firstName: 'Stefanie',
      lastName: staff.lastName,
      role: 'ROLE_STAFF' as const,
    }
    const before = (await log()).totalItems
    await call('PUT', '/users', { as: admin, body })
    // A rename is recorded as what it is, not as a role change.
    expect((await log()).totalItems).toBe(before + 1)
    expect(await newest()).toMatchObject({
      action: 'USER_UPDATED',
      user: { uid: staff.uid },
      changes: [{ field: 'name', before: `${staff.firstName} ${staff.lastName}`, after: `Stefanie ${staff.lastName}` }],
    })
    await call('PUT', '/users', { as: admin, body })
    expect((await log()).totalItems).toBe(before + 1)
    await call('PUT', '/users', { as: admin, body: { ...body, role: 'ROLE_USER' } })
    expect(await newest()).toMatchObject({
      action: 'USER_ROLE_CHANGED',
      actor: adminActor,
      club: null,
      user: { uid: staff.uid, name: `Stefanie ${staff.lastName}`, email: staff.email },
      changes: [{ field: 'role', before: 'ROLE_STAFF', after: 'ROLE_USER' }],
    })

    const neu = seedAccounts.neu
    expect((await call('DELETE', `/users/${neu.uid}`, { as: admin })).status).toBe(204)
    expect(await newest()).toMatchObject({
      action: 'USER_DELETED',
      user: { uid: neu.uid, name: `${neu.firstName} ${neu.lastName}`, email: neu.email },
      changes: [
        { field: 'name', before: `${neu.firstName} ${neu.lastName}`, after: null },
        { field: 'email', before: neu.email, after: null },
        { field: 'role', before: 'ROLE_USER', after: null },
        { field: 'clubs', before: 'Sportunion Leoben', after: null },
      ],
    })
    // The entry outlives the user.
    expect((await log()).items[0]!.user!.uid).toBe(neu.uid)
  })

  it('records a user an administrator creates, with the address and the role', async () => {
    const body = {
      email: 'Neue.Prueferin@demo.at',
      password: 'Sicher!2026x',
      firstName: 'Nora',
      lastName: 'Neu',
      role: 'ROLE_STAFF' as const,
    }
    const created = await call('POST', '/users', { as: admin, body })
    expect(created.status).toBe(201)
    expect(await newest()).toMatchObject({
      action: 'USER_CREATED',
      actor: adminActor,
      user: { uid: created.body.uid, name: 'Nora Neu', email: 'neue.prueferin@demo.at' },
      changes: [
        { field: 'name', before: null, after: 'Nora Neu' },
        { field: 'email', before: null, after: 'neue.prueferin@demo.at' },
        { field: 'role', before: null, after: 'ROLE_STAFF' },
      ],
    })
    // Nothing of the password.
    expect(JSON.stringify(await newest())).not.toContain(body.password)
  })

  it('records the catalogues’ club types and club roles created, renamed and deleted', async () => {
    const type = await call('POST', '/clubtypes', { as: admin, body: { name: 'Schachverein' } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_TYPE_CREATED',
      club: null,
      changes: [{ field: 'clubType', before: null, after: 'Schachverein' }],
    })
    await call('PUT', `/clubtypes/${type.body.id}`, { as: admin, body: { name: 'Schachklub' } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_TYPE_RENAMED',
      changes: [{ field: 'clubType', before: 'Schachverein', after: 'Schachklub' }],
    })
    await call('DELETE', `/clubtypes/${type.body.id}`, { as: admin })
    expect(await newest()).toMatchObject({
      action: 'CLUB_TYPE_DELETED',
      changes: [{ field: 'clubType', before: 'Schachklub', after: null }],
    })

    const role = await call('POST', '/clubroles', { as: admin, body: { name: 'Jugendreferent/in' } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_ROLE_CREATED',
      changes: [{ field: 'clubRole', before: null, after: 'Jugendreferent/in' }],
    })
    await call('PUT', '/clubroles', { as: admin, body: { id: role.body.id, name: 'Jugendleiter/in' } })
    expect(await newest()).toMatchObject({
      action: 'CLUB_ROLE_RENAMED',
      changes: [{ field: 'clubRole', before: 'Jugendreferent/in', after: 'Jugendleiter/in' }],
    })
    await call('DELETE', `/clubroles/${role.body.id}`, { as: admin })
    expect(await newest()).toMatchObject({
      action: 'CLUB_ROLE_DELETED',
      changes: [{ field: 'clubRole', before: 'Jugendleiter/in', after: null }],
    })
    // A refused deletion (the type is in use) records nothing.
    const count = (await log()).totalItems
    expect((await call('DELETE', `/clubtypes/${seedClubTypes.feuerwehr}`, { as: admin })).status).toBe(409)
    expect((await log()).totalItems).toBe(count)
  })

  it('records the app logo removed', async () => {
    const logo = (await call('GET', '/applogo')).body.logo!
    expect((await call('DELETE', `/applogo/${seedAppLogoId}`, { as: admin })).status).toBe(204)
    expect(await newest()).toMatchObject({
      action: 'APP_LOGO_DELETED',
      actor: adminActor,
      changes: [{ field: 'appLogo', before: logo.name, after: null }],
    })
  })

  it('records who took a member out of a club, on the club’s log', async () => {
    const members = (await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: admin })).body
    const leaving = members.find((member) => member.email === seedInvitations.used.email)!
    const verein = seedAccounts.verein
    await call('DELETE', `/club/${seedClubs.volume}/member/${leaving.uid}`, { as: verein.email })
    const entry = (await clubLog(seedClubs.volume)).items[0]!
    expect(entry).toMatchObject({
      action: 'MEMBER_REMOVED',
      actor: { uid: verein.uid, email: verein.email },
      club: { id: seedClubs.volume },
      user: { uid: leaving.uid, email: seedInvitations.used.email },
      changes: [{ field: 'member', before: entry.user!.name, after: null }],
    })
  })

  it('pages newest first, and lists one club’s entries per club', async () => {
    await call('POST', `/club/${seedClubs.volume}/isChecked`, { as: admin, body: { isChecked: false } })
    await call('POST', `/club/${seedClubs.volume}/isChecked`, { as: admin, body: { isChecked: true } })
    const all = await log()
    const first = await log({ page: 0, size: 1 })
    const second = await log({ page: 1, size: 1 })
    expect(first).toMatchObject({ page: 0, size: 1, totalItems: all.totalItems, totalPages: all.totalItems })
    expect(first.items[0]).toEqual(all.items[0])
    expect(second.items[0]).toEqual(all.items[1])
    // Two actions of the same moment keep the order they were made in.
    expect(all.items[0]!.action).toBe('CLUB_CHECKED')
    expect(all.items[1]!.action).toBe('CLUB_UNCHECKED')

    const volume = await clubLog(seedClubs.volume)
    expect(volume.totalItems).toBe(2)
    expect(volume.items.every((entry) => entry.club?.id === seedClubs.volume)).toBe(true)
    expect((await clubLog(seedClubs.inactive)).items[0]!.action).toBe('CLUB_DEACTIVATED')
    expect((await clubLog(seedClubs.incomplete)).totalItems).toBe(0)
    expect((await call('GET', '/club/club-unbekannt/audit', { as: admin })).status).toBe(404)
  })

  it('is for administrators only', async () => {
    for (const as of [seedAccounts.staff.email, seedAccounts.verein.email]) {
      expect((await call('GET', '/audit', { as })).status).toBe(403)
      expect((await call('GET', `/club/${seedClubs.volume}/audit`, { as })).status).toBe(403)
    }
    expect((await call('GET', '/audit', { as: admin, query: { size: 101 } })).status).toBe(400)
  })
})
