import { describe, expect, it, vi } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#mocks/test-client.ts'

const signIn = (email: string, password = SEED_PASSWORD) =>
  call('POST', '/__mock/identity/signIn', { body: { email, password } })
const decode = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>
const codeOf = (link: string) => new URL(link, 'http://x').searchParams.get('oobCode')!
const mails = async () => (await call('GET', '/__mock/mailbox')).body

describe('identity', () => {
  it('signs in with e-mail and password and issues a session the backend accepts', async () => {
    const result = await signIn('Admin@Demo.at')
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({
      expiresIn: 3600,
      user: { uid: seedAccounts.admin.uid, email: 'admin@demo.at', emailVerified: true, displayName: 'Andrea Admin' },
    })
    expect(decode(result.body.idToken)).toMatchObject({
      iss: 'vereinsportal-offline-auth',
      sub: seedAccounts.admin.uid,
      email: 'admin@demo.at',
      email_verified: true,
    })
    const claims = decode(result.body.idToken) as { iat: number; exp: number; auth_time: number }
    expect(claims.exp - claims.iat).toBe(3600)
    expect((await call('GET', '/users', { authorization: `Bearer ${result.body.idToken}` })).status).toBe(200)
  })

  it('refuses wrong credentials without telling which part was wrong', async () => {
    expect((await signIn('admin@demo.at', 'falsch')).body).toEqual({ error: 'INVALID_CREDENTIALS' })
    expect((await signIn('niemand@demo.at')).body).toEqual({ error: 'INVALID_CREDENTIALS' })
    expect((await call('POST', '/__mock/identity/signIn', { invalidBody: { email: 1 } })).status).toBe(400)
  })

  it('lets an unconfirmed address sign in (the app refuses it), reporting emailVerified false', async () => {
    const result = await signIn(seedAccounts.unbestaetigt.email)
    expect(result.status).toBe(200)
    expect(result.body.user.emailVerified).toBe(false)
  })

  it('refreshes the ID token and looks the user up', async () => {
    const session = (await signIn(seedAccounts.staff.email)).body
    const refreshed = await call('POST', '/__mock/identity/token', { body: { refreshToken: session.refreshToken } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.user.uid).toBe(seedAccounts.staff.uid)
    expect((decode(refreshed.body.idToken) as { auth_time: number }).auth_time).toBe(
      (decode(session.idToken) as { auth_time: number }).auth_time,
    )
    expect((await call('POST', '/__mock/identity/token', { body: { refreshToken: 'nope' } })).body).toEqual({
      error: 'INVALID_REFRESH_TOKEN',
    })
    expect(
      (await call('POST', '/__mock/identity/lookup', { body: { idToken: session.idToken } })).body.user.email,
    ).toBe('staff@demo.at')
    expect((await call('POST', '/__mock/identity/lookup', { body: { idToken: 'x.y.z' } })).body).toEqual({
      error: 'INVALID_ID_TOKEN',
    })
  })

  it('confirms an address with a single-use code from the verification mail; the refreshed token says so', async () => {
    const session = (await signIn(seedAccounts.unbestaetigt.email)).body
    expect(
      (await call('POST', '/__mock/identity/sendVerification', { body: { idToken: session.idToken } })).status,
    ).toBe(204)
    const [mail] = await mails()
    expect(mail).toMatchObject({
      to: 'unbestaetigt@demo.at',
      kind: 'VERIFY_EMAIL',
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    })
    expect(mail!.link).toMatch(/^\/login\?mode=verifyEmail&oobCode=/)
    expect(
      (await call('POST', '/__mock/identity/applyActionCode', { body: { oobCode: codeOf(mail!.link) } })).status,
    ).toBe(204)
    expect(
      (await call('POST', '/__mock/identity/applyActionCode', { body: { oobCode: codeOf(mail!.link) } })).body,
    ).toEqual({ error: 'INVALID_OOB_CODE' })
    const refreshed = (await call('POST', '/__mock/identity/token', { body: { refreshToken: session.refreshToken } }))
      .body
    expect(refreshed.user.emailVerified).toBe(true)
    expect(decode(refreshed.idToken).email_verified).toBe(true)
  })

  it('rejects an expired action code', async () => {
    const session = (await signIn(seedAccounts.unbestaetigt.email)).body
    await call('POST', '/__mock/identity/sendVerification', { body: { idToken: session.idToken } })
    const [mail] = await mails()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 73 * 3_600_000)
      expect(
        (await call('POST', '/__mock/identity/applyActionCode', { body: { oobCode: codeOf(mail!.link) } })).body,
      ).toEqual({ error: 'EXPIRED_OOB_CODE' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('resets a password by mail without revealing whether an address exists', async () => {
    expect(
      (await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: 'niemand@demo.at' } })).status,
    ).toBe(204)
    expect(await mails()).toEqual([])
    expect(
      (await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: 'staff@demo.at' } })).status,
    ).toBe(204)
    const [mail] = await mails()
    expect(mail).toMatchObject({ to: 'staff@demo.at', kind: 'PASSWORD_RESET', subject: 'Passwort zurücksetzen' })
    expect(mail!.link).toMatch(/^\/login\?mode=resetPassword&oobCode=/)
    const code = codeOf(mail!.link)
    expect(
      (await call('POST', '/__mock/identity/resetPassword', { body: { oobCode: code, newPassword: 'kurz' } })).body,
    ).toEqual({ error: 'WEAK_PASSWORD' })
    expect(
      (await call('POST', '/__mock/identity/resetPassword', { body: { oobCode: code, newPassword: 'x'.repeat(129) } }))
        .body,
    ).toEqual({ error: 'WEAK_PASSWORD' })
    expect(
      (await call('POST', '/__mock/identity/resetPassword', { body: { oobCode: code, newPassword: 'Ganz-neu-2026' } }))
        .status,
    ).toBe(204)
    expect(
      (await call('POST', '/__mock/identity/resetPassword', { body: { oobCode: code, newPassword: 'Ganz-neu-2027' } }))
        .body,
    ).toEqual({ error: 'INVALID_OOB_CODE' })
    expect((await signIn('staff@demo.at')).status).toBe(400)
    expect((await signIn('staff@demo.at', 'Ganz-neu-2026')).status).toBe(200)
  })

  it('answers unknown actions with 404', async () => {
    expect((await call('POST', '/__mock/identity/signUp', { body: {} })).status).toBe(404)
  })
})

describe('mailbox and reset', () => {
  it('lists mails newest first and empties on request', async () => {
    await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: 'staff@demo.at' } })
    await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: 'admin@demo.at' } })
    const list = await mails()
    expect(list.map((mail) => mail.to)).toEqual(['admin@demo.at', 'staff@demo.at'])
    expect(list[0]).toEqual({
      id: expect.any(String) as string,
      to: 'admin@demo.at',
      kind: 'PASSWORD_RESET',
      subject: expect.any(String) as string,
      text: expect.stringContaining(list[0]!.link) as string,
      link: expect.any(String) as string,
      sentAt: expect.any(String) as string,
    })
    expect((await call('DELETE', '/__mock/mailbox')).status).toBe(204)
    expect(await mails()).toEqual([])
  })

  it('restores the seed, empties the mailbox and clears faults', async () => {
    await call('PUT', `/club/inactive/${seedClubs.volume}`, {
      as: seedAccounts.admin.email,
      body: { reason: 'Zum Testen deaktiviert.' },
    })
    await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: 'staff@demo.at' } })
    await call('PUT', '/__mock/faults', { body: { delayMs: 5, failures: [{ operationId: 'getUsers', status: 500 }] } })
    expect((await call('POST', '/__mock/reset')).status).toBe(204)
    const club = (await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: seedAccounts.admin.email })).body
      .club
    expect(club.status).toBe('ACTIVE')
    expect(await mails()).toEqual([])
    expect((await call('GET', '/__mock/faults')).body).toEqual({ delayMs: 0, failures: [], tokenLifetimeSeconds: 3600 })
  })
})

describe('faults', () => {
  it('fail an operation with a status, a number of times or until cleared', async () => {
    const put = await call('PUT', '/__mock/faults', {
      body: {
        failures: [
          { operationId: 'getClubOverview', status: 503, remaining: 2 },
          { operationId: 'getUsers', status: 500, remaining: null },
        ],
      },
    })
    expect(put.status).toBe(200)
    expect(put.body.failures).toHaveLength(2)
    const path = `/club/cluboverview/${seedClubs.volume}`
    const first = await call('GET', path, { as: seedAccounts.verein.email })
    expect(first.status).toBe(503)
    expect(first.body).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      type: 'https://vereinsportal.at/problems/unavailable',
    })
    expect((await call('GET', '/__mock/faults')).body.failures[0]).toMatchObject({
      operationId: 'getClubOverview',
      remaining: 1,
    })
    expect((await call('GET', path, { as: seedAccounts.verein.email })).status).toBe(503)
    expect((await call('GET', path, { as: seedAccounts.verein.email })).status).toBe(200)
    for (let i = 0; i < 3; i++)
      expect(kindOf(await call('GET', '/users', { as: seedAccounts.admin.email }))).toBe('internal')
    await call('PUT', '/__mock/faults', { body: { failures: [] } })
    expect((await call('GET', '/users', { as: seedAccounts.admin.email })).status).toBe(200)
  })

  it('use the natural problem kind for client errors', async () => {
    await call('PUT', '/__mock/faults', {
      body: {
        failures: [
          { operationId: 'getGlobals', status: 401, remaining: 1 },
          { operationId: 'getCountries', status: 409, remaining: 1 },
        ],
      },
    })
    expect(kindOf(await call('GET', '/globals', { as: seedAccounts.admin.email }))).toBe('unauthorized')
    expect(kindOf(await call('GET', '/country'))).toBe('injected-fault')
  })

  it('delay every API request', async () => {
    await call('PUT', '/__mock/faults', { body: { delayMs: 20 } })
    expect((await call('GET', '/__mock/faults')).body.delayMs).toBe(20)
    expect((await call('GET', '/country')).status).toBe(200)
  })

  it('shorten the token lifetime, so expiry can be tested', async () => {
    await call('PUT', '/__mock/faults', { body: { tokenLifetimeSeconds: 5 } })
    const session = (await signIn('admin@demo.at')).body
    expect(session.expiresIn).toBe(5)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 6000)
      expect((await call('GET', '/users', { authorization: `Bearer ${session.idToken}` })).status).toBe(401)
      const refreshed = (await call('POST', '/__mock/identity/token', { body: { refreshToken: session.refreshToken } }))
        .body
      expect((await call('GET', '/users', { authorization: `Bearer ${refreshed.idToken}` })).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuse unknown operations and impossible values', async () => {
    expect(
      (await call('PUT', '/__mock/faults', { body: { failures: [{ operationId: 'getEverything', status: 500 }] } }))
        .error?.error,
    ).toBe('INVALID_FAULTS')
    expect((await call('PUT', '/__mock/faults', { body: { delayMs: -1 } })).status).toBe(400)
    expect((await call('PUT', '/__mock/faults', { body: { tokenLifetimeSeconds: 0 } })).status).toBe(400)
  })
})

describe('settings', () => {
  it('accept Firebase Auth emulator tokens of the named project, matched to users by e-mail', async () => {
    const segment = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
    const now = Math.floor(Date.now() / 1000)
    const token = `${segment({ alg: 'none', typ: 'JWT' })}.${segment({ iss: 'https://securetoken.google.com/demo-vereinsportal', aud: 'demo-vereinsportal', sub: 'emulator-uid', email: 'verein@demo.at', email_verified: true, iat: now, exp: now + 3600 })}.`
    expect((await call('GET', '/users/me', { authorization: `Bearer ${token}` })).status).toBe(401)
    expect(
      (await call('PUT', '/__mock/settings', { body: { firebaseEmulatorProject: 'demo-vereinsportal' } })).status,
    ).toBe(200)
    const me = await call('GET', '/users/me', { authorization: `Bearer ${token}` })
    expect(me.status).toBe(200)
    expect(me.body.uid).toBe(seedAccounts.verein.uid)
    await call('PUT', '/__mock/settings', { body: { firebaseEmulatorProject: 'other-project' } })
    expect((await call('GET', '/users/me', { authorization: `Bearer ${token}` })).status).toBe(401)
  })
})
