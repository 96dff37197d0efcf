/**
 * A database that cannot be reached (restarting, failing over, out of connections, closed) is the client's
 * 503 problem `unavailable` with `Retry-After`, never a 500, and `/readyz` says not ready. A PostgreSQL
 * server that goes away: database-unreachable.postgres.test.ts (npm run test:postgres).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './db/database.ts'
import { loadDemoSeed } from './db/seed.ts'
import { expectUnavailable } from './testing/expect-unavailable.ts'
import { buildEdgeApp, buildTestApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

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
