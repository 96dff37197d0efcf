import { http, HttpResponse } from 'msw'
import { API_PREFIX, OPERATION_TABLE, type OperationId } from '#openapi/generated/operations.ts'
import { putFaults } from '#mocks/control/control.ts'
import { backend, server } from '#mocks/node.ts'

/**
 * Makes the mocked backend answer `operationId` with `status` (every time, or `times` times), the way
 * `?mockFail=` does in the browser: for error states in component tests, which may not import mocks/
 * themselves. The seed reset before each test clears it.
 */
export const failOperation = (operationId: OperationId, status = 500, times: number | null = null): void => {
  backend.store.transact((tx) => {
    putFaults(tx, { failures: [{ operationId, status, remaining: times }] })
  })
}

/**
 * Makes the mocked backend answer every API call only after `ms` (the control plane's `delayMs`, as
 * `?mockDelay=` in the browser): a slow or hung backend for the loading and timeout states. The seed reset
 * before each test clears it.
 */
export const delayResponses = (ms: number): void => {
  backend.store.transact((tx) => {
    putFaults(tx, { delayMs: ms })
  })
}

/** `{clubId}` → `:clubId`, MSW's path parameters. */
const toMswPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

/**
 * Makes `operationId`'s requests fail on the way, as a lost connection does (every time, or `once`): `fetch`
 * rejects, no answer arrives. For the "Verbindung fehlgeschlagen" states; the handlers
 * are reset after each test.
 */
export const dropConnection = (operationId: OperationId, { once = false }: { once?: boolean } = {}): void => {
  const { method, path } = OPERATION_TABLE[operationId]
  const verb = method.toLowerCase() as Lowercase<typeof method>
  server.use(http[verb](`*${API_PREFIX}${toMswPath(path)}`, () => HttpResponse.error(), { once }))
}
