/**
 * A backend: the domain's operations over one set of ports. The mocked backend (mocks/backend.ts) and
 * the server (server/app.ts) each make one with their own unit of work and put their transport in front.
 */
import type { OperationId } from '#openapi/generated/operations.ts'
import { executeOperation } from './operation.ts'
import type { ApiRequest, ApiResponse, ExecuteOptions, ExecuteRequestOptions } from './operation.ts'
import { OPERATIONS } from './operations.ts'
import type { Clock, UnitOfWork } from './ports.ts'

export interface DomainBackend {
  execute(operationId: OperationId, request: ApiRequest, options?: ExecuteRequestOptions): Promise<ApiResponse>
}

export const createDomainBackend = (
  unitOfWork: UnitOfWork,
  clock: Clock,
  options: ExecuteOptions = {},
): DomainBackend => ({
  execute: (operationId, request, requestOptions) =>
    executeOperation(unitOfWork, clock, operationId, OPERATIONS[operationId], request, {
      ...options,
      ...requestOptions,
    }),
})
