import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { resetMockBackend, server } from '@mocks/node'
import '@/lib/i18n/i18n'

// Every test talks to the same stateful mocked backend the browser uses, freshly seeded, and any
// request no handler knows fails the test instead of silently reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => resetMockBackend())
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())
