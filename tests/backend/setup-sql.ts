/**
 * The hooks of the projects `domain:pglite` and `domain:postgres`: the domain tests against the server
 * on SQL. Each test file gets its own database with the demo seed, restored before every test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { setBackendUnderTest } from './backend-under-test.ts'
import type { BackendUnderTest } from './backend-under-test.ts'
import { createSqlBackendUnderTest } from './sql-backend.ts'

/**
 * One backend per process when the project runs its files in the same process (`isolate: false`, the
 * PGlite project: booting and migrating PGlite is most of a file's time). Every test restores the
 * seed first, so the files cannot see each other's changes; the process's exit frees the database.
 */
const shared = globalThis as { vereinsportalSqlBackend?: Promise<BackendUnderTest> }

export const registerSqlBackend = (databaseUrl: string | undefined, { sharePerProcess = false } = {}): void => {
  let backend: BackendUnderTest | undefined
  beforeAll(async () => {
    backend = await (sharePerProcess
      ? (shared.vereinsportalSqlBackend ??= createSqlBackendUnderTest(databaseUrl))
      : createSqlBackendUnderTest(databaseUrl))
    setBackendUnderTest(backend)
  }, 120_000)
  beforeEach(() => backend!.reset())
  afterAll(async () => {
    if (!sharePerProcess) await backend?.close()
    setBackendUnderTest(null)
  })
}
