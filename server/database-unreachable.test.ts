/**
 * A database that cannot be reached (restarting, failing over, out of connections, closed) is the client's
 * 503 problem `unavailable` with `Retry-After`, never a 500, and `/readyz` says not ready. The PostgreSQL
 * cases run where DATABASE_URL names a server (npm run test:postgres): the server's connections go through
 * a TCP relay the test can cut, as a restart of PostgreSQL cuts them.
 */
import { createServer, connect } from 'node:net'
import type { Server, Socket } from 'node:net'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { openDatabase } from './db/database.ts'
import type { OpenDatabase } from './db/database.ts'
import { loadDemoSeed } from './db/seed.ts'
import { createScratchDatabase } from './testing/scratch-database.ts'
import { buildEdgeApp, buildTestApp } from './testing/test-app.ts'
import type { TestApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const expectUnavailable = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(answer.statusCode, answer.body).toBe(503)
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(JSON.parse(answer.body)).toMatchObject({
    type: 'https://vereinsportal.at/problems/unavailable',
    status: 503,
  })
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
}

describe('an unreachable database, whatever the route', () => {
  it('a connection failure outside any operation is a 503 problem with Retry-After, not a 500', async () => {
    const app = await buildEdgeApp(
      {},
      {},
      {
        controlPlane: (edge) => {
          edge.get('/__mock/probe', async () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
          })
        },
      },
    )
    cleanups.push(() => app.close())
    expectUnavailable(await app.inject({ method: 'GET', url: '/__mock/probe' }))
  })

  it('a bug is still a 500', async () => {
    const app = await buildEdgeApp(
      {},
      {},
      {
        controlPlane: (edge) => {
          edge.get('/__mock/probe', async () => {
            throw new TypeError('undefined is not a function')
          })
        },
      },
    )
    cleanups.push(() => app.close())
    expect((await app.inject({ method: 'GET', url: '/__mock/probe' })).statusCode).toBe(500)
  })
})

describe('PGlite, closed under the server', () => {
  it('answers an operation 503 with Retry-After and /readyz not ready', async () => {
    const database = await openDatabase({})
    await loadDemoSeed(database, Date.now())
    const testApp = await buildTestApp({ database })
    cleanups.push(() => testApp.app.close())
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` })).statusCode).toBe(200)
    await database.close()
    expectUnavailable(await testApp.app.inject({ method: 'GET', url: `${API}/clubtypes/all` }))
    expectUnavailable(
      await testApp.app.inject({
        method: 'POST',
        url: `${API}/clubtypes`,
        headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Geschlossen' }),
      }),
    )
    expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503)
  }, 120_000)
})

/** A TCP relay to the PostgreSQL server that can refuse new connections and cut the open ones. */
const startRelay = async (target: URL) => {
  const open = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname)
        open.add(client).add(upstream)
        const end = () => {
          client.destroy()
          upstream.destroy()
          open.delete(client)
          open.delete(upstream)
        }
        client.on('error', end).on('close', end)
        upstream.on('error', end).on('close', end)
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  await listen()
  return {
    url: () => {
      const url = new URL(target)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    /** PostgreSQL goes down: open connections end, new ones are refused (nothing listens on the port). */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        open.clear()
        if (server) server.close(() => resolve())
        else resolve()
        server = null
      }),
    /** PostgreSQL is back on the same port. */
    restore: listen,
  }
}

const url = process.env.DATABASE_URL
describe.runIf(url)('PostgreSQL that goes away (DATABASE_URL)', () => {
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
