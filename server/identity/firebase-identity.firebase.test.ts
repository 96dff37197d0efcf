/**
 * The server with Firebase Auth (firebase-admin against the Auth emulator that `npm run test:firebase`
 * starts; the vitest project `firebase` exists only when FIREBASE_AUTH_EMULATOR_HOST is set). Tokens come
 * from the emulator's own sign-in, as the browser's Firebase SDK gets them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  SEED_PASSWORD,
  seedAccounts,
  seedClubRoles,
  seedClubTypes,
  seedClubs,
} from '#adapters/demo-seed/seed-accounts.ts'
import { seedEmulator } from '#scripts/run/firebase-seed.ts'
import type { ServerBackend } from '#server/backend.ts'
import { EMULATOR_PROJECT_ID } from '#server/config.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { startFirebaseAuth } from './firebase-identity.ts'

const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!
const identityToolkit = `http://${host}/identitytoolkit.googleapis.com/v1`
const KEY = 'demo-api-key'

const emulator = async (path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${identityToolkit}/${path}?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Signs in at the emulator as the browser does; the ID token, or the error message. */
const signIn = async (email: string, password = SEED_PASSWORD): Promise<string> => {
  const answer = await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true })
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  return answer.body.idToken as string
}

const signInFails = async (email: string, password: string): Promise<boolean> =>
  (await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true })).status === 400

/** The emulator signs nothing, and firebase-admin does not check signatures against it: a token with older claims. */
const withClaims = (token: string, claims: Record<string, unknown>): string => {
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  return `${header}.${Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url')}.${signature}`
}

/**
 * firebase-admin's revocation check compares whole seconds (`auth_time` against the account's
 * `validSince`, which a sign-in's own second passes). So the tests sign in "ten seconds ago": the
 * account's validSince moves back an hour and the token's times back ten seconds.
 */
const signInEarlier = async (uid: string, email: string, password = SEED_PASSWORD): Promise<string> => {
  const response = await fetch(`${identityToolkit}/projects/${EMULATOR_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) - 3600) }),
  })
  expect(response.status).toBe(200)
  const earlier = Math.floor(Date.now() / 1000) - 10
  return withClaims(await signIn(email, password), { iat: earlier, auth_time: earlier })
}

let backend: ServerBackend
let app: FastifyInstance
let testApp: TestApp
const firebase = startFirebaseAuth({ projectId: EMULATOR_PROJECT_ID, emulatorHost: host })

const api = async (method: string, path: string, token?: string, body?: unknown) => {
  const answer = await app.inject({
    method: method as 'GET',
    url: `/api/backend/v1${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {} }
}
const kindOf = (answer: { body: Record<string, unknown> }) => String(answer.body.type).split('/').pop()

beforeAll(async () => {
  testApp = await buildTestApp({
    firebaseAuth: firebase.auth,
    firebasePasswordCheck: firebase.checkPassword,
    testHooks: true,
  })
  ;({ app, backend } = testApp)
  // The demo seed (ten thousand donations) takes a while on a busy machine.
}, 120_000)

beforeEach(async () => {
  await seedEmulator(host)
})

afterAll(async () => {
  await testApp.close()
})

describe('the server with Firebase Auth', () => {
  it('knows the caller by a token from Firebase and refuses missing, malformed, forged-user and revoked ones', async () => {
    const token = await signInEarlier(seedAccounts.admin.uid, seedAccounts.admin.email)
    const me = await api('GET', '/users/me', token)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ uid: seedAccounts.admin.uid, role: 'ROLE_ADMIN' })

    for (const bad of [undefined, 'not-a-jwt', withClaims(token, { exp: Math.floor(Date.now() / 1000) - 10 })]) {
      const refused = await api('GET', '/users/me', bad)
      expect(refused.status).toBe(401)
      expect(kindOf(refused)).toBe('unauthorized')
    }
    await firebase.auth.revokeRefreshTokens(seedAccounts.admin.uid)
    expect((await api('GET', '/users/me', token)).status).toBe(401)
    // The local identity's sign-in does not exist beside Firebase.
    expect((await app.inject({ method: 'POST', url: '/__mock/identity/signIn', payload: {} })).statusCode).toBe(404)
  })

  it('refuses every operation but the caller’s own record to an unconfirmed address, and mirrors the confirmation', async () => {
    const unconfirmed = await signIn(seedAccounts.unbestaetigt.email)
    expect((await api('GET', '/users/me', unconfirmed)).body.emailVerified).toBe(false)
    const refused = await api('GET', `/club/cluboverview/${seedClubs.unconfirmed}`, unconfirmed)
    expect(refused.status).toBe(403)
    expect(kindOf(refused)).toBe('email-not-verified')

    await firebase.auth.updateUser(seedAccounts.unbestaetigt.uid, { emailVerified: true })
    const confirmed = await signIn(seedAccounts.unbestaetigt.email)
    expect((await api('GET', `/club/cluboverview/${seedClubs.unconfirmed}`, confirmed)).status).toBe(200)
    const admin = await signIn(seedAccounts.admin.email)
    const users = (await api('GET', '/users', admin)).body as unknown as Array<{ uid: string; emailVerified: boolean }>
    expect(users.find((user) => user.uid === seedAccounts.unbestaetigt.uid)?.emailVerified).toBe(true)
  })

  it('registers a club with a Firebase account that confirms with the code of the mail', async () => {
    const registration = {
      club: {
        name: 'Schachklub Ottakring',
        zvrNumber: '9876543210',
        address: { street: 'Thaliastraße', houseNumber: '1', postalCode: '1160', city: 'Wien' },
        clubTypeId: seedClubTypes.kultur,
        clubSize: 20,
      },
      user: {
        email: 'obfrau@schach-ottakring.at',
        password: 'Schachmatt-1',
        firstName: 'Olga',
        lastName: 'Ott',
        phoneNumber: '+43 1 2345678',
      },
      acceptedTerms: true,
    }
    const created = await api('POST', '/club/createWithUser', undefined, registration)
    expect(created.status).toBe(201)
    const uid = (created.body.user as { uid: string }).uid
    expect((await firebase.auth.getUser(uid)).emailVerified).toBe(false)

    const mails = (await app.inject({ method: 'GET', url: '/__mock/mailbox' })).json<
      Array<{ to: string; link: string }>
    >()
    const mail = mails.find((candidate) => candidate.to === 'obfrau@schach-ottakring.at')!
    const oobCode = new URL(mail.link, 'http://localhost').searchParams.get('oobCode')
    expect((await emulator('accounts:update', { oobCode })).status).toBe(200)

    const token = await signIn('obfrau@schach-ottakring.at', 'Schachmatt-1')
    const clubs = await api('GET', `/club/all/user/${uid}`, token)
    expect(clubs.status).toBe(200)
    expect(clubs.body).toEqual([expect.objectContaining({ name: 'Schachklub Ottakring' })])

    // The same address again (for another club): the portal says so, and Firebase keeps one account.
    const again = await api('POST', '/club/createWithUser', undefined, {
      ...registration,
      club: { ...registration.club, name: 'Zweiter', zvrNumber: '9876543211' },
    })
    expect(again.status).toBe(409)
    expect(kindOf(again)).toBe('user-exists')
  })

  it('lets a user an administrator created sign in, changes and deletes the account with the user', async () => {
    const admin = await signIn(seedAccounts.admin.email)
    const created = await api('POST', '/users', admin, {
      email: 'kassier@demo.at',
      password: 'Kassa-Start-1',
      firstName: 'Karl',
      lastName: 'Kassier',
      role: 'ROLE_STAFF',
    })
    expect(created.status).toBe(201)
    const uid = created.body.uid as string
    const token = await signIn('kassier@demo.at', 'Kassa-Start-1')
    expect((await api('GET', '/users/me', token)).body).toMatchObject({ uid, role: 'ROLE_STAFF' })

    const renamed = await api('PUT', '/users', admin, {
      uid,
      email: 'kassa@demo.at',
      firstName: 'Karl',
      lastName: 'Kassa',
      role: 'ROLE_STAFF',
    })
    expect(renamed.status).toBe(200)
    expect(await firebase.auth.getUser(uid)).toMatchObject({ email: 'kassa@demo.at', displayName: 'Karl Kassa' })

    expect((await api('DELETE', `/users/${uid}`, admin)).status).toBe(204)
    await expect(firebase.auth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    expect(await signInFails('kassa@demo.at', 'Kassa-Start-1')).toBe(true)
  })

  it('changes the password at Firebase given the current one: the old one fails, old tokens are revoked, the new one signs in', async () => {
    const token = await signInEarlier(seedAccounts.verein.uid, seedAccounts.verein.email)
    // The current password is checked at Firebase (the Identity Toolkit's sign-in): a wrong one changes nothing.
    const wrong = await api('PUT', '/users/updateUserPassword', token, {
      currentPassword: 'Falsch-1234',
      password: 'Neu-und-lang-1',
    })
    expect(wrong.status).toBe(400)
    expect(kindOf(wrong)).toBe('current-password-wrong')
    expect(await signInFails(seedAccounts.verein.email, 'Neu-und-lang-1')).toBe(true)
    const common = await api('PUT', '/users/updateUserPassword', token, {
      currentPassword: SEED_PASSWORD,
      password: 'Password1',
    })
    expect(common.status).toBe(400)
    expect(common.body.errors).toEqual([expect.objectContaining({ field: 'password', code: 'common_password' })])

    expect(
      (
        await api('PUT', '/users/updateUserPassword', token, {
          currentPassword: SEED_PASSWORD,
          password: 'Neu-und-lang-1',
        })
      ).status,
    ).toBe(204)
    expect(await signInFails(seedAccounts.verein.email, SEED_PASSWORD)).toBe(true)
    expect((await api('GET', '/users/me', token)).status).toBe(401)
    const fresh = await signIn(seedAccounts.verein.email, 'Neu-und-lang-1')
    expect((await api('GET', '/users/me', fresh)).status).toBe(200)
  })

  it('signs out at Firebase: the refresh tokens are revoked and the session’s ID tokens refused', async () => {
    const token = await signInEarlier(seedAccounts.staff.uid, seedAccounts.staff.email)
    expect((await api('GET', '/users/me', token)).status).toBe(200)
    const before = (await firebase.auth.getUser(seedAccounts.staff.uid)).tokensValidAfterTime
    expect((await api('POST', '/users/me/sign-out', token)).status).toBe(204)
    expect((await firebase.auth.getUser(seedAccounts.staff.uid)).tokensValidAfterTime).not.toBe(before)
    const refused = await api('GET', '/users/me', token)
    expect(refused.status).toBe(401)
    expect(kindOf(refused)).toBe('unauthorized')
  })

  it('mails the portal’s own reset link with Firebase’s code, which sets the new password; unknown addresses get nothing', async () => {
    const mailbox = async () =>
      (await app.inject({ method: 'GET', url: '/__mock/mailbox' })).json<
        Array<{ to: string; kind: string; subject: string; link: string }>
      >()
    const unknown = await api('POST', '/users/password-reset', undefined, { email: 'niemand@demo.at' })
    expect(unknown.status).toBe(202)
    expect((await mailbox()).filter((mail) => mail.to === 'niemand@demo.at')).toEqual([])

    expect((await api('POST', '/users/password-reset', undefined, { email: seedAccounts.neu.email })).status).toBe(202)
    const mail = (await mailbox()).find((candidate) => candidate.to === seedAccounts.neu.email)!
    expect(mail).toMatchObject({ kind: 'PASSWORD_RESET', subject: 'Passwort zurücksetzen' })
    const link = new URL(mail.link, 'http://localhost')
    expect(link.pathname).toBe('/login')
    expect(link.searchParams.get('mode')).toBe('resetPassword')
    // What the app's confirmPasswordReset sends with the code.
    const oobCode = link.searchParams.get('oobCode')
    expect((await emulator('accounts:resetPassword', { oobCode, newPassword: 'Zurueck-1234' })).status).toBe(200)
    expect(await signIn(seedAccounts.neu.email, 'Zurueck-1234')).toBeTruthy()
  })

  it('asks for a fresh sign-in when auth_time is older than five minutes', async () => {
    const token = await signInEarlier(seedAccounts.verein.uid, seedAccounts.verein.email)
    const stale = withClaims(token, { auth_time: Math.floor(Date.now() / 1000) - 6 * 60 })
    expect((await api('GET', '/users/me', stale)).status).toBe(200)
    const refused = await api('PUT', '/users/updateUserPassword', stale, {
      currentPassword: SEED_PASSWORD,
      password: 'Neu-und-lang-1',
    })
    expect(refused.status).toBe(401)
    expect(kindOf(refused)).toBe('reauthentication-required')
    expect(await signInFails(seedAccounts.verein.email, 'Neu-und-lang-1')).toBe(true)
  })

  it('keeps the custom claims Storage reads in step with registration, invitations and member removal', async () => {
    const claimsOf = async (uid: string) => (await firebase.auth.getUser(uid)).customClaims
    const created = await api('POST', '/club/createWithUser', undefined, {
      club: {
        name: 'Tennisclub Hernals',
        zvrNumber: '5550001112',
        address: { street: 'Hernalser Hauptstraße', houseNumber: '2', postalCode: '1170', city: 'Wien' },
        clubTypeId: seedClubTypes.sport,
        clubSize: 20,
      },
      user: {
        email: 'obmann@tc-hernals.at',
        password: 'Satz-und-Sieg-1',
        firstName: 'Theo',
        lastName: 'Tenner',
        phoneNumber: '+43 1 7654321',
      },
      acceptedTerms: true,
    })
    expect(created).toMatchObject({ status: 201 })
    const uid = (created.body.user as { uid: string }).uid
    const ownClub = (created.body.club as { id: string }).id
    expect(await claimsOf(uid)).toEqual({ portalRole: 'ROLE_USER', clubIds: [ownClub] })

    // An administrator invites the new user into a second club; the user confirms the address and accepts.
    const admin = await signIn(seedAccounts.admin.email)
    const invited = await api('POST', `/club/${seedClubs.volume}/inviteUser`, admin, {
      email: 'obmann@tc-hernals.at',
      clubRoleId: seedClubRoles.mitglied,
    })
    expect(invited.status).toBe(201)
    const links = (await app.inject({ method: 'GET', url: '/__mock/mailbox' }))
      .json<Array<{ to: string; link: string }>>()
      .filter((mail) => mail.to === 'obmann@tc-hernals.at')
      .map((mail) => new URL(mail.link, 'http://localhost'))
    const oobCode = links.find((link) => link.searchParams.has('oobCode'))!.searchParams.get('oobCode')
    expect((await emulator('accounts:update', { oobCode })).status).toBe(200)
    const invitationToken = links.find((link) => link.pathname === '/acceptInvitation')!.searchParams.get('token')!
    const token = await signIn('obmann@tc-hernals.at', 'Satz-und-Sieg-1')
    const accepted = await api('POST', `/users/acceptInvitation?token=${encodeURIComponent(invitationToken)}`, token)
    expect(accepted.status).toBe(200)
    expect(await claimsOf(uid)).toEqual({ portalRole: 'ROLE_USER', clubIds: [ownClub, seedClubs.volume].sort() })

    // Removed from the second club: its id leaves the claims (the token carries it until its next refresh).
    expect((await api('DELETE', `/club/${seedClubs.volume}/member/${uid}`, admin)).status).toBe(204)
    expect(await claimsOf(uid)).toEqual({ portalRole: 'ROLE_USER', clubIds: [ownClub] })
  })

  it('shows a role an administrator changed in portalRole and keeps other custom claims', async () => {
    const { uid, email, firstName, lastName } = seedAccounts.freigabe
    await firebase.auth.setCustomUserClaims(uid, { betaTester: true })
    const admin = await signIn(seedAccounts.admin.email)
    const changed = await api('PUT', '/users', admin, { uid, email, firstName, lastName, role: 'ROLE_STAFF' })
    expect(changed.status).toBe(200)
    expect((await firebase.auth.getUser(uid)).customClaims).toEqual({
      betaTester: true,
      portalRole: 'ROLE_STAFF',
      clubIds: [seedClubs.releasable],
    })
    // The claims reach a token with its next refresh, which is what the browser's Storage adapter asks for.
    const decoded = await firebase.auth.verifyIdToken(await signIn(email))
    expect(decoded).toMatchObject({ portalRole: 'ROLE_STAFF', clubIds: [seedClubs.releasable] })
  })

  it('gives users from before the claims theirs when the server starts (syncAllClaims)', async () => {
    const { uid } = seedAccounts.verein
    await firebase.auth.setCustomUserClaims(uid, null)
    expect(await backend.syncAllClaims!()).toBeGreaterThan(5)
    const claims = (await firebase.auth.getUser(uid)).customClaims
    expect(claims).toMatchObject({ portalRole: 'ROLE_USER' })
    expect((claims?.clubIds as string[]).length).toBeGreaterThan(0)
  })

  it('undoes the Firebase account when the database transaction fails after it', async () => {
    const failed = backend.transact(async (ports) => {
      await ports.identity.createAccount({
        uid: 'uid-rolled-back',
        email: 'zurueck@demo.at',
        password: 'Zurueck-1234',
        emailVerified: true,
        displayName: 'Zu Rück',
      })
      expect((await firebase.auth.getUser('uid-rolled-back')).email).toBe('zurueck@demo.at')
      throw new Error('the database write after the account failed')
    })
    await expect(failed).rejects.toThrow('the database write after the account failed')
    await expect(firebase.auth.getUser('uid-rolled-back')).rejects.toMatchObject({ code: 'auth/user-not-found' })

    const deleting = backend.transact(async (ports) => {
      await ports.identity.deleteAccount(seedAccounts.neu.uid)
      throw new Error('the user row could not be deleted')
    })
    await expect(deleting).rejects.toThrow('the user row could not be deleted')
    expect(await firebase.auth.getUser(seedAccounts.neu.uid)).toMatchObject({ disabled: false })
    expect(await signIn(seedAccounts.neu.email)).toBeTruthy()
  })
})
