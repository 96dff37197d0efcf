/** The `club-types` tag. */
import type { RouteDefinition } from './api-route.ts'

export const clubTypeRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/clubtypes/all', operationId: 'getClubTypes' },
  { method: 'POST', path: '/clubtypes', operationId: 'createClubType' },
  { method: 'PUT', path: '/clubtypes/{id}', operationId: 'updateClubType' },
  { method: 'DELETE', path: '/clubtypes/{id}', operationId: 'deleteClubType' },
]
