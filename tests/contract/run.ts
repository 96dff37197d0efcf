/**
 * The contract suite: `npm run test:contract -- --base-url <url>`.
 *
 * Calls every operation of openapi/portal.yaml against a running mocked backend (`npm run mock:server`,
 * or anything that speaks the contract and the `/__mock/*` control plane): with and without a token,
 * with a token the backend never issued, as a caller without access, with valid and invalid bodies and
 * unknown or overlong ids, with a field the contract does not name (400 `unknown_field`), a `text/plain`
 * body (415) and a body over the limit (413), plus each operation's own rules. Every answer is checked
 * against the document: the status must be declared, the content type too, and the body must validate
 * against its schema, whose objects are closed (a field the contract does not name fails it).
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
 *   --sign-in-limit <n>  the target limits registrations and invitation acceptances to n per client and
 *                        minute and takes the client from `X-Forwarded-For` (the server with TRUST_PROXY):
 *                        every case is sent as a client of its own, and the 429 cases run
 *   --public-limit <n>   the same for the other operations anyone may call (with --sign-in-limit)
 *   --label <name>       names this run in the coverage file (default: direct, or prism with --prism)
 *   --verbose            also prints every documented response no case exercised
 *
 * The stale-sign-in cases (401 `reauthentication-required`) run against the Firebase Auth emulator, and
 * against a mocked backend, whose control plane can be told to take the emulator's unsigned tokens
 * (`PUT /__mock/settings`); the server's local identity signs its tokens itself, so they are skipped
 * there. At the end the suite prints its coverage: which documented responses (operation × status) a
 * case got, with the list of the others in `test-results/contract/coverage-<label>.txt`.
 *
 * Runs on plain Node 24 (type stripping), like mocks/server.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { seedEmulator } from '#scripts/firebase-seed.ts'
import { CALLER_EMAILS, OPERATION_CASES, RawBody } from './cases.ts'
import type { CaseSpec, Caller, OperationCases, Prepared, SetupApi } from './cases.ts'
import { loadContract } from './openapi.ts'
import type { ContractOperation } from './openapi.ts'

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:4010/api/backend/v1' },
    'control-url': { type: 'string' },
    prism: { type: 'boolean', default: false },
    only: { type: 'string' },
    'firebase-emulator': { type: 'string' },
    'sign-in-limit': { type: 'string' },
    'public-limit': { type: 'string' },
    label: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
})
const firebaseEmulator = values['firebase-emulator']
const signInLimit = values['sign-in-limit'] ? Number(values['sign-in-limit']) : null
const publicLimit = values['public-limit'] && signInLimit !== null ? Number(values['public-limit']) : null
const label = values.label ?? (values.prism ? 'prism' : 'direct')
/** The contract's limit of a JSON body (info.description: 1 MiB, else 413). */
const JSON_BODY_LIMIT = 1024 * 1024
/** A field no schema of the contract names. */
const UNKNOWN_FIELD = 'kontraktUnbekannt'

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
  retryAfter: string | null
}

const tokens = new Map<Caller, string>()

const authorization = (as: Caller): string | undefined =>
  as === 'none'
    ? undefined
    : as === 'invalid'
      ? 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJuaWVtYW5kIn0.ungueltig'
      : `Bearer ${tokens.get(as)}`

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

/**
 * A stale sign-in at a mocked backend: an unsigned Firebase Auth emulator token for the caller's address
 * whose `auth_time` is six minutes back, which the mock takes once its settings name the emulator project.
 */
const staleMockToken = async (as: Caller): Promise<string> => {
  const email = CALLER_EMAILS[as as keyof typeof CALLER_EMAILS]
  const settings = await control('PUT', '/__mock/settings', { firebaseEmulatorProject: MOCK_EMULATOR_PROJECT })
  if (settings.status !== 200) throw new Error(`PUT /__mock/settings answered ${settings.status}`)
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    iss: `https://securetoken.google.com/${MOCK_EMULATOR_PROJECT}`,
    aud: MOCK_EMULATOR_PROJECT,
    email,
    email_verified: true,
    auth_time: now - 6 * 60,
    iat: now - 60,
    exp: now + 3600,
  }
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
}
const MOCK_EMULATOR_PROJECT = 'demo-vereinsportal'

/** How this target lets the suite make a stale sign-in, if at all (decided once the control plane answered). */
let staleSignIns: 'firebase-emulator' | 'mock-settings' | null = firebaseEmulator ? 'firebase-emulator' : null

/** Whether a request since the last (re)seed may have changed sign-in accounts. */
let wrote = false

/** The client address the current case sends from (`X-Forwarded-For`), with `--sign-in-limit`. */
let clientAddress: string | null = null

const send = async (url: string, method: string, as: Caller, body: unknown, stale = false): Promise<Answer> => {
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' }
  if (method !== 'GET') wrote = true
  const auth =
    stale && staleSignIns === 'mock-settings'
      ? `Bearer ${await staleMockToken(as)}`
      : stale && tokens.has(as)
        ? `Bearer ${await staleToken(tokens.get(as)!)}`
        : authorization(as)
  if (auth) headers.Authorization = auth
  if (clientAddress) headers['X-Forwarded-For'] = clientAddress
  // An upload's bytes go as they are; every other body as JSON.
  if (body instanceof RawBody) headers['Content-Type'] = body.contentType
  else if (body !== undefined) headers['Content-Type'] = 'application/json'
  const payload = body instanceof RawBody ? body.bytes : body === undefined ? undefined : JSON.stringify(body)
  // Prism's proxy corrupts binary request bodies (stoplightio/prism#2475, #1321): uploads go to the backend
  // directly; the suite still checks their answers against the document itself.
  const target = throughPrism && body instanceof RawBody ? url.replace(baseUrl, `${controlUrl}${API_PREFIX}`) : url
  if (body instanceof RawBody && body.bytes.length > LARGE_BODY) return sendUnread(target, method, headers, body)
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
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: parsed,
    violations: response.headers.get('sl-violations'),
    retryAfter: response.headers.get('retry-after'),
  }
}

/** A body above this many bytes is sent as `sendUnread` sends it. */
const LARGE_BODY = 256 * 1024

/**
 * A body above the backend's limit: the contract says it is refused before it is read (413), so only its
 * headers (with the whole Content-Length) and the first 64 KiB are sent, and the answer must come without
 * the rest. (Sending all of it races the backend closing the connection after its early answer.)
 */
const sendUnread = (url: string, method: string, headers: Record<string, string>, body: RawBody) =>
  new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      outgoing.destroy()
      reject(
        new Error(
          `no answer within 10 s to ${body.bytes.length} bytes of which 64 KiB were sent: the body is read before it is refused`,
        ),
      )
    }, 10_000)
    const outgoing = httpRequest(
      url,
      { method, headers: { ...headers, 'Content-Length': String(body.bytes.length) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          clearTimeout(timer)
          outgoing.destroy()
          let parsed: unknown
          try {
            parsed = text ? JSON.parse(text) : undefined
          } catch {
            parsed = text
          }
          const header = (name: string) => {
            const value = response.headers[name]
            return Array.isArray(value) ? value.join(', ') : (value ?? null)
          }
          resolve({
            status: response.statusCode ?? 0,
            contentType: header('content-type'),
            body: parsed,
            violations: header('sl-violations'),
            retryAfter: header('retry-after'),
          })
        })
      },
    )
    outgoing.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    outgoing.write(body.bytes.subarray(0, 64 * 1024))
  })

const control = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

/** A path of the contract with its parameters filled in, and the query. */
const fill = (
  path: string,
  params: Record<string, string | undefined> = {},
  query: Record<string, string | undefined> = {},
) => {
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path}: no value for path parameter ${name}`)
    return encodeURIComponent(value)
  })
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)
  const search = new URLSearchParams(defined).toString()
  return `${baseUrl}${filled}${search ? `?${search}` : ''}`
}

// ------------------------------------------------------------------------------------------------ cases

interface Case extends CaseSpec {
  operation: ContractOperation
  /** Adds UNKNOWN_FIELD to the JSON body (after setup): 400 `unknown_field` (the contract is closed). */
  unknownField?: boolean
}

const UNKNOWN_ID = 'unbekannt-0000'

/** A JSON body of more than `bytes` bytes (one long string), sent as it is. */
const oversizedJson = (bytes: number): RawBody =>
  new RawBody(new TextEncoder().encode(JSON.stringify({ [UNKNOWN_FIELD]: 'x'.repeat(bytes) })), 'application/json')

/** The generic cases every operation gets, derived from its valid sample request. */
const derivedCases = (operation: ContractOperation): Case[] => {
  const entry = (OPERATION_CASES as Record<string, OperationCases | undefined>)[operation.operationId]
  if (!entry) throw new Error(`No contract cases for ${operation.operationId}`)
  const { sample } = entry
  const access = operation.access
  const cases: Case[] = [{ ...sample, operation, name: 'a valid request' }]
  const anyone = access.includes('ANYONE')
  if (!anyone) {
    cases.push({
      ...sample,
      operation,
      name: 'no token',
      as: 'none',
      expect: 401,
      kind: 'unauthorized',
      malformed: true,
    })
    cases.push({
      ...sample,
      operation,
      name: 'a token the backend never issued',
      as: 'invalid',
      expect: 401,
      kind: 'unauthorized',
    })
  }
  if (!anyone && !access.includes('UNCONFIRMED')) {
    cases.push({
      ...sample,
      operation,
      name: 'an unconfirmed address',
      as: 'unconfirmed',
      expect: 403,
      kind: 'email-not-verified',
    })
  }
  if (!anyone && !access.includes('SIGNED_IN')) {
    if (!access.includes('STAFF'))
      cases.push({ ...sample, operation, name: 'staff (no access)', as: 'staff', expect: 403, kind: 'forbidden' })
    if (access.includes('CLUB_MEMBER') || access.includes('SELF')) {
      cases.push({
        ...sample,
        operation,
        name: 'a representative of another club',
        as: 'stranger',
        expect: 403,
        kind: 'forbidden',
      })
    } else if (!access.includes('STAFF')) {
      cases.push({
        ...sample,
        operation,
        name: 'a club representative (no access)',
        as: 'member',
        expect: 403,
        kind: 'forbidden',
      })
    }
  }
  if (sample.body !== undefined || sample.setup) {
    const hasBody = sample.body !== undefined
    // An upload's empty body is no bytes at all; a JSON body's is `{}`.
    const empty = sample.body instanceof RawBody ? new RawBody(new Uint8Array(0), sample.body.contentType) : {}
    if (hasBody)
      cases.push({
        ...sample,
        operation,
        name: 'an empty body',
        body: empty,
        setup: undefined,
        expect: 400,
        kind: 'validation',
        malformed: true,
      })
  }
  if (operation.bodyType === 'application/json') {
    // The contract's objects are closed: a field it does not name is refused, by name (decision 24).
    cases.push({
      ...sample,
      operation,
      name: 'a field the contract does not name',
      unknownField: true,
      expect: 400,
      kind: 'validation',
      expectError: { field: UNKNOWN_FIELD, code: 'unknown_field' },
      malformed: true,
    })
  }
  // The transport rules (bodies are JSON of at most 1 MiB) wherever the operation documents them, with or
  // without a body of its own; sent past Prism to the backend.
  if (operation.bodyType !== 'application/octet-stream') {
    if (operation.statuses.includes(415)) {
      cases.push({
        ...sample,
        operation,
        name: 'a text/plain body',
        body: new RawBody(new TextEncoder().encode('name=Verein'), 'text/plain'),
        expect: 415,
        kind: 'unsupported-media-type',
        malformed: true,
      })
    }
    if (operation.statuses.includes(413)) {
      cases.push({
        ...sample,
        operation,
        name: 'a JSON body over 1 MiB',
        body: oversizedJson(JSON_BODY_LIMIT),
        expect: 413,
        kind: 'payload-too-large',
        malformed: true,
      })
    }
  }
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
  if (pathNames.length > 0 && operation.statuses.includes(400)) {
    // Every path parameter is at most 128 characters (`maxLength` of its schema).
    const tooLong = Object.fromEntries(pathNames.map((name) => [name, 'x'.repeat(200)]))
    cases.push({
      ...sample,
      operation,
      name: `a ${pathNames.join(' and ')} longer than the contract allows`,
      as: access.includes('ADMIN') ? 'admin' : sample.as,
      params: tooLong,
      setup: sample.setup ? async (api) => ({ ...(await sample.setup!(api)), params: tooLong }) : undefined,
      expect: 400,
      kind: 'validation',
      malformed: true,
    })
  }
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
  const own = (entry.cases ?? []).filter(
    (spec) =>
      (!spec.staleSignIn || staleSignIns) &&
      (!spec.rateLimit || ((spec.rateLimit === 'signIn' ? signInLimit : publicLimit) !== null && !throughPrism)),
  )
  if (staleSignIns && operation.freshSignIn && !own.some((spec) => spec.staleSignIn))
    throw new Error(`${operation.operationId} is marked x-fresh-sign-in but has no stale-sign-in case`)
  return [...cases, ...own.map((spec) => ({ ...spec, operation }))]
}

// ------------------------------------------------------------------------------------------------ run

const PRISM_ERROR = 'https://stoplight.io/prism/errors#'
const results = { passed: 0, failed: 0, prismViolations: 0, refusedByPrism: 0, malformed: 0, requests: 0 }
const failures: string[] = []
const covered = new Set<string>()
/** `operationId status` of every documented response a case got (and found as the contract says). */
const exercised = new Set<string>()

const problemType = (body: unknown): string => {
  const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined
  return typeof type === 'string' ? type : ''
}

const isPrismError = (answer: Answer) => problemType(answer.body).startsWith(PRISM_ERROR)

/** Prism reports problems with the backend's answers in `sl-violations` and, with --errors, as its own 500. */
const prismViolation = (answer: Answer): string | null => {
  if (!throughPrism) return null
  if (answer.violations && answer.violations.includes('"response"')) return `Prism: ${answer.violations}`
  if (isPrismError(answer) && problemType(answer.body).endsWith('VIOLATIONS'))
    return `Prism: ${JSON.stringify(answer.body)}`
  return null
}

const setupApi: SetupApi = {
  api: async (method, path, options) => {
    const query = options?.query as Record<string, string | undefined> | undefined
    const answer = await send(fill(path, options?.params, query), method, options?.as ?? 'admin', options?.body)
    results.requests += 1
    const violation = prismViolation(answer)
    if (violation) {
      results.prismViolations += 1
      failures.push(`setup ${method} ${path}: ${violation}`)
    }
    return { status: answer.status, body: answer.body }
  },
  control: (method, path, body) => control(method, path, body),
  target: { signInPerMinute: signInLimit, publicPerMinute: publicLimit },
}

/** Signs every caller in: at the Firebase Auth emulator, or at the backend's local identity. */
const signInAll = async () => {
  for (const [caller, email] of Object.entries(CALLER_EMAILS)) {
    const session = firebaseEmulator
      ? await fetch(
          `http://${firebaseEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, password: SEED_PASSWORD, returnSecureToken: true }),
          },
        ).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))
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
  if (reset.status !== 204)
    throw new Error(`POST ${controlUrl}/__mock/reset answered ${reset.status}: is this a mocked backend?`)
  if (firebaseEmulator && wrote) {
    await seedEmulator(firebaseEmulator)
    await signInAll()
  } else if (Date.now() - signedInAt > 4 * 60_000) {
    await signInAll()
  }
  wrote = false
}

let caseNumber = 0
/** Where this run's clients start in 198.18.0.0/15, so that a second run within the minute has clients of its own. */
const CLIENT_BASE = Math.floor(Math.random() * 131_072)

const runCase = async (testCase: Case): Promise<string[]> => {
  const problems: string[] = []
  await prepareCase()
  // A client of its own per case (198.18.0.0/15, the benchmarking range): a case's rate limit is its own.
  caseNumber += 1
  const client = (CLIENT_BASE + caseNumber) % 131_072
  clientAddress =
    signInLimit !== null && !throughPrism ? `198.${18 + (client >> 16)}.${(client >> 8) & 255}.${client & 255}` : null
  const prepared: Prepared = testCase.setup ? await testCase.setup(setupApi) : {}
  const params = { ...testCase.params, ...prepared.params }
  const query = { ...testCase.query, ...prepared.query }
  let body = prepared.body !== undefined && testCase.body === undefined ? prepared.body : testCase.body
  if (testCase.unknownField) body = { ...(body as object), [UNKNOWN_FIELD]: true }
  const answer = await send(
    fill(testCase.operation.path, params, query),
    testCase.operation.method,
    testCase.as,
    body,
    testCase.staleSignIn,
  )
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
  if (throughPrism && isPrismError(answer) && !violation)
    problems.push(`Prism refused a valid request: ${JSON.stringify(answer.body)}`)

  if (answer.status !== testCase.expect)
    problems.push(`expected ${testCase.expect}, got ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 300)}`)
  const schemaProblem = contract.checkResponse(
    testCase.operation.operationId,
    answer.status,
    answer.contentType,
    answer.body,
  )
  if (schemaProblem) problems.push(`response does not match the contract: ${schemaProblem}`)
  else if (answer.status === testCase.expect) exercised.add(`${testCase.operation.operationId} ${answer.status}`)
  if (answer.status >= 400 && testCase.kind) {
    const type = (answer.body as { type?: string } | undefined)?.type
    if (type !== `https://vereinsportal.at/problems/${testCase.kind}`)
      problems.push(`expected problem kind ${testCase.kind}, got ${type}`)
    const errors = (answer.body as { errors?: Array<{ field?: string; code?: string }> }).errors
    if (testCase.kind === 'validation' && !Array.isArray(errors)) problems.push('a validation problem lists no errors')
    const wanted = testCase.expectError
    if (wanted && !errors?.some((error) => error.field === wanted.field && error.code === wanted.code))
      problems.push(
        `expected an error at ${wanted.field} with code ${wanted.code}, got ${JSON.stringify(errors)?.slice(0, 300)}`,
      )
  }
  if (answer.status === 429 && !answer.retryAfter) problems.push('a 429 without Retry-After')
  return problems
}

/**
 * Operations × documented statuses: how many a case got as the contract says. 500 and 503 are listed on
 * every operation but no healthy backend answers them on request, so the figure without them is printed too.
 */
const reportCoverage = (operations: readonly ContractOperation[]) => {
  const documented = operations.flatMap((operation) => operation.statuses.map((status) => ({ operation, status })))
  const key = (entry: { operation: ContractOperation; status: number }) =>
    `${entry.operation.operationId} ${entry.status}`
  const missing = documented.filter((entry) => !exercised.has(key(entry)))
  const reachable = documented.filter((entry) => entry.status !== 500 && entry.status !== 503)
  const reachableMissing = reachable.filter((entry) => !exercised.has(key(entry)))
  const percent = (part: number, whole: number) => `${whole === 0 ? 0 : Math.floor((part / whole) * 100)} %`
  const done = documented.length - missing.length
  const reachableDone = reachable.length - reachableMissing.length
  const lines = [
    `Coverage: ${done} of ${documented.length} documented responses exercised (${percent(done, documented.length)})`,
    `  without 500 and 503: ${reachableDone} of ${reachable.length} (${percent(reachableDone, reachable.length)})`,
  ]
  const list = missing.map(
    (entry) => `  ${entry.operation.operationId} ${entry.status}  (${entry.operation.method} ${entry.operation.path})`,
  )
  const file = resolve(import.meta.dirname, '../../test-results/contract', `coverage-${label}.txt`)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${lines.join('\n')}\n\nNot exercised:\n${list.join('\n')}\n`)
  console.log(`\n${lines.join('\n')}`)
  if (values.verbose) console.log(`Not exercised:\n${list.join('\n')}`)
  else console.log(`  the ${missing.length} not exercised: ${file} (or --verbose)`)
}

const main = async () => {
  console.log(`Contract suite: ${contract.operations.length} operations of openapi/portal.yaml`)
  console.log(`  API:           ${baseUrl}${throughPrism ? '  (through Prism)' : ''}`)
  console.log(`  control plane: ${controlUrl}/__mock`)

  const reset = await control('POST', '/__mock/reset').catch((error: unknown) => ({ status: 0, body: String(error) }))
  if (reset.status !== 204) {
    console.error(
      `Cannot reach the mocked backend's control plane at ${controlUrl}/__mock/reset (${reset.status}). Start it with npm run mock:server.`,
    )
    process.exit(2)
  }
  if (firebaseEmulator) await seedEmulator(firebaseEmulator)
  // A mocked backend's control plane has settings that can let it take the emulator's unsigned tokens.
  else if ((await control('GET', '/__mock/settings').catch(() => ({ status: 0 }))).status === 200)
    staleSignIns = 'mock-settings'
  await signInAll()
  console.log(
    `  sign-in:       ${firebaseEmulator ? `Firebase Auth emulator at ${firebaseEmulator}` : "the backend's local identity"}`,
  )
  console.log(
    `  stale sign-ins: ${staleSignIns ?? 'not possible here (the 401 reauthentication-required cases are skipped)'}`,
  )
  console.log(
    `  rate limits:   ${signInLimit !== null && !throughPrism ? `sign-in ${signInLimit}${publicLimit !== null ? `, public ${publicLimit}` : ''} per minute, a client per case (X-Forwarded-For)` : 'not tested here (the 429 cases are skipped)'}`,
  )

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
  reportCoverage(operations)

  console.log('\nSummary')
  console.log(`  operations covered: ${covered.size}/${contract.operations.length}`)
  console.log(
    `  cases run:          ${results.passed + results.failed} (${results.malformed} deliberately invalid requests, ${results.requests} API requests incl. setup)`,
  )
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
