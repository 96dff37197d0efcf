/**
 * openapi/portal.yaml as data: the one reader of the contract for the code that runs on Node (the
 * server's route table and rate limits, the mocked backend's strict mode, the tests that compare a
 * backend with the contract, the contract suite and its ajv validators in tests/contract/openapi.ts).
 * Nothing else parses the file; the code generators (orval, openapi-typescript), Redocly and Prism read it
 * themselves.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export type ContractMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ContractOperation {
  operationId: string
  method: ContractMethod
  /** As the contract writes it, e.g. `/club/{clubId}/addImage` (relative to `/api/backend/v1`). */
  path: string
  /** `x-access`: who may call it. */
  access: string[]
  /** `x-fresh-sign-in`: some requests need a sign-in at most five minutes old. */
  freshSignIn: boolean
  /** The statuses it declares. */
  statuses: number[]
  /** Whether it takes a request body. */
  hasBody: boolean
  /** The media type of its request body (`application/json`, or `application/octet-stream` for an upload). */
  bodyType: string | null
}

/** A response as the document writes it: inline, or a `$ref` to `components/responses`. */
export interface ContractResponse {
  $ref?: string
  description?: string
  headers?: Record<string, unknown>
  content?: Record<string, { schema?: unknown }>
}

export interface ContractOperationObject {
  operationId: string
  'x-access'?: string[]
  'x-fresh-sign-in'?: boolean
  requestBody?: { content?: Record<string, unknown> }
  responses: Record<string, ContractResponse>
}

export interface ContractDocument {
  paths: Record<string, Record<string, ContractOperationObject>>
  components: { responses: Record<string, ContractResponse>; schemas: Record<string, unknown> } & Record<
    string,
    unknown
  >
}

/** Next to this module; test environments that give modules a non-file URL read it from the project root. */
export const CONTRACT_FILE = import.meta.url.startsWith('file:')
  ? resolve(dirname(fileURLToPath(import.meta.url)), 'portal.yaml')
  : resolve(process.cwd(), 'openapi/portal.yaml')

let cached: ContractDocument | null = null

/** The parsed document (read once per process; treat it as read-only). */
export const readContract = (): ContractDocument =>
  (cached ??= parse(readFileSync(CONTRACT_FILE, 'utf8')) as ContractDocument)

/** A response with its `$ref` followed (to `components/responses`), and the JSON pointer of where it is. */
export const resolveResponse = (
  path: string,
  method: string,
  status: string,
): { pointer: string; response: ContractResponse } => {
  const document = readContract()
  const declared = document.paths[path]?.[method]?.responses[status]
  if (!declared) throw new Error(`${method.toUpperCase()} ${path} declares no ${status}`)
  if (!declared.$ref)
    return { pointer: `#/paths/${escapePointer(path)}/${method}/responses/${status}`, response: declared }
  const response = document.components.responses[declared.$ref.split('/').pop()!]
  if (!response) throw new Error(`${declared.$ref} names no response`)
  return { pointer: declared.$ref, response }
}

/** A JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1')

export const contractOperations = (): ContractOperation[] =>
  Object.entries(readContract().paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase() as ContractMethod,
      path,
      access: operation['x-access'] ?? [],
      freshSignIn: operation['x-fresh-sign-in'] === true,
      statuses: Object.keys(operation.responses).map(Number),
      hasBody: operation.requestBody !== undefined,
      bodyType: Object.keys(operation.requestBody?.content ?? {})[0] ?? null,
    })),
  )
