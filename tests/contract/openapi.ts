/**
 * The contract as the suite reads it: every operation with its declared responses (the operation table),
 * and ajv validators (JSON Schema 2020-12, which OpenAPI 3.1 schemas are) for each response body, from the
 * document (./document.ts). Objects in the contract are closed, so a field it does not name fails the check.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { OperationRow } from '#openapi/generated/operations.ts'
import { escapePointer, readContract, resolveResponse } from './document.ts'

export type ContractOperation = OperationRow

const DOCUMENT_ID = 'portal.yaml'

export interface Contract {
  operations: ContractOperation[]
  byId: Map<string, ContractOperation>
  /** Checks a response: null when it conforms, else what is wrong. */
  checkResponse(operationId: string, status: number, contentType: string | null, body: unknown): string | null
}

export const loadContract = (): Contract => {
  const document = readContract()
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(document, DOCUMENT_ID)

  const operations: ContractOperation[] = OPERATION_IDS.map((operationId) => OPERATION_TABLE[operationId])
  /** operationId → status → media type → JSON pointer of the schema. */
  const schemas = new Map<string, Map<number, Map<string, string>>>()
  for (const operation of operations) {
    const method = operation.method.toLowerCase()
    const byStatus = new Map<number, Map<string, string>>()
    for (const status of operation.statuses) {
      // A `$ref` to components/responses is followed, so the schema pointer is where the content really is.
      const { pointer, response } = resolveResponse(operation.path, method, String(status))
      const media = new Map<string, string>()
      for (const [type, content] of Object.entries(response.content ?? {})) {
        if (content.schema) media.set(type, `${pointer}/content/${escapePointer(type)}/schema`)
      }
      byStatus.set(status, media)
    }
    schemas.set(operation.operationId, byStatus)
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
      if (!pointer)
        return `content type '${type}' is not declared for ${operationId} ${status} (${[...media.keys()].join(', ')})`
      const validate = validator(pointer)
      if (validate(body)) return null
      return (validate.errors ?? [])
        .map((error) => {
          // Name the field a closed object does not know (ajv puts it in params, not in the path).
          const extra = (error.params as { additionalProperty?: string; unevaluatedProperty?: string }) ?? {}
          const unknown = extra.additionalProperty ?? extra.unevaluatedProperty
          return `${error.instancePath || '(body)'} ${error.message ?? ''}${unknown ? `: '${unknown}'` : ''}`
        })
        .join('; ')
    },
  }
}
