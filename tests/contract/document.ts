/**
 * openapi/portal.yaml as a document: the contract suite's ajv validators check every answer against its
 * response schemas (tests/contract/openapi.ts). What the backends route and admit by comes from the
 * generated operation table (openapi/generated/operations.ts); nothing that runs in a backend reads the
 * YAML. The code generators, Redocly and Prism read it themselves.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

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

/** From this module; test environments that give modules a non-file URL read it from the project root. */
export const CONTRACT_FILE = import.meta.url.startsWith('file:')
  ? resolve(dirname(fileURLToPath(import.meta.url)), '../../openapi/portal.yaml')
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
