/**
 * The contract as the suite reads it: every operation with its declared responses, and ajv validators
 * (JSON Schema 2020-12, which OpenAPI 3.1 schemas are) for each response body.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

export const CONTRACT_PATH = resolve(process.cwd(), 'openapi/portal.yaml')
const DOCUMENT_ID = 'portal.yaml'

interface ResponseObject {
  $ref?: string
  content?: Record<string, { schema?: unknown }>
}

interface OperationObject {
  operationId: string
  'x-access'?: string[]
  'x-fresh-sign-in'?: boolean
  responses: Record<string, ResponseObject>
}

export interface ContractOperation {
  operationId: string
  method: string
  path: string
  access: string[]
  /** `x-fresh-sign-in`: some requests need a sign-in at most five minutes old. */
  freshSignIn: boolean
  statuses: number[]
}

export interface Contract {
  operations: ContractOperation[]
  byId: Map<string, ContractOperation>
  /** Checks a response: null when it conforms, else what is wrong. */
  checkResponse(operationId: string, status: number, contentType: string | null, body: unknown): string | null
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')

export const loadContract = (): Contract => {
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as {
    paths: Record<string, Record<string, OperationObject>>
    components: { responses: Record<string, ResponseObject> }
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(document, DOCUMENT_ID)

  const operations: ContractOperation[] = []
  /** operationId → status → media type → JSON pointer of the schema. */
  const schemas = new Map<string, Map<number, Map<string, string>>>()
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        access: operation['x-access'] ?? [],
        freshSignIn: operation['x-fresh-sign-in'] === true,
        statuses: Object.keys(operation.responses).map(Number),
      })
      const byStatus = new Map<number, Map<string, string>>()
      for (const [status, declared] of Object.entries(operation.responses)) {
        // Follow a `$ref` to components/responses, so the schema pointer is where the content really is.
        let pointer = `#/paths/${escapePointer(path)}/${method}/responses/${status}`
        let response = declared
        if (declared.$ref) {
          pointer = declared.$ref
          response = document.components.responses[declared.$ref.split('/').pop()!]!
        }
        const media = new Map<string, string>()
        for (const [type, content] of Object.entries(response.content ?? {})) {
          if (content.schema) media.set(type, `${pointer}/content/${escapePointer(type)}/schema`)
        }
        byStatus.set(Number(status), media)
      }
      schemas.set(operation.operationId, byStatus)
    }
  }

  const validators = new Map<string, ValidateFunction>()
  const validator = (pointer: string): ValidateFunction => {
    let validate = validators.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` })
      validators.set(pointer, validate)
    }
    return validate
  }

  return {
    operations,
    byId: new Map(operations.map((operation) => [operation.operationId, operation])),
    checkResponse(operationId, status, contentType, body) {
      const media = schemas.get(operationId)?.get(status)
      if (!media) return `status ${status} is not declared for ${operationId}`
      if (media.size === 0) return body === undefined ? null : `status ${status} declares no body, but one was sent`
      const type = (contentType ?? '').split(';')[0]!.trim()
      const pointer = media.get(type)
      if (!pointer) return `content type '${type}' is not declared for ${operationId} ${status} (${[...media.keys()].join(', ')})`
      const validate = validator(pointer)
      if (validate(body)) return null
      return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`).join('; ')
    },
  }
}
