/** The `globals` and `countries` tags. */
import type { RouteDefinition } from './api-route.ts'

export const otherRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/globals', operationId: 'getGlobals' },
  { method: 'GET', path: '/country', operationId: 'getCountries' },
]
