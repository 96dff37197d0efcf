/**
 * A PostgreSQL server that goes away (a restart, a failover) is the client's 503 problem `unavailable` with
 * `Retry-After`, never a 500, and `/readyz` says not ready until it is back. The server's connections go
 * through a TCP relay the test cuts, as a restart of PostgreSQL cuts them. Runs where DATABASE_URL names a
 * server (npm run test:postgres; vitest.config.ts includes *.postgres.test.ts only then).
 */
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { openDatabase } from './db/database.ts'
import type { OpenDatabase } from './db/database.ts'
import { loadDemoSeed } from './db/seed.ts'
import { createScratchDatabase } from './testing/scratch-database.ts'
import { expectUnavailable } from './testing/expect-unavailable.ts'
import { startRelay } from './testing/tcp-relay.ts'
import { buildTestApp } from './testing/test-app.ts'
import type { TestApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const url = process.env.DATABASE_URL ?? ''
describe('PostgreSQL that goes away (DATABASE_URL)', () => {
  let database: OpenDatabase
  let testApp: TestApp
  let relay: Awaited<ReturnType<typeof startRelay>>
  let direct: string

  it('answers 503 with Retry-After while the server is down, /readyz not ready, and recovers when it is back', async () => {
    const scratch = await createScratchDatabase(url ?? '', 'vp_unreachable')
    cleanups.push(scratch.drop)
    direct = scratch.url
    relay = await startRelay(new URL(scratch.url))
    cleanups.push(() => relay.cut())
    database = await openDatabase({ url: relay.url(), poolSize: 2, onConnectionError: () => undefined })
    await loadDemoSeed(database, Date.now())
    testApp = await buildTestApp({ database })
    cleanups.push(() => testApp.close())
    const token = await testApp.tokenFor(seedAccounts.admin.email)
    const createType = (name: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `${API}/clubtypes`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      })
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` })).statusCode).toBe(200)

    await relay.cut()
    // The pool's idle connections ended with the cut; the next ones are refused.
    expectUnavailable(await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` }))
    expectUnavailable(await createType('Während des Neustarts'))
    expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503)

    await relay.restore()
    expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    expect((await createType('Nach dem Neustart')).statusCode).toBe(201)
  }, 60_000)

  it('a connection ended under a running request (admin_shutdown, 57P01) is a 503 problem', async () => {
    const admin = new pg.Client({ connectionString: direct })
    await admin.connect()
    cleanups.push(() => admin.end())
    const running = database.transaction(async (trx) => {
      await sql`SELECT pg_sleep(30)`.execute(trx)
    })
    // Ends the sleeping backend as a fast shutdown of PostgreSQL does.
    for (let tries = 0; tries < 100; tries++) {
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()`,
      )
      if (ended.rowCount) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await expect(running).rejects.toMatchObject({ kind: 'unavailable', status: 503 })
    // The pool replaces the ended connection.
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` })).statusCode).toBe(200)
  }, 60_000)
})
