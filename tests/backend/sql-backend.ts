/**
 * The server (Fastify over the domain and the SQL adapters) on a database of its own, called
 * in-process with `inject`: PGlite in memory, or a fresh database on the PostgreSQL server that
 * DATABASE_URL names (created for the test file and dropped after it).
 */
import { openDatabase } from '#server/db/database.ts'
import { loadDemoSeed } from '#server/db/seed.ts'
import { restoreSnapshot } from '#server/db/seed-snapshot.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { BackendUnderTest } from './backend-under-test.ts'

export const createSqlBackendUnderTest = async (databaseUrl: string | undefined): Promise<BackendUnderTest> => {
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, 'vp_test') : null
  // Dropping the scratch database at the end ends its idle connections: expected, not worth a line.
  const database = await openDatabase({ url: scratch?.url, poolSize: 4, onConnectionError: () => undefined })
  await loadDemoSeed(database, Date.now())
  const { app, backend, tokenFor, clock, close } = await buildTestApp({ database, testHooks: true })
  return {
    name: scratch ? 'postgres' : 'pglite',
    handle: async (request) => {
      const url = new URL(request.url)
      const headers: Record<string, string> = {}
      request.headers.forEach((value, name) => (headers[name] = value))
      headers.host = url.host
      // Bytes, not text: uploads are binary.
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer())
      const answer = await app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        payload: body === undefined || body.length === 0 ? undefined : body,
      })
      const responseHeaders = new Headers()
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value))
      }
      return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: responseHeaders,
      })
    },
    idTokenFor: tokenFor,
    paymentsDelivered: async () => backend.simulatedProvider?.delivered(),
    reset: async () => {
      await restoreSnapshot(database)
      await backend.simulatedProvider?.forget()
      // A test that moved the clock (`PUT /__mock/clock`) leaves it moved for the next one otherwise.
      clock?.set(null)
    },
    close: async () => {
      await close()
      await scratch?.drop()
    },
  }
}
