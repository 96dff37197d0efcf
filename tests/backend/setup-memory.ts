/** Vitest setup of the project `domain:memory`: the domain tests against the mocked backend. */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { setBackendUnderTest } from './backend-under-test.ts'
import type { BackendUnderTest } from './backend-under-test.ts'
import { createMemoryBackendUnderTest } from './memory-backend.ts'

let backend: BackendUnderTest

beforeAll(() => {
  backend = createMemoryBackendUnderTest()
  setBackendUnderTest(backend)
})
beforeEach(() => backend.reset())
afterAll(async () => {
  await backend.close()
  setBackendUnderTest(null)
})
