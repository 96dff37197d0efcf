/** The mocked backend (domain + in-memory store) behind its MSW handlers, called in-process. */
import { getResponse } from 'msw'
import { createMockBackend } from '#mocks/backend.ts'
import { createHandlers } from '#mocks/handlers/all-handlers.ts'
import type { BackendUnderTest } from './backend-under-test.ts'

export const createMemoryBackendUnderTest = (): BackendUnderTest => {
  const backend = createMockBackend()
  const handlers = createHandlers(backend)
  return {
    name: 'memory',
    handle: async (request) =>
      (await getResponse(handlers, request)) ?? new Response(JSON.stringify({ error: 'NOT_FOUND' }), { status: 404 }),
    idTokenFor: async (email) => backend.idTokenFor(email),
    paymentsDelivered: () => backend.payments.delivered(),
    reset: async () => backend.reset(),
    close: async () => undefined,
  }
}
