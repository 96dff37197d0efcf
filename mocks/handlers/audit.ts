/** The `audit` tag: the audit log, whole and per club. */
import type { RouteDefinition } from './api-route.ts'

export const auditRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/audit', operationId: 'getAuditLog' },
  { method: 'GET', path: '/club/{clubId}/audit', operationId: 'getClubAuditLog' },
]
