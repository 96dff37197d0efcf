/** The `users` tag. */
import type { RouteDefinition } from './api-route.ts'

export const userRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/users', operationId: 'getUsers' },
  { method: 'POST', path: '/users', operationId: 'createUser' },
  { method: 'PUT', path: '/users', operationId: 'updateUser' },
  { method: 'GET', path: '/users/me', operationId: 'getCurrentUser' },
  { method: 'PUT', path: '/users/updateUserPassword', operationId: 'updateUserPassword' },
  { method: 'POST', path: '/users/registerViaInvite', operationId: 'registerViaInvite' },
  { method: 'GET', path: '/users/invitation', operationId: 'getInvitation' },
  { method: 'POST', path: '/users/acceptInvitation', operationId: 'acceptInvitation' },
  { method: 'DELETE', path: '/users/{uid}', operationId: 'deleteUser' },
  { method: 'GET', path: '/users/{uid}/deletionImpact', operationId: 'getUserDeletionImpact' },
]
