import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'

/** The seed's German club, whose only member is verein@demo.at. */
const GERMAN_CLUB_NAME = 'Verein Jugend im Dreiländereck Passau e. V.'

const membersOf = async (clubId: string) =>
  (await call('GET', `/club/${clubId}/getUsers`, { as: seedAccounts.admin.email })).body as Array<{
    uid: string | null
    email: string
    clubRoleId: string
    status: string
  }>

const uidOf = async (clubId: string, email: string): Promise<string> =>
  (await membersOf(clubId)).find((member) => member.email === email)!.uid!

describe('removing a member (DELETE /club/{clubId}/member/{uid})', () => {
  it('takes the person out of the club; their account and other clubs stay', async () => {
    const uid = await uidOf(seedClubs.volume, seedInvitations.used.email)
    const removed = await call('DELETE', `/club/${seedClubs.volume}/member/${uid}`, { as: seedAccounts.verein.email })
    expect(removed.status).toBe(204)
    expect((await membersOf(seedClubs.volume)).map((member) => member.uid)).not.toContain(uid)
    const users = await call('GET', '/users', { as: seedAccounts.admin.email })
    expect(users.body.map((user: { uid: string }) => user.uid)).toContain(uid)
    expect((await call('GET', `/club/all/user/${uid}`, { as: seedAccounts.admin.email })).body).toEqual([])
    // No more access to the club.
    expect(
      (await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: seedInvitations.used.email })).status,
    ).toBe(403)
    expect(await sentMails()).toHaveLength(0)
  })

  it('lets an administrator remove a representative, who keeps their other club', async () => {
    // The chair is the club's last member who may manage members: first someone else becomes chair.
    const deputy = (await membersOf(seedClubs.volume)).find(
      (member) => member.clubRoleId === seedClubRoles.stellvertretung,
    )!
    const promoted = await call('PUT', `/club/${seedClubs.volume}/member/${deputy.uid}`, {
      as: seedAccounts.admin.email,
      body: { clubRoleId: seedClubRoles.obmann },
    })
    expect(promoted.status).toBe(200)
    const removed = await call('DELETE', `/club/${seedClubs.volume}/member/${seedAccounts.verein.uid}`, {
      as: seedAccounts.admin.email,
    })
    expect(removed.status).toBe(204)
    const me = await call('GET', '/users/me', { as: seedAccounts.verein.email })
    expect([...me.body.clubIds].sort()).toEqual([seedClubs.german, seedClubs.secondActive].sort())
  })

  it('keeps the last member (409 last-member)', async () => {
    const last = await call('DELETE', `/club/${seedClubs.incomplete}/member/${seedAccounts.neu.uid}`, {
      as: seedAccounts.neu.email,
    })
    expect(last.status).toBe(409)
    expect(kindOf(last)).toBe('last-member')
    const byAdmin = await call('DELETE', `/club/${seedClubs.incomplete}/member/${seedAccounts.neu.uid}`, {
      as: seedAccounts.admin.email,
    })
    expect(kindOf(byAdmin)).toBe('last-member')
    expect((await membersOf(seedClubs.incomplete)).map((member) => member.uid)).toEqual([seedAccounts.neu.uid])
  })

  it('answers 404 for a person who is not a member or an unknown club, 403 to other clubs and staff', async () => {
    const notMember = await call('DELETE', `/club/${seedClubs.volume}/member/${seedAccounts.neu.uid}`, {
      as: seedAccounts.verein.email,
    })
    expect(notMember.status).toBe(404)
    expect(kindOf(notMember)).toBe('not-found')
    expect(
      (await call('DELETE', `/club/club-none/member/${seedAccounts.neu.uid}`, { as: seedAccounts.admin.email })).status,
    ).toBe(404)
    for (const as of [seedAccounts.neu.email, seedAccounts.staff.email]) {
      expect((await call('DELETE', `/club/${seedClubs.volume}/member/${seedAccounts.verein.uid}`, { as })).status).toBe(
        403,
      )
    }
  })
})

describe('what deleting a user leaves behind (GET /users/{uid}/deletionImpact)', () => {
  it('names the clubs whose only member the user is', async () => {
    const neu = await call('GET', `/users/${seedAccounts.neu.uid}/deletionImpact`, { as: seedAccounts.admin.email })
    expect(neu.status).toBe(200)
    expect(neu.body).toEqual({
      soleRepresentativeOf: [{ id: seedClubs.incomplete, name: expect.any(String) as string }],
    })
    // Clubs with other members are not named (of verein@demo.at's, only the German club has nobody else);
    // neither are users of no club.
    expect(
      (await call('GET', `/users/${seedAccounts.verein.uid}/deletionImpact`, { as: seedAccounts.admin.email })).body,
    ).toEqual({ soleRepresentativeOf: [{ id: seedClubs.german, name: GERMAN_CLUB_NAME }] })
    expect(
      (await call('GET', `/users/${seedAccounts.staff.uid}/deletionImpact`, { as: seedAccounts.admin.email })).body,
    ).toEqual({ soleRepresentativeOf: [] })
  })

  it('follows the members: once the others are gone, the remaining one is the only representative', async () => {
    for (const member of await membersOf(seedClubs.volume)) {
      if (member.uid && member.uid !== seedAccounts.verein.uid)
        await call('DELETE', `/club/${seedClubs.volume}/member/${member.uid}`, { as: seedAccounts.verein.email })
    }
    const impact = await call('GET', `/users/${seedAccounts.verein.uid}/deletionImpact`, {
      as: seedAccounts.admin.email,
    })
    expect(impact.body.soleRepresentativeOf).toEqual([
      { id: seedClubs.volume, name: 'SV Grünbach 1923' },
      { id: seedClubs.german, name: GERMAN_CLUB_NAME },
    ])
  })

  it('is for administrators only (403), and 404 for an unknown user', async () => {
    for (const as of [seedAccounts.staff.email, seedAccounts.verein.email]) {
      expect((await call('GET', `/users/${seedAccounts.neu.uid}/deletionImpact`, { as })).status).toBe(403)
    }
    expect((await call('GET', '/users/uid-none/deletionImpact', { as: seedAccounts.admin.email })).status).toBe(404)
  })

  it('still lets the administrator delete the only representative (the warning is the client’s)', async () => {
    expect((await call('DELETE', `/users/${seedAccounts.neu.uid}`, { as: seedAccounts.admin.email })).status).toBe(204)
    expect(await membersOf(seedClubs.incomplete)).toEqual([])
  })
})
