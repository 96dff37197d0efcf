/**
 * openapi/portal.yaml as data: the one reader of the contract for the code that runs on Node (the
 * server's route table, the mocked backend's strict mode, the tests that compare a backend with the
 * contract). The contract suite's validators (tests/contract/openapi.ts) build on the same document.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export interface ContractOperation {
  operationId: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** As the contract writes it, e.g. `/club/{clubId}/addImage` (relative to `/api/backend/v1`). */
  path: string
  /** `x-access`: who may call it. */
  access: string[]
  /** The statuses it declares. */
  statuses: number[]
  /** Whether it takes a request body. */
  hasBody: boolean
}

export interface ContractDocument {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; 'x-access'?: string[]; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >
  components: Record<string, unknown>
}

/** Next to this module; test environments that give modules a non-file URL read it from the project root. */
export const CONTRACT_FILE = import.meta.url.startsWith('file:')
  ? resolve(dirname(fileURLToPath(import.meta.url)), 'portal.yaml')
  : resolve(process.cwd(), 'openapi/portal.yaml')

let cached: ContractDocument | null = null

export const readContract = (): ContractDocument =>
  (cached ??= parse(readFileSync(CONTRACT_FILE, 'utf8')) as ContractDocument)

export const contractOperations = (): ContractOperation[] =>
  Object.entries(readContract().paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase() as ContractOperation['method'],
      path,
      access: operation['x-access'] ?? [],
      statuses: Object.keys(operation.responses).map(Number),
      hasBody: operation.requestBody !== undefined,
    })),
  )
