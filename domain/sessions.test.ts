/**
 * Sign-out on the server, the password change with the current password, the portal's own reset mail,
 * and the common passwords refused wherever a password is set (docs/decisions/0040-sessions-and-passwords.md).
 */
import { describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubTypes, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'

const signIn = (email: string, password = SEED_PASSWORD) =>
  call('POST', '/__mock/identity/signIn', { body: { email, password } })

const session = async (email: string) => {
  const answer = await signIn(email)
  expect(answer.status).toBe(200)
  return answer.body as { idToken: string; refreshToken: string }
}

const bearer = (token: string) => `Bearer ${token}`

const fieldErrors = (result: { error: unknown }) =>
  ((result.error as { errors?: Array<{ field: string; code: string }> }).errors ?? []).map(({ field, code }) => ({
    field,
    code,
  }))

describe('signing out', () => {
  it('ends every session of the account: its ID tokens and refresh tokens are refused, a new sign-in works', async () => {
    const here = await session(seedAccounts.verein.email)
    const elsewhere = await session(seedAccounts.verein.email)

    const out = await call('POST', '/users/me/sign-out', { authorization: bearer(here.idToken) })
    expect(out.status).toBe(204)

    for (const token of [here.idToken, elsewhere.idToken]) {
      const refused = await call('GET', '/users/me', { authorization: bearer(token) })
      expect(refused.status).toBe(401)
      expect(kindOf(refused)).toBe('unauthorized')
    }
    for (const refreshToken of [here.refreshToken, elsewhere.refreshToken]) {
      const refresh = await call('POST', '/__mock/identity/token', { body: { refreshToken } })
      expect(refresh.body).toEqual({ error: 'INVALID_REFRESH_TOKEN' })
    }
    const again = await session(seedAccounts.verein.email)
    expect((await call('GET', '/users/me', { authorization: bearer(again.idToken) })).status).toBe(200)
  })

  it('is open to an unconfirmed address, and needs a token', async () => {
    const unconfirmed = await session(seedAccounts.unbestaetigt.email)
    expect((await call('POST', '/users/me/sign-out', { authorization: bearer(unconfirmed.idToken) })).status).toBe(204)
    const anonymous = await call('POST', '/users/me/sign-out')
    expect(anonymous.status).toBe(401)
    // A token the sign-out revoked is refused like any other.
    expect((await call('POST', '/users/me/sign-out', { authorization: bearer(unconfirmed.idToken) })).status).toBe(401)
  })
})

describe('changing the password', () => {
  it('needs the current password: a wrong one is refused at its field and changes nothing', async () => {
    const { idToken } = await session(seedAccounts.verein.email)
    const wrong = await call('PUT', '/users/updateUserPassword', {
      authorization: bearer(idToken),
      body: { currentPassword: 'Falsch-1234', password: 'Neues-Passwort-1' },
    })
    expect(wrong.status).toBe(400)
    expect(kindOf(wrong)).toBe('current-password-wrong')
    expect(fieldErrors(wrong)).toEqual([{ field: 'currentPassword', code: 'wrong' }])
    // The session stands and the old password still signs in.
    expect((await call('GET', '/users/me', { authorization: bearer(idToken) })).status).toBe(200)
    expect((await signIn(seedAccounts.verein.email)).status).toBe(200)

    const missing = await call('PUT', '/users/updateUserPassword', {
      authorization: bearer(idToken),
      invalidBody: { password: 'Neues-Passwort-1' },
    })
    expect(missing.status).toBe(400)
    expect(fieldErrors(missing)).toEqual([{ field: 'currentPassword', code: 'missing' }])
  })

  it('leaves no refresh token from before the change able to mint a token the backend accepts', async () => {
    const before = await session(seedAccounts.verein.email)
    const changed = await call('PUT', '/users/updateUserPassword', {
      authorization: bearer(before.idToken),
      body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-1' },
    })
    expect(changed.status).toBe(204)
    const refresh = await call('POST', '/__mock/identity/token', { body: { refreshToken: before.refreshToken } })
    expect(refresh.body).toEqual({ error: 'INVALID_REFRESH_TOKEN' })
    expect((await call('GET', '/users/me', { authorization: bearer(before.idToken) })).status).toBe(401)
  })
})

describe('common passwords', () => {
  const common = 'Password1'

  it('are refused for a password change, whatever their case', async () => {
    const { idToken } = await session(seedAccounts.verein.email)
    for (const password of [common, 'QWERTYUIOP']) {
      const refused = await call('PUT', '/users/updateUserPassword', {
        authorization: bearer(idToken),
        body: { currentPassword: SEED_PASSWORD, password },
      })
      expect(refused.status).toBe(400)
      expect(fieldErrors(refused)).toEqual([{ field: 'password', code: 'common_password' }])
    }
    expect((await signIn(seedAccounts.verein.email)).status).toBe(200)
  })

  it('are refused when an administrator creates a user, at registration and when accepting an invitation', async () => {
    const created = await call('POST', '/users', {
      as: seedAccounts.admin.email,
      body: {
        email: 'neu.gemeinsam@demo.at',
        password: common,
        firstName: 'Nina',
        lastName: 'Neu',
        role: 'ROLE_STAFF',
      },
    })
    expect(created.status).toBe(400)
    expect(fieldErrors(created)).toEqual([{ field: 'password', code: 'common_password' }])

    const registered = await call('POST', '/club/createWithUser', {
      body: {
        club: {
          name: 'Schachklub Ottakring',
          zvrNumber: '1234567891',
          address: { street: 'Thaliastraße', houseNumber: '1', postalCode: '1160', city: 'Wien' },
          clubTypeId: seedClubTypes.kultur,
        },
        user: { email: 'obmann@schach-ottakring.at', password: 'iloveyou1', firstName: 'Otto', lastName: 'Obmann' },
        acceptedTerms: true,
      },
    })
    expect(registered.status).toBe(400)
    expect(fieldErrors(registered)).toEqual([{ field: 'user.password', code: 'common_password' }])

    const invited = await call('POST', '/users/registerViaInvite', {
      query: { token: seedInvitations.valid.token },
      body: { firstName: 'Eva', lastName: 'Eingeladen', password: 'football' },
    })
    expect(invited.status).toBe(400)
    expect(fieldErrors(invited)).toEqual([{ field: 'password', code: 'common_password' }])
    expect((await signIn(seedInvitations.valid.email, 'football')).status).toBe(400)
  })
})

describe('the password-reset mail', () => {
  it('is the portal’s own German mail with a link the app handles; its code sets a new password', async () => {
    const answer = await call('POST', '/users/password-reset', { body: { email: 'Staff@Demo.at' } })
    expect(answer.status).toBe(202)
    const [mail] = await sentMails()
    expect(mail).toMatchObject({
      to: seedAccounts.staff.email,
      kind: 'PASSWORD_RESET',
      subject: 'Passwort zurücksetzen',
    })
    expect(mail!.text).toContain('Sie haben ein neues Passwort für das Vereinsportal angefordert.')
    const link = new URL(mail!.link, 'http://app')
    expect(link.pathname).toBe('/login')
    expect(link.searchParams.get('mode')).toBe('resetPassword')
    const oobCode = link.searchParams.get('oobCode')!

    // The provider's confirm step refuses a common password too, and keeps the code for a better one.
    const common = await call('POST', '/__mock/identity/resetPassword', { body: { oobCode, newPassword: 'baseball' } })
    expect(common.body).toEqual({ error: 'COMMON_PASSWORD' })
    const reset = await call('POST', '/__mock/identity/resetPassword', {
      body: { oobCode, newPassword: 'Zurueck-1234' },
    })
    expect(reset.status).toBe(204)
    expect((await signIn(seedAccounts.staff.email, 'Zurueck-1234')).status).toBe(200)
  })

  it('answers an unknown address the same and sends nothing; a malformed address is a 400', async () => {
    const before = (await sentMails()).length
    const answer = await call('POST', '/users/password-reset', { body: { email: 'niemand@demo.at' } })
    expect(answer.status).toBe(202)
    expect(answer.body).toBeUndefined()
    expect(await sentMails()).toHaveLength(before)

    const malformed = await call('POST', '/users/password-reset', { body: { email: 'kein-at-zeichen' } })
    expect(malformed.status).toBe(400)
  })
})
