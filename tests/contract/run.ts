/**
 * The contract suite: `npm run test:contract -- --base-url <url>`.
 *
 * Calls every operation of openapi/portal.yaml against a running mocked backend (`npm run mock:server`,
 * or anything that speaks the contract and the `/__mock/*` control plane): with and without a token,
 * with a token the backend never issued, as a caller without access, with valid and invalid bodies and
 * unknown ids, plus each operation's own rules. Every answer is checked against the document: the
 * status must be declared, the content type too, and the body must validate against its schema.
 *
 *   --base-url <url>     the API base, default http://127.0.0.1:4010/api/backend/v1 (a bare origin gets
 *                        /api/backend/v1 appended, unless --prism)
 *   --control-url <url>  where `/__mock/*` lives (reset before each case, sign-in); default: base origin
 *   --prism              the base URL is a Prism validation proxy: its `sl-violations` reports and
 *                        errors count as violations; deliberately invalid requests may be refused by
 *                        Prism itself (its request validation) instead of reaching the backend
 *   --only <operationId> run one operation's cases
 *
 * Runs on plain Node 24 (type stripping), like mocks/server.ts.
 */
import { parseArgs } from 'node:util'
import { SEED_PASSWORD } from '../../mocks/db/seed-accounts.ts'
import { CALLER_EMAILS, OPERATION_CASES } from './cases.ts'
import type { CaseSpec, Caller, Prepared, SetupApi } from './cases.ts'
import { loadContract } from './openapi.ts'
import type { ContractOperation } from './openapi.ts'

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:4010/api/backend/v1' },
    'control-url': { type: 'string' },
    prism: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})

const API_PREFIX = '/api/backend/v1'
let baseUrl = values['base-url'].replace(/\/+$/, '')
if (!values.prism && new URL(baseUrl).pathname === '/') baseUrl += API_PREFIX
const controlUrl = (values['control-url'] ?? new URL(baseUrl).origin).replace(/\/+$/, '')
const throughPrism = values.prism

const contract = loadContract()

// ------------------------------------------------------------------------------------------------ HTTP

interface Answer {
  status: number
  contentType: string | null
  body: unknown
  violations: string | null
}

const tokens = new Map<Caller, string>()

const authorization = (as: Caller): string | undefined =>
  as === 'none' ? undefined : as === 'invalid' ? 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJuaWVtYW5kIn0.ungueltig' : `Bearer ${tokens.get(as)}`

const send = async (url: string, method: string, as: Caller, body: unknown): Promise<Answer> => {
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' }
  const auth = authorization(as)
  if (auth) headers.Authorization = auth
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  let parsed: unknown = undefined
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body: parsed, violations: response.headers.get('sl-violations') }
}

const control = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

const urlFor = (operation: ContractOperation, params: Record<string, string>, query: Record<string, string> = {}) => {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${operation.operationId}: no value for path parameter ${name}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams(query).toString()
  return `${baseUrl}${path}${search ? `?${search}` : ''}`
}

// ------------------------------------------------------------------------------------------------ cases

interface Case extends CaseSpec {
  operation: ContractOperation
}

const UNKNOWN_ID = 'unbekannt-0000'

/** The generic cases every operation gets, derived from its valid sample request. */
const derivedCases = (operation: ContractOperation): Case[] => {
  const entry = OPERATION_CASES[operation.operationId]
  if (!entry) throw new Error(`No contract cases for ${operation.operationId}`)
  const { sample } = entry
  const access = operation.access
  const cases: Case[] = [{ ...sample, operation, name: 'a valid request' }]
  const anyone = access.includes('ANYONE')
  if (!anyone) {
    cases.push({ ...sample, operation, name: 'no token', as: 'none', expect: 401, kind: 'unauthorized', malformed: true })
    cases.push({ ...sample, operation, name: 'a token the backend never issued', as: 'invalid', expect: 401, kind: 'unauthorized' })
  }
  if (!anyone && !access.includes('SIGNED_IN')) {
    if (!access.includes('STAFF')) cases.push({ ...sample, operation, name: 'staff (no access)', as: 'staff', expect: 403, kind: 'forbidden' })
    if (access.includes('CLUB_MEMBER') || access.includes('SELF')) {
      cases.push({ ...sample, operation, name: 'a representative of another club', as: 'stranger', expect: 403, kind: 'forbidden' })
    } else if (!access.includes('STAFF')) {
      cases.push({ ...sample, operation, name: 'a club representative (no access)', as: 'member', expect: 403, kind: 'forbidden' })
    }
  }
  if (sample.body !== undefined || sample.setup) {
    const hasBody = sample.body !== undefined
    if (hasBody) cases.push({ ...sample, operation, name: 'an empty body', body: {}, setup: undefined, expect: 400, kind: 'validation', malformed: true })
  }
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
  if (pathNames.length > 0) {
    const unknown = Object.fromEntries(pathNames.map((name) => [name, UNKNOWN_ID]))
    cases.push({
      ...sample,
      operation,
      name: `an unknown ${pathNames.join(' and ')}`,
      as: access.includes('ADMIN') ? 'admin' : sample.as,
      params: unknown,
      setup: sample.setup ? async (api) => ({ ...(await sample.setup!(api)), params: unknown }) : undefined,
      expect: 404,
      kind: 'not-found',
    })
  }
  return [...cases, ...(entry.cases ?? []).map((spec) => ({ ...spec, operation }))]
}

// ------------------------------------------------------------------------------------------------ run

const PRISM_ERROR = 'https://stoplight.io/prism/errors#'
const results = { passed: 0, failed: 0, prismViolations: 0, refusedByPrism: 0, malformed: 0, requests: 0 }
const failures: string[] = []
const covered = new Set<string>()

const problemType = (body: unknown): string => {
  const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined
  return typeof type === 'string' ? type : ''
}

const isPrismError = (answer: Answer) => problemType(answer.body).startsWith(PRISM_ERROR)

/** Prism reports problems with the backend's answers in `sl-violations` and, with --errors, as its own 500. */
const prismViolation = (answer: Answer): string | null => {
  if (!throughPrism) return null
  if (answer.violations && answer.violations.includes('"response"')) return `Prism: ${answer.violations}`
  if (isPrismError(answer) && problemType(answer.body).endsWith('VIOLATIONS')) return `Prism: ${JSON.stringify(answer.body)}`
  return null
}

const setupApi: SetupApi = {
  api: async (method, path, options = {}) => {
    const search = options.query ? `?${new URLSearchParams(options.query)}` : ''
    const answer = await send(`${baseUrl}${path}${search}`, method, options.as ?? 'admin', options.body)
    results.requests += 1
    const violation = prismViolation(answer)
    if (violation) {
      results.prismViolations += 1
      failures.push(`setup ${method} ${path}: ${violation}`)
    }
    return { status: answer.status, body: answer.body }
  },
  control: (method, path, body) => control(method, path, body),
}

const runCase = async (testCase: Case): Promise<string[]> => {
  const problems: string[] = []
  const reset = await control('POST', '/__mock/reset')
  if (reset.status !== 204) throw new Error(`POST ${controlUrl}/__mock/reset answered ${reset.status}: is this a mocked backend?`)
  const prepared: Prepared = testCase.setup ? await testCase.setup(setupApi) : {}
  const params = { ...testCase.params, ...prepared.params }
  const query = { ...testCase.query, ...prepared.query }
  const body = prepared.body !== undefined && testCase.body === undefined ? prepared.body : testCase.body
  const answer = await send(urlFor(testCase.operation, params, query), testCase.operation.method, testCase.as, body)
  results.requests += 1
  if (testCase.malformed) results.malformed += 1

  const violation = prismViolation(answer)
  if (violation) {
    results.prismViolations += 1
    problems.push(violation)
  }
  // Prism's request validation answers a deliberately invalid request itself (422, or 401 for a missing
  // token): the backend never sees it, and that is the right outcome too.
  if (throughPrism && testCase.malformed && isPrismError(answer) && (answer.status === 422 || answer.status === 401)) {
    results.refusedByPrism += 1
    return problems
  }
  if (throughPrism && isPrismError(answer) && !violation) problems.push(`Prism refused a valid request: ${JSON.stringify(answer.body)}`)

  if (answer.status !== testCase.expect) problems.push(`expected ${testCase.expect}, got ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 300)}`)
  const schemaProblem = contract.checkResponse(testCase.operation.operationId, answer.status, answer.contentType, answer.body)
  if (schemaProblem) problems.push(`response does not match the contract: ${schemaProblem}`)
  if (answer.status >= 400 && testCase.kind) {
    const type = (answer.body as { type?: string } | undefined)?.type
    if (type !== `https://vereinsportal.at/problems/${testCase.kind}`) problems.push(`expected problem kind ${testCase.kind}, got ${type}`)
    if (testCase.kind === 'validation' && !Array.isArray((answer.body as { errors?: unknown }).errors)) problems.push('a validation problem lists no errors')
  }
  return problems
}

const main = async () => {
  console.log(`Contract suite: ${contract.operations.length} operations of openapi/portal.yaml`)
  console.log(`  API:           ${baseUrl}${throughPrism ? '  (through Prism)' : ''}`)
  console.log(`  control plane: ${controlUrl}/__mock`)

  const reset = await control('POST', '/__mock/reset').catch((error: unknown) => ({ status: 0, body: String(error) }))
  if (reset.status !== 204) {
    console.error(`Cannot reach the mocked backend's control plane at ${controlUrl}/__mock/reset (${reset.status}). Start it with npm run mock:server.`)
    process.exit(2)
  }
  for (const [caller, email] of Object.entries(CALLER_EMAILS)) {
    const session = await control('POST', '/__mock/identity/signIn', { email, password: SEED_PASSWORD })
    if (session.status !== 200) throw new Error(`Could not sign in as ${email}: ${JSON.stringify(session.body)}`)
    tokens.set(caller as Caller, (session.body as { idToken: string }).idToken)
  }

  const operations = contract.operations.filter((operation) => !values.only || operation.operationId === values.only)
  for (const operation of operations) {
    console.log(`\n${operation.operationId}  ${operation.method} ${operation.path}  [${operation.access.join(', ')}]`)
    for (const testCase of derivedCases(operation)) {
      let problems: string[]
      try {
        problems = await runCase(testCase)
      } catch (error) {
        problems = [`the case itself failed: ${error instanceof Error ? error.message : String(error)}`]
      }
      covered.add(operation.operationId)
      const label = `${testCase.name} → ${testCase.expect}${testCase.kind ? ` ${testCase.kind}` : ''}`
      if (problems.length === 0) {
        results.passed += 1
        console.log(`  ✓ ${label}`)
      } else {
        results.failed += 1
        console.log(`  ✗ ${label}`)
        for (const problem of problems) console.log(`      ${problem}`)
        failures.push(`${operation.operationId}: ${testCase.name}: ${problems.join(' | ')}`)
      }
    }
  }
  await control('POST', '/__mock/reset')

  console.log('\nSummary')
  console.log(`  operations covered: ${covered.size}/${contract.operations.length}`)
  console.log(`  cases run:          ${results.passed + results.failed} (${results.malformed} deliberately invalid requests, ${results.requests} API requests incl. setup)`)
  if (throughPrism) {
    console.log(`  Prism violations:   ${results.prismViolations}`)
    console.log(`  refused by Prism's request validation (deliberately invalid requests): ${results.refusedByPrism}`)
  }
  if (failures.length > 0) {
    console.log('\nFailures')
    for (const failure of failures) console.log(`  ${failure}`)
  }
  // The closing line CI reads.
  console.log(`\n${results.passed} passed, ${results.failed} failed`)
  process.exit(results.failed > 0 || results.prismViolations > 0 || covered.size < operations.length ? 1 : 0)
}

await main()
