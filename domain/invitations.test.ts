/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- these tests read JSON answers loosely (test-client's `call`); the contract suite checks their shapes */
import { describe, expect, it, vi } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs, seedInvitations } from '../mocks/db/seed-accounts.ts'
import { call, kindOf, sentMails } from '../tests/backend/client.ts'

const register = { firstName: 'Eva', lastName: 'Eingeladen', password: 'Einladung-2026' }

describe('invitations', () => {
  it('sends an invitation mail whose token registers the person as a member with the invited role', async () => {
    const invited = await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: 'Neues.Mitglied@demo.at', clubRoleId: seedClubRoles.mitglied },
    })
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({
      clubId: seedClubs.volume,
      email: 'neues.mitglied@demo.at',
      clubRoleId: seedClubRoles.mitglied,
    })
    expect(invited.body).not.toHaveProperty('token')
    const hours = (Date.parse(invited.body.expiresAt) - Date.now()) / 3_600_000
    expect(Math.round(hours)).toBe(72)

    const mail = (await sentMails())[0]!
    expect(mail).toMatchObject({ to: 'neues.mitglied@demo.at', kind: 'INVITATION' })
    expect(mail.subject).toContain('SV Grünbach 1923')
    const token = new URL(mail.link, 'http://x').searchParams.get('token')!
    expect(mail.link).toBe(`/acceptInvitation?token=${token}`)

    const members = await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })
    expect(members.body).toContainEqual(
      expect.objectContaining({ email: 'neues.mitglied@demo.at', status: 'INVITED', uid: null }),
    )

    const registered = await call('POST', '/users/registerViaInvite', { query: { token }, body: register })
    expect(registered.status).toBe(201)
    expect(registered.body).toMatchObject({ email: 'neues.mitglied@demo.at', role: 'ROLE_USER', emailVerified: true })
    const after = await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })
    expect(after.body).toContainEqual(
      expect.objectContaining({
        uid: registered.body.uid,
        status: 'ACTIVE',
        clubRoleId: seedClubRoles.mitglied,
        clubRoleName: 'Mitglied',
      }),
    )

    const again = await call('POST', '/users/registerViaInvite', { query: { token }, body: register })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('token-used')
  })

  it('refuses the seeded used (409), expired (400) and unknown (404) tokens, and a missing one (400 token-missing)', async () => {
    expect(
      kindOf(
        await call('POST', '/users/registerViaInvite', {
          query: { token: seedInvitations.used.token },
          body: register,
        }),
      ),
    ).toBe('token-used')
    const expired = await call('POST', '/users/registerViaInvite', {
      query: { token: seedInvitations.expired.token },
      body: register,
    })
    expect(expired.status).toBe(400)
    expect(kindOf(expired)).toBe('token-expired')
    expect(
      (await call('POST', '/users/registerViaInvite', { query: { token: 'no-such-token' }, body: register })).status,
    ).toBe(404)
    for (const query of [{}, { token: '' }]) {
      const missing = await call('POST', '/users/registerViaInvite', { query, body: register })
      expect(missing.status).toBe(400)
      expect(kindOf(missing)).toBe('token-missing')
    }
    expect(
      (
        await call('POST', '/users/registerViaInvite', {
          query: { token: seedInvitations.valid.token },
          body: register,
        })
      ).status,
    ).toBe(201)
  })

  it('expires a token after 72 hours', async () => {
    await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: 'spaeter@demo.at', clubRoleId: seedClubRoles.kassier },
    })
    const token = new URL((await sentMails())[0]!.link, 'http://x').searchParams.get('token')!
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 72 * 3_600_000 + 1000)
      expect(kindOf(await call('POST', '/users/registerViaInvite', { query: { token }, body: register }))).toBe(
        'token-expired',
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses inviting an address that has a user (409 user-exists), an unknown role or club (404)', async () => {
    const exists = await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: seedAccounts.staff.email, clubRoleId: seedClubRoles.mitglied },
    })
    expect(exists.status).toBe(409)
    expect(kindOf(exists)).toBe('user-exists')
    expect(
      (
        await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
          as: seedAccounts.verein.email,
          body: { email: 'x@demo.at', clubRoleId: 'cr-none' },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call('POST', '/club/club-none/inviteUser', {
          as: seedAccounts.admin.email,
          body: { email: 'x@demo.at', clubRoleId: seedClubRoles.mitglied },
        })
      ).status,
    ).toBe(404)
  })

  it('a new invitation to the same address replaces the open one', async () => {
    const invite = () =>
      call('POST', `/club/${seedClubs.volume}/inviteUser`, {
        as: seedAccounts.verein.email,
        body: { email: 'doppelt@demo.at', clubRoleId: seedClubRoles.mitglied },
      })
    await invite()
    const first = new URL((await sentMails())[0]!.link, 'http://x').searchParams.get('token')!
    await invite()
    expect((await call('POST', '/users/registerViaInvite', { query: { token: first }, body: register })).status).toBe(
      404,
    )
    const members = await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })
    expect(members.body.filter((member: { email: string }) => member.email === 'doppelt@demo.at')).toHaveLength(1)
  })
})
