/**
 * The mock server's `--strict` mode: every answer is checked before it is sent (success bodies against
 * the generated zod response schemas, errors against the `Problem` shape, the status against the
 * operation's declared responses). Objects are closed (docs/decisions/0024-closed-contract.md): a field
 * the contract does not name (a password, an internal flag) is a violation. A violation is logged and answered with a 500, so a contract test run
 * cannot pass over it.
 */
import { z } from 'zod'
import type { Problem } from '#openapi/generated/model/problem.ts'
import { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'
import { OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import type { ApiResponse } from '#domain/operation.ts'
import { problemResponse } from '#domain/operation.ts'
import { problem } from '#domain/problem.ts'

/**
 * The contract's `Problem`, closed like every object of the contract (no stack trace, no internal field).
 * Field for field the generated type's: the typecheck fails when the contract gains a field this lacks.
 */
const ProblemShape = z.strictObject({
  type: z.url(),
  title: z.string(),
  status: z.int().min(400).max(599),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string(), code: z.string().optional() })).optional(),
  reason: z.enum(ReceiptRefusal).optional(),
} satisfies { [Field in keyof Problem]-?: z.ZodType<Problem[Field]> })

/**
 * One violation, naming what the tester needs whatever language zod's messages are set to (the browser's
 * mock configures German ones): the path, and for a field the contract does not name, that field.
 */
const describeIssue = (issue: z.core.$ZodIssue): string => {
  const where = issue.path.join('.') || 'body'
  return issue.code === 'unrecognized_keys'
    ? `${where}: unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
    : `${where}: ${issue.message}`
}

/** Checks every answer against the operation table's statuses and success schemas; `report` hears each violation. */
export const createResponseCheck =
  (report: (message: string) => void) =>
  (operationId: OperationId, response: ApiResponse): ApiResponse => {
    const violations: string[] = []
    const row = OPERATION_TABLE[operationId]
    // 5xx from injected faults are the tester's choice; every other status must be declared.
    if (!row.statuses.includes(response.status) && response.status < 500) {
      violations.push(`status ${response.status} is not declared`)
    }
    if (response.status < 300 && response.status !== 204) {
      // Generated schemas are Zod Mini's: their core type is what classic and mini schemas share.
      const schema = row.response as z.core.$ZodType | null
      const result = schema && z.safeParse(schema, response.body)
      if (result && !result.success) {
        violations.push(...result.error.issues.map(describeIssue))
      }
    } else if (response.status >= 400) {
      const result = ProblemShape.safeParse(response.body)
      if (!result.success) {
        violations.push(`the error body is no Problem (${result.error.issues.map(describeIssue).join('; ')})`)
      } else if (result.data.status !== response.status) violations.push('Problem.status differs from the HTTP status')
    }
    if (violations.length === 0) return response
    report(`[mock server --strict] ${operationId} → ${response.status}: ${violations.join('; ')}`)
    return problemResponse(problem('internal', `The mocked backend broke the contract: ${violations.join('; ')}`), '')
  }
