import { describe, expect, it, vi } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'

const register = { firstName: 'Eva', lastName: 'Eingeladen', password: 'Einladung-2026' }

const tokenOf = (mail: { link: string }): string => new URL(mail.link, 'http://x').searchParams.get('token')!

const check = (token: string) => call('GET', '/users/invitation', { query: { token } })

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

  it('refuses inviting a member of the club (409 already-member), an unknown role or club (404)', async () => {
    const member = await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: seedInvitations.used.email, clubRoleId: seedClubRoles.mitglied },
    })
    expect(member.status).toBe(409)
    expect(kindOf(member)).toBe('already-member')
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
    expect(await sentMails()).toHaveLength(0)
  })

  it('a new invitation to the same address replaces the open one: its link says so and the inviter is told', async () => {
    const invite = () =>
      call('POST', `/club/${seedClubs.volume}/inviteUser`, {
        as: seedAccounts.verein.email,
        body: { email: 'doppelt@demo.at', clubRoleId: seedClubRoles.mitglied },
      })
    expect((await invite()).body.replacesEarlier).toBe(false)
    const first = tokenOf((await sentMails())[0]!)
    const second = await invite()
    expect(second.status).toBe(201)
    expect(second.body.replacesEarlier).toBe(true)
    const mails = await sentMails()
    expect(mails.filter((mail) => mail.to === 'doppelt@demo.at')).toHaveLength(2)
    expect(tokenOf(mails[0]!)).not.toBe(first)

    expect((await check(first)).body.status).toBe('REPLACED')
    expect((await check(tokenOf(mails[0]!))).body.status).toBe('VALID')
    const replaced = await call('POST', '/users/registerViaInvite', { query: { token: first }, body: register })
    expect(replaced.status).toBe(409)
    expect(kindOf(replaced)).toBe('token-replaced')
    const members = await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })
    const invited = members.body.filter((member: { email: string }) => member.email === 'doppelt@demo.at')
    expect(invited).toHaveLength(1)
    expect(invited[0]!.invitationId).toBe(second.body.id)
  })

  it('re-inviting after the earlier invitation expired does not claim a working link was replaced', async () => {
    const expired = await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: seedInvitations.expired.email, clubRoleId: seedClubRoles.mitglied },
    })
    expect(expired.status).toBe(201)
    expect(expired.body.replacesEarlier).toBe(false)
    // The expired link now tells its holder that a newer invitation exists.
    expect((await check(seedInvitations.expired.token)).body.status).toBe('REPLACED')
  })
})

describe('the invitation check (GET /users/invitation)', () => {
  it('shows an open invitation with the invited address, club, role and validity, and nothing more', async () => {
    const valid = await check(seedInvitations.valid.token)
    expect(valid.status).toBe(200)
    expect(valid.body).toEqual({
      status: 'VALID',
      email: seedInvitations.valid.email,
      clubName: 'SV Grünbach 1923',
      clubRoleName: expect.any(String) as string,
      expiresAt: expect.any(String) as string,
      hasAccount: false,
    })
    expect(Date.parse(valid.body.expiresAt)).toBeGreaterThan(Date.now())
  })

  it('says an invitation is expired or used before anyone types a password; unknown is 404, none 400', async () => {
    expect((await check(seedInvitations.expired.token)).body).toMatchObject({
      status: 'EXPIRED',
      email: seedInvitations.expired.email,
      hasAccount: false,
    })
    expect((await check(seedInvitations.used.token)).body).toMatchObject({ status: 'USED', hasAccount: true })
    const unknown = await check('gibt-es-nicht')
    expect(unknown.status).toBe(404)
    expect(kindOf(unknown)).toBe('not-found')
    for (const query of [{}, { token: ' ' }]) {
      const missing = await call('GET', '/users/invitation', { query })
      expect(missing.status).toBe(400)
      expect(kindOf(missing)).toBe('token-missing')
    }
  })

  it('turns EXPIRED after the validity', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 72 * 3_600_000)
      expect((await check(seedInvitations.valid.token)).body.status).toBe('EXPIRED')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('an existing account accepts an invitation (POST /users/acceptInvitation)', () => {
  const inviteNeu = async () => {
    const invited = await call('POST', `/club/${seedClubs.volume}/inviteUser`, {
      as: seedAccounts.verein.email,
      body: { email: 'NEU@demo.at', clubRoleId: seedClubRoles.kassier },
    })
    expect(invited.status).toBe(201)
    const mail = (await sentMails())[0]!
    expect(mail).toMatchObject({ to: seedAccounts.neu.email, kind: 'INVITATION' })
    // The mail asks them to sign in with the account they have, not to create one.
    expect(mail.text).toContain('melden Sie sich an')
    expect(mail.text).not.toContain('Konto anzulegen')
    return tokenOf(mail)
  }

  it('invites an address with an account (no 409) and adds the signed-in person to the club', async () => {
    const token = await inviteNeu()
    expect((await check(token)).body).toMatchObject({
      status: 'VALID',
      email: seedAccounts.neu.email,
      hasAccount: true,
    })

    const accepted = await call('POST', '/users/acceptInvitation', { as: seedAccounts.neu.email, query: { token } })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toEqual({
      clubId: seedClubs.volume,
      clubName: 'SV Grünbach 1923',
      clubRoleId: seedClubRoles.kassier,
      clubRoleName: 'Kassier/in',
    })
    const me = await call('GET', '/users/me', { as: seedAccounts.neu.email })
    expect(me.body.clubIds).toEqual([seedClubs.volume, seedClubs.incomplete].sort())
    const members = await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })
    expect(members.body).toContainEqual(
      expect.objectContaining({ uid: seedAccounts.neu.uid, status: 'ACTIVE', clubRoleId: seedClubRoles.kassier }),
    )
    expect(members.body.filter((member: { email: string }) => member.email === seedAccounts.neu.email)).toHaveLength(1)
    // The new club opens for them.
    expect((await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: seedAccounts.neu.email })).status).toBe(
      200,
    )

    expect((await check(token)).body.status).toBe('USED')
    const again = await call('POST', '/users/acceptInvitation', { as: seedAccounts.neu.email, query: { token } })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('token-used')
  })

  it('refuses another address (403), a new account for that address (409 user-exists), and no sign-in (401)', async () => {
    const token = await inviteNeu()
    const other = await call('POST', '/users/acceptInvitation', { as: seedAccounts.freigabe.email, query: { token } })
    expect(other.status).toBe(403)
    expect(kindOf(other)).toBe('invitation-other-address')
    const registered = await call('POST', '/users/registerViaInvite', { query: { token }, body: register })
    expect(registered.status).toBe(409)
    expect(kindOf(registered)).toBe('user-exists')
    expect((await call('POST', '/users/acceptInvitation', { query: { token } })).status).toBe(401)
    // Nothing was used up.
    expect((await check(token)).body.status).toBe('VALID')
    const me = await call('GET', '/users/me', { as: seedAccounts.freigabe.email })
    expect(me.body.clubIds).not.toContain(seedClubs.volume)
  })

  it('refuses used, expired, unknown and missing tokens with the same kinds as the registration', async () => {
    const as = seedAccounts.neu.email
    expect(
      kindOf(await call('POST', '/users/acceptInvitation', { as, query: { token: seedInvitations.used.token } })),
    ).toBe('token-used')
    const expired = await call('POST', '/users/acceptInvitation', {
      as,
      query: { token: seedInvitations.expired.token },
    })
    expect(expired.status).toBe(400)
    expect(kindOf(expired)).toBe('token-expired')
    expect((await call('POST', '/users/acceptInvitation', { as, query: { token: 'gibt-es-nicht' } })).status).toBe(404)
    expect(kindOf(await call('POST', '/users/acceptInvitation', { as }))).toBe('token-missing')
  })
})

describe('withdrawing and resending an invitation', () => {
  const invitationIdOf = async (email: string): Promise<string | undefined> =>
    (
      (await call('GET', `/club/${seedClubs.volume}/getUsers`, { as: seedAccounts.verein.email })).body as Array<{
        email: string
        invitationId: string | null
      }>
    ).find((member) => member.email === email)?.invitationId ?? undefined

  it('withdraws an open invitation: it leaves the list, its link says so and cannot be used', async () => {
    expect(await invitationIdOf(seedInvitations.valid.email)).toBe(seedInvitations.valid.id)
    const withdrawn = await call('DELETE', `/club/${seedClubs.volume}/invitation/${seedInvitations.valid.id}`, {
      as: seedAccounts.verein.email,
    })
    expect(withdrawn.status).toBe(204)
    expect(await invitationIdOf(seedInvitations.valid.email)).toBeUndefined()
    expect((await check(seedInvitations.valid.token)).body.status).toBe('WITHDRAWN')
    const register409 = await call('POST', '/users/registerViaInvite', {
      query: { token: seedInvitations.valid.token },
      body: register,
    })
    expect(register409.status).toBe(409)
    expect(kindOf(register409)).toBe('token-withdrawn')
    expect(await sentMails()).toHaveLength(0)

    const again = await call('DELETE', `/club/${seedClubs.volume}/invitation/${seedInvitations.valid.id}`, {
      as: seedAccounts.verein.email,
    })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('invitation-not-open')
  })

  it('refuses another club’s invitation (404), a used one (409), other clubs’ representatives and staff (403)', async () => {
    const path = (clubId: string, id: string) => `/club/${clubId}/invitation/${id}`
    expect(
      (await call('DELETE', path(seedClubs.secondActive, seedInvitations.valid.id), { as: seedAccounts.verein.email }))
        .status,
    ).toBe(404)
    expect(
      kindOf(await call('DELETE', path(seedClubs.volume, seedInvitations.used.id), { as: seedAccounts.verein.email })),
    ).toBe('invitation-not-open')
    for (const as of [seedAccounts.neu.email, seedAccounts.staff.email]) {
      expect((await call('DELETE', path(seedClubs.volume, seedInvitations.valid.id), { as })).status).toBe(403)
      expect((await call('POST', `${path(seedClubs.volume, seedInvitations.valid.id)}/resend`, { as })).status).toBe(
        403,
      )
    }
    expect(
      (await call('POST', `${path(seedClubs.volume, 'inv-none')}/resend`, { as: seedAccounts.verein.email })).status,
    ).toBe(404)
  })

  it('resends: a new mail with a new link, the old link stops working, the list keeps one entry', async () => {
    const resent = await call('POST', `/club/${seedClubs.volume}/invitation/${seedInvitations.valid.id}/resend`, {
      as: seedAccounts.admin.email,
    })
    expect(resent.status).toBe(201)
    expect(resent.body).toMatchObject({
      email: seedInvitations.valid.email,
      clubId: seedClubs.volume,
      replacesEarlier: true,
    })
    expect(resent.body.id).not.toBe(seedInvitations.valid.id)
    const hours = (Date.parse(resent.body.expiresAt) - Date.now()) / 3_600_000
    expect(Math.round(hours)).toBe(72)

    const mails = await sentMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: seedInvitations.valid.email, kind: 'INVITATION' })
    const token = tokenOf(mails[0]!)
    expect(token).not.toBe(seedInvitations.valid.token)
    expect((await check(seedInvitations.valid.token)).body.status).toBe('REPLACED')
    expect((await check(token)).body).toMatchObject({ status: 'VALID', clubRoleName: 'Schriftführer/in' })
    expect(await invitationIdOf(seedInvitations.valid.email)).toBe(resent.body.id)

    expect(
      kindOf(
        await call('POST', `/club/${seedClubs.volume}/invitation/${seedInvitations.valid.id}/resend`, {
          as: seedAccounts.verein.email,
        }),
      ),
    ).toBe('invitation-not-open')
    expect((await call('POST', '/users/registerViaInvite', { query: { token }, body: register })).status).toBe(201)
  })

  it('resends an expired invitation, which is open again', async () => {
    const resent = await call('POST', `/club/${seedClubs.volume}/invitation/${seedInvitations.expired.id}/resend`, {
      as: seedAccounts.verein.email,
    })
    expect(resent.status).toBe(201)
    expect(resent.body.replacesEarlier).toBe(false)
    expect(await invitationIdOf(seedInvitations.expired.email)).toBe(resent.body.id)
    expect((await sentMails())[0]).toMatchObject({ to: seedInvitations.expired.email, kind: 'INVITATION' })
  })
})
