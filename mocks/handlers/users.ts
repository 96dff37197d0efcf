/** The `users` tag. */
import type { RouteDefinition } from './api-route.ts'

export const userRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/users', operationId: 'getUsers' },
  { method: 'POST', path: '/users', operationId: 'createUser' },
  { method: 'PUT', path: '/users', operationId: 'updateUser' },
  { method: 'GET', path: '/users/me', operationId: 'getCurrentUser' },
  { method: 'PUT', path: '/users/updateUserPassword', operationId: 'updateUserPassword' },
  { method: 'POST', path: '/users/registerViaInvite', operationId: 'registerViaInvite' },
  { method: 'DELETE', path: '/users/{uid}', operationId: 'deleteUser' },
]
