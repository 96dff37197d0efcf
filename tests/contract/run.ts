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
 *   --firebase-emulator <host:port>
 *                        the backend verifies Firebase Auth tokens (server with FIREBASE_AUTH_EMULATOR_HOST):
 *                        sign in at this Auth emulator instead of the local identity, reseed its accounts
 *                        after every case that wrote, and run the stale-sign-in cases (forged `auth_time`)
 *
 * Runs on plain Node 24 (type stripping), like mocks/server.ts.
 */
import { parseArgs } from 'node:util'
import { SEED_PASSWORD } from '../../mocks/db/seed-accounts.ts'
import { seedEmulator } from '../../scripts/firebase-seed.ts'
import { CALLER_EMAILS, OPERATION_CASES, RawBody } from './cases.ts'
import type { CaseSpec, Caller, Prepared, SetupApi } from './cases.ts'
import { loadContract } from './openapi.ts'
import type { ContractOperation } from './openapi.ts'

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:4010/api/backend/v1' },
    'control-url': { type: 'string' },
    prism: { type: 'boolean', default: false },
    only: { type: 'string' },
    'firebase-emulator': { type: 'string' },
  },
})
const firebaseEmulator = values['firebase-emulator']

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

/**
 * The emulator's tokens are unsigned: the same token with `auth_time` six minutes back. firebase-admin's
 * revocation check refuses a sign-in from before the account's `validSince` (here: the reseed a moment
 * ago), so that moves back an hour first, as it is for anyone who signed in six minutes ago.
 */
const staleToken = async (token: string): Promise<string> => {
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  const now = Math.floor(Date.now() / 1000)
  const update = await fetch(
    `http://${firebaseEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-vereinsportal/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: claims.sub, validSince: String(now - 3600) }),
    },
  )
  if (!update.ok) throw new Error(`The emulator refused to move validSince back: ${await update.text()}`)
  wrote = true
  const stale = { ...claims, auth_time: now - 6 * 60 }
  return `${header}.${Buffer.from(JSON.stringify(stale)).toString('base64url')}.${signature}`
}

/** Whether a request since the last (re)seed may have changed sign-in accounts. */
let wrote = false

const send = async (url: string, method: string, as: Caller, body: unknown, stale = false): Promise<Answer> => {
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' }
  if (method !== 'GET') wrote = true
  const auth = stale && tokens.has(as) ? `Bearer ${await staleToken(tokens.get(as)!)}` : authorization(as)
  if (auth) headers.Authorization = auth
  // An upload's bytes go as they are; every other body as JSON.
  if (body instanceof RawBody) headers['Content-Type'] = body.contentType
  else if (body !== undefined) headers['Content-Type'] = 'application/json'
  const payload = body instanceof RawBody ? body.bytes : body === undefined ? undefined : JSON.stringify(body)
  // Prism's proxy corrupts binary request bodies (stoplightio/prism#2475, #1321): uploads go to the backend
  // directly; the suite still checks their answers against the document itself.
  const target = throughPrism && body instanceof RawBody ? url.replace(baseUrl, `${controlUrl}${API_PREFIX}`) : url
  const response = await fetch(target, { method, headers, body: payload })
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
  if (!anyone && !access.includes('UNCONFIRMED')) {
    cases.push({ ...sample, operation, name: 'an unconfirmed address', as: 'unconfirmed', expect: 403, kind: 'email-not-verified' })
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
    // An upload's empty body is no bytes at all; a JSON body's is `{}`.
    const empty = sample.body instanceof RawBody ? new RawBody(new Uint8Array(0), sample.body.contentType) : {}
    if (hasBody) cases.push({ ...sample, operation, name: 'an empty body', body: empty, setup: undefined, expect: 400, kind: 'validation', malformed: true })
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
  const own = (entry.cases ?? []).filter((spec) => !spec.staleSignIn || firebaseEmulator)
  if (firebaseEmulator && operation.freshSignIn && !own.some((spec) => spec.staleSignIn))
    throw new Error(`${operation.operationId} is marked x-fresh-sign-in but has no stale-sign-in case`)
  return [...cases, ...own.map((spec) => ({ ...spec, operation }))]
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

/** Signs every caller in: at the Firebase Auth emulator, or at the backend's local identity. */
const signInAll = async () => {
  for (const [caller, email] of Object.entries(CALLER_EMAILS)) {
    const session = firebaseEmulator
      ? await fetch(`http://${firebaseEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: SEED_PASSWORD, returnSecureToken: true }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))
      : await control('POST', '/__mock/identity/signIn', { email, password: SEED_PASSWORD })
    if (session.status !== 200) throw new Error(`Could not sign in as ${email}: ${JSON.stringify(session.body)}`)
    tokens.set(caller as Caller, (session.body as { idToken: string }).idToken)
  }
  signedInAt = Date.now()
}
let signedInAt = 0

/**
 * Before a case: the seed again, and sessions that can do everything. Password changes, role changes and
 * bank details need a sign-in at most five minutes old, and the suite runs longer than that, so callers
 * sign in again every four minutes. Against Firebase the emulator's accounts are seeded again after every
 * case that wrote (a case may have changed a password or made an account), and everyone signs in anew.
 */
const prepareCase = async () => {
  const reset = await control('POST', '/__mock/reset')
  if (reset.status !== 204) throw new Error(`POST ${controlUrl}/__mock/reset answered ${reset.status}: is this a mocked backend?`)
  if (firebaseEmulator && wrote) {
    await seedEmulator(firebaseEmulator)
    await signInAll()
  } else if (Date.now() - signedInAt > 4 * 60_000) {
    await signInAll()
  }
  wrote = false
}

const runCase = async (testCase: Case): Promise<string[]> => {
  const problems: string[] = []
  await prepareCase()
  const prepared: Prepared = testCase.setup ? await testCase.setup(setupApi) : {}
  const params = { ...testCase.params, ...prepared.params }
  const query = { ...testCase.query, ...prepared.query }
  const body = prepared.body !== undefined && testCase.body === undefined ? prepared.body : testCase.body
  const answer = await send(urlFor(testCase.operation, params, query), testCase.operation.method, testCase.as, body, testCase.staleSignIn)
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
  if (firebaseEmulator) await seedEmulator(firebaseEmulator)
  await signInAll()
  console.log(`  sign-in:       ${firebaseEmulator ? `Firebase Auth emulator at ${firebaseEmulator}` : 'the backend\'s local identity'}`)

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
