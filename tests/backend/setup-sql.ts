/**
 * The hooks of the projects `domain:pglite` and `domain:postgres`: the domain tests against the server
 * on SQL. Each test file gets its own database with the demo seed, restored before every test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { setBackendUnderTest } from './backend-under-test.ts'
import type { BackendUnderTest } from './backend-under-test.ts'
import { createSqlBackendUnderTest } from './sql-backend.ts'

export const registerSqlBackend = (databaseUrl: string | undefined): void => {
  let backend: BackendUnderTest | undefined
  beforeAll(async () => {
    backend = await createSqlBackendUnderTest(databaseUrl)
    setBackendUnderTest(backend)
  }, 120_000)
  beforeEach(() => backend!.reset())
  afterAll(async () => {
    await backend?.close()
    setBackendUnderTest(null)
  })
}
