/**
 * The mocked backend inside Vitest (msw/node): every test file's requests go to the same stateful
 * backend the browser uses. tests/utils/setup-tests.ts starts `server` and calls `resetMockBackend()`
 * before each test.
 */
import { setupServer } from 'msw/node'
import { createMockBackend } from './backend.ts'
import { createHandlers } from './handlers/all-handlers.ts'

export const backend = createMockBackend()

export const server = setupServer(...createHandlers(backend))

/** A freshly seeded store, an empty mailbox and no faults. */
export const resetMockBackend = (): void => backend.reset()
