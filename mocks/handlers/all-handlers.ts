/** Every handler of the mocked backend, in the order MSW tries them. */
import type { HttpHandler } from 'msw'
import type { MockBackend } from '#mocks/backend.ts'
import { apiRouter } from './api-route.ts'
import type { HandlerOptions } from './api-route.ts'
import { controlHandlers } from './control.ts'
import { fallbackHandler } from './fallback.ts'

export const createHandlers = (backend: MockBackend, options: HandlerOptions = {}): HttpHandler[] => [
  apiRouter(backend, options),
  ...controlHandlers(backend),
  fallbackHandler(),
]
