/**
 * The mock server's `--strict` mode: every answer is checked before it is sent (success bodies against
 * the generated zod response schemas, errors against the `Problem` shape, the status against the
 * operation's declared responses). Objects are closed (docs/decisions/0024-closed-contract.md): a field
 * the contract does not name (a password, an internal flag) is a violation. A violation is logged and answered with a 500, so a contract test run
 * cannot pass over it.
 */
import { z } from 'zod'
import * as appLogo from '#openapi/generated/zod/app-logo/app-logo.zod.ts'
import * as campaigns from '#openapi/generated/zod/campaigns/campaigns.zod.ts'
import * as clubRoles from '#openapi/generated/zod/club-roles/club-roles.zod.ts'
import * as clubTypes from '#openapi/generated/zod/club-types/club-types.zod.ts'
import * as clubs from '#openapi/generated/zod/clubs/clubs.zod.ts'
import * as countries from '#openapi/generated/zod/countries/countries.zod.ts'
import * as donations from '#openapi/generated/zod/donations/donations.zod.ts'
import * as files from '#openapi/generated/zod/files/files.zod.ts'
import * as globals from '#openapi/generated/zod/globals/globals.zod.ts'
import * as payments from '#openapi/generated/zod/payments/payments.zod.ts'
import * as users from '#openapi/generated/zod/users/users.zod.ts'
import type { OperationId } from '#domain/access.ts'
import type { ApiResponse } from '#domain/operation.ts'
import { problemResponse } from '#domain/operation.ts'
import { problem } from '#domain/problem.ts'

const modules: ReadonlyArray<Record<string, unknown>> = [
  appLogo,
  campaigns,
  clubRoles,
  clubTypes,
  clubs,
  countries,
  donations,
  files,
  globals,
  payments,
  users,
]

/** `getClubs` → the generated `GetClubsResponse`. */
export const successSchema = (operationId: OperationId): z.core.$ZodType | undefined => {
  const name = `${operationId[0]!.toUpperCase()}${operationId.slice(1)}Response`
  // Generated schemas are Zod Mini's: `instanceof` the core type, which classic and mini schemas share.
  for (const module of modules) if (module[name] instanceof z.core.$ZodType) return module[name]
  return undefined
}

/** The contract's `Problem`, closed like every object of the contract (no stack trace, no internal field). */
const ProblemShape = z.strictObject({
  type: z.url(),
  title: z.string(),
  status: z.int().min(400).max(599),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string(), code: z.string().optional() })).optional(),
})

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

/**
 * @param declaredStatuses the statuses each operation declares in the contract (from openapi/portal.yaml)
 */
export const createResponseCheck =
  (declaredStatuses: ReadonlyMap<string, ReadonlySet<number>>, report: (message: string) => void) =>
  (operationId: OperationId, response: ApiResponse): ApiResponse => {
    const violations: string[] = []
    const declared = declaredStatuses.get(operationId)
    // 5xx from injected faults are the tester's choice; every other status must be declared.
    if (declared && !declared.has(response.status) && response.status < 500) {
      violations.push(`status ${response.status} is not declared`)
    }
    if (response.status < 300 && response.status !== 204) {
      const schema = successSchema(operationId)
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
