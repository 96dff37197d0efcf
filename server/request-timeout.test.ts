/**
 * A request's time limit does not lie: the 503 comes with a rollback, never before a commit. On PGlite, or
 * with DATABASE_URL set (npm run test:postgres) on a fresh database of that PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { CancelledError } from '#domain/ports.ts'
import { openDatabase } from './db/database.ts'
import type { OpenDatabase } from './db/database.ts'
import { loadDemoSeed } from './db/seed.ts'
import { createScratchDatabase } from './testing/scratch-database.ts'
import type { ScratchDatabase } from './testing/scratch-database.ts'
import { buildTestApp } from './testing/test-app.ts'
import type { TestApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const REQUEST_TIMEOUT_MS = 150
/** How long the slowed transactions wait after their work, before they may commit. */
const SLOWDOWN_MS = 600

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let scratch: ScratchDatabase | null = null
let database: OpenDatabase
let testApp: TestApp
/** While true, every transaction waits SLOWDOWN_MS after its work has run (a slow commit). */
let slow = false

beforeAll(async () => {
  const url = process.env.DATABASE_URL
  scratch = url ? await createScratchDatabase(url, 'vp_timeout') : null
  database = await openDatabase({
    url: scratch?.url,
    poolSize: 4,
    onConnectionError: () => undefined,
    statementTimeoutMs: REQUEST_TIMEOUT_MS,
  })
  await loadDemoSeed(database, Date.now())
  const slowed: OpenDatabase = {
    ...database,
    transaction: (work, readOnly, signal) =>
      database.transaction(
        async (trx) => {
          const result = await work(trx)
          if (slow && !readOnly) await sleep(SLOWDOWN_MS)
          return result
        },
        readOnly,
        signal,
      ),
  }
  testApp = await buildTestApp({ database: slowed, config: { requestTimeoutMs: REQUEST_TIMEOUT_MS } })
}, 120_000)

afterAll(async () => {
  await testApp.close()
  await scratch?.drop()
})

const clubTypeNames = async (): Promise<string[]> => {
  const answer = await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` })
  return (JSON.parse(answer.body) as Array<{ name: string }>).map((type) => type.name)
}

describe(`a request that takes longer than its time limit (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is answered 503 and rolled back: what it wrote is not there, not even after its work would have finished', async () => {
    const token = await testApp.tokenFor(seedAccounts.admin.email)
    slow = true
    const answer = await testApp.app.inject({
      method: 'POST',
      url: `${API}/clubtypes`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Zu spät gespeichert' }),
    })
    expect(answer.statusCode).toBe(503)
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'https://vereinsportal.at/problems/unavailable' })
    await sleep(SLOWDOWN_MS + 200)
    slow = false
    expect(await clubTypeNames()).not.toContain('Zu spät gespeichert')
    // The same request in time is saved.
    const saved = await testApp.app.inject({
      method: 'POST',
      url: `${API}/clubtypes`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Rechtzeitig gespeichert' }),
    })
    expect(saved.statusCode).toBe(201)
    expect(await clubTypeNames()).toContain('Rechtzeitig gespeichert')
  })

  it('cannot write after its cancellation: the abandoned work’s next query is refused, and its first one rolled back', async () => {
    let abandoned: Promise<void> | undefined
    const cancelled = database.transaction(
      (trx) =>
        (abandoned = (async () => {
          await trx
            .insertInto('settings')
            .values({ key: 'before-cancel', value: JSON.stringify(1) })
            .execute()
          await sleep(REQUEST_TIMEOUT_MS * 2)
          await trx
            .insertInto('settings')
            .values({ key: 'after-cancel', value: JSON.stringify(2) })
            .execute()
        })()),
      false,
      AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    )
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError)
    await expect(abandoned).rejects.toBeInstanceOf(CancelledError)
    const keys = await database.transaction(
      (trx) => trx.selectFrom('settings').select('key').where('key', 'in', ['before-cancel', 'after-cancel']).execute(),
      true,
    )
    expect(keys).toEqual([])
  })
})
