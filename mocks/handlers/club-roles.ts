/** The `club-roles` tag. */
import type { RouteDefinition } from './api-route.ts'

export const clubRoleRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/clubroles/all', operationId: 'getClubRoles' },
  { method: 'POST', path: '/clubroles', operationId: 'createClubRole' },
  { method: 'PUT', path: '/clubroles', operationId: 'updateClubRole' },
  { method: 'DELETE', path: '/clubroles/{id}', operationId: 'deleteClubRole' },
]
