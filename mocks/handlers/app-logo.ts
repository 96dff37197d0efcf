/** The `app-logo` tag. */
import type { RouteDefinition } from './api-route.ts'

export const appLogoRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/applogo', operationId: 'getAppLogo' },
  { method: 'POST', path: '/applogo', operationId: 'createAppLogo' },
  { method: 'PUT', path: '/applogo', operationId: 'replaceAppLogo' },
  { method: 'DELETE', path: '/applogo/{id}', operationId: 'deleteAppLogo' },
  { method: 'GET', path: '/applogo/file', operationId: 'getAppLogoFile' },
]
