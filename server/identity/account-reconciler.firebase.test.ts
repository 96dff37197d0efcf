/**
 * The reconciler settles provider account changes a crash left unsettled, from what the database says,
 * and only once they are older than any request can run; a request that finishes leaves nothing to settle.
 * Against the Auth emulator (`npm run test:firebase`), on PGlite (pending changes as files) or, with
 * DATABASE_URL, a scratch PostgreSQL database (the table of migration 0011).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { seedEmulator } from '#scripts/run/firebase-seed.ts'
import { EMULATOR_PROJECT_ID } from '#server/config.ts'
import { openDatabase } from '#server/db/database.ts'
import { loadDemoSeed } from '#server/db/seed.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { buildTestApp, silentLogger } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { reconcileAccounts } from './account-reconciler.ts'
import { startFirebaseAuth } from './firebase-identity.ts'
import type { PendingAccount, PendingAccounts } from './pending-accounts.ts'

const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!
const firebase = startFirebaseAuth({ projectId: EMULATOR_PROJECT_ID, emulatorHost: host })
const GRACE_MS = 60_000

let testApp: TestApp
let pending: PendingAccounts
const cleanups: Array<() => Promise<void> | void> = []

beforeAll(async () => {
  const url = process.env.DATABASE_URL
  const scratch = url ? await createScratchDatabase(url, 'vp_reconcile') : null
  if (scratch) cleanups.push(scratch.drop)
  const database = await openDatabase({ url: scratch?.url, poolSize: 4, onConnectionError: () => undefined })
  await loadDemoSeed(database, Date.now())
  testApp = await buildTestApp({ database, firebaseAuth: firebase.auth })
  pending = testApp.backend.pendingAccounts!
  await seedEmulator(host)
}, 120_000)
afterAll(async () => {
  await testApp.close()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const reconcile = (now = Date.now()) =>
  reconcileAccounts({
    auth: firebase.auth,
    database: testApp.database,
    pending,
    graceMs: GRACE_MS,
    now: () => now,
    logger: silentLogger,
  })

/** What is pending now, whatever its age. */
const pendingNow = async (): Promise<PendingAccount[]> => {
  const seen: PendingAccount[] = []
  // Settling with a throwing step lists without settling: a failed step keeps its record.
  await pending.settleDue(Date.now() + 365 * 86_400_000, async (entry) => {
    seen.push(entry)
    throw new Error('only looking')
  })
  return seen
}

const newUid = () => randomBytes(14).toString('hex')
const exists = async (uid: string) =>
  firebase.auth.getUser(uid).then(
    () => true,
    () => false,
  )

describe('the account reconciler', () => {
  it('deletes the account of a registration that never committed, once it is older than the grace period', async () => {
    const uid = newUid()
    const email = `verwaist-${uid}@demo.at`
    const then = Date.now()
    await pending.add(uid, 'create', email, then)
    await firebase.auth.createUser({ uid, email, password: 'Verwaist-2026' })

    // Younger than the grace period: it may belong to a request still running.
    expect(await reconcile(then + GRACE_MS - 1)).toBe(0)
    expect(await exists(uid)).toBe(true)

    expect(await reconcile(then + GRACE_MS + 1)).toBe(1)
    expect(await exists(uid)).toBe(false)
    expect(await pendingNow()).toEqual([])
    // The address is free again.
    await expect(firebase.auth.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' })
  })

  it('keeps the account of a registration that committed, and of a deletion that did not (enabled again)', async () => {
    const { uid } = seedAccounts.verein
    const then = Date.now()
    await pending.add(uid, 'create', seedAccounts.verein.email, then)
    await pending.add(uid, 'delete', null, then)
    await firebase.auth.updateUser(uid, { disabled: true })
    expect(await reconcile(then + GRACE_MS + 1)).toBe(2)
    expect((await firebase.auth.getUser(uid)).disabled).toBe(false)
    expect(await pendingNow()).toEqual([])
  })

  it('deletes the account of a deletion that committed', async () => {
    const uid = newUid()
    await firebase.auth.createUser({ uid, email: `geloescht-${uid}@demo.at`, disabled: true })
    const then = Date.now()
    await pending.add(uid, 'delete', null, then)
    expect(await reconcile(then + GRACE_MS + 1)).toBe(1)
    expect(await exists(uid)).toBe(false)
  })

  it('has nothing to settle after requests that finished: a registration, a refused one, a deletion', async () => {
    const signedIn = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seedAccounts.admin.email, password: SEED_PASSWORD, returnSecureToken: true }),
      },
    )
    const admin = ((await signedIn.json()) as { idToken: string }).idToken
    const call = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
      testApp.app.inject({
        method,
        url: `/api/backend/v1${url}`,
        headers: {
          authorization: `Bearer ${admin}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      })
    const email = `neu-${newUid()}@demo.at`
    const user = { email, password: 'Kassa-Start-1', firstName: 'Karl', lastName: 'Kassier', role: 'ROLE_STAFF' }
    const created = await call('POST', '/users', user)
    expect(created.statusCode, created.body).toBe(201)
    expect((await call('POST', '/users', user)).statusCode).toBe(409)
    const uid = (JSON.parse(created.body) as { uid: string }).uid
    expect((await call('DELETE', `/users/${uid}`)).statusCode).toBe(204)
    expect(await exists(uid)).toBe(false)
    expect(await pendingNow()).toEqual([])
  })
})
