/**
 * The server (Fastify over the domain and the SQL adapters) on a database of its own, called
 * in-process with `inject`: PGlite in memory, or a fresh database on the PostgreSQL server that
 * DATABASE_URL names (created for the test file and dropped after it).
 */
import { randomBytes } from 'node:crypto'
import { pino } from 'pino'
import { mintIdToken } from '#adapters/offline-identity/offline-identity.ts'
import { buildApp } from '#server/app.ts'
import { createServerBackend } from '#server/backend.ts'
import { openDatabase } from '#server/db/database.ts'
import { loadDemoSeed } from '#server/db/seed.ts'
import { restoreSnapshot } from '#server/db/seed-snapshot.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import type { BackendUnderTest } from './backend-under-test.ts'

export const createSqlBackendUnderTest = async (databaseUrl: string | undefined): Promise<BackendUnderTest> => {
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, 'vp_test') : null
  // Dropping the scratch database at the end ends its idle connections: expected, not worth a line.
  const database = await openDatabase({ url: scratch?.url, poolSize: 4, onConnectionError: () => undefined })
  await loadDemoSeed(database, Date.now())
  const signingKey = new Uint8Array(randomBytes(32))
  const logger = pino({ level: 'silent' })
  const backend = createServerBackend(database, { logger, signingKey })
  const app = await buildApp({
    backend,
    config: {
      bodyLimit: 1024 * 1024,
      requestTimeoutMs: 15_000,
      corsOrigins: ['http://localhost:3000'],
      testHooks: true,
    },
    logger,
  })
  await app.ready()
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
    idTokenFor: (email) =>
      backend.transact(async (ports, identity) => {
        const user = await ports.users.findByEmail(email.trim().toLowerCase())
        if (!user) throw new Error(`No user with the e-mail address ${email} in the database.`)
        const validAfter = (await identity.credentials.sessionsValidAfter(user.uid)) ?? 0
        return mintIdToken(user, validAfter, Date.now(), 3600, signingKey)
      }, true),
    reset: () => restoreSnapshot(database),
    close: async () => {
      await app.close()
      await database.close()
      await scratch?.drop()
    },
  }
}
