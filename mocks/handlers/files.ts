/** The `files` tag: uploads, signed links and downloads (the server's storage; kept in memory here). */
import type { RouteDefinition } from './api-route.ts'

export const fileRoutes: readonly RouteDefinition[] = [
  { method: 'PUT', path: '/storage/blob', operationId: 'uploadFile', body: 'upload' },
  { method: 'DELETE', path: '/storage/blob', operationId: 'discardUpload' },
  { method: 'GET', path: '/storage/link', operationId: 'getFileLink' },
  { method: 'GET', path: '/storage/file', operationId: 'downloadFile' },
]
