/**
 * openapi/portal.yaml, read for tests that compare the mocked backend with the contract. Found from the
 * working directory (the project root for every npm script and Vitest), as test environments may give
 * modules a non-file `import.meta.url`.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'

export interface ContractOperation {
  operationId: string
  method: string
  path: string
  access: string[]
  statuses: number[]
}

interface Document {
  paths: Record<string, Record<string, { operationId: string; 'x-access'?: string[]; responses: Record<string, unknown> }>>
}

export const readContract = (): Document =>
  parse(readFileSync(resolve(process.cwd(), 'openapi/portal.yaml'), 'utf8')) as Document

export const contractOperations = (): ContractOperation[] =>
  Object.entries(readContract().paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      access: operation['x-access'] ?? [],
      statuses: Object.keys(operation.responses).map(Number),
    })),
  )
