/**
 * The contract suite's case runner, shared by the CLI (./run.ts, against any running backend) and the
 * Vitest project `contract` (./contract.test.ts, against the mocked backend's server in-process).
 *
 * Sends each case (./derive.ts) to a backend that speaks the contract and the `/__mock/*` control plane:
 * with the seed restored before it, as the caller it names, and checks the answer against the document:
 * the status must be the case's and declared, the content type too, the body must validate against its
 * schema, whose objects are closed (a field the contract does not name fails it), and an error must be
 * the case's problem kind. It counts which documented responses (operation × status) a case got.
 */
import { request as httpRequest } from 'node:http'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { seedEmulator } from '#scripts/run/firebase-seed.ts'
import { CALLER_EMAILS, RawBody } from './cases.ts'
import type { Caller, Prepared, SetupApi } from './cases.ts'
import { deriveCases, entryOf, UNKNOWN_FIELD } from './derive.ts'
import type { Case, TargetCapabilities } from './derive.ts'
import { loadContract } from './openapi.ts'
import type { Contract, ContractOperation } from './openapi.ts'

export const API_PREFIX = '/api/backend/v1'

export interface RunnerOptions {
  /** The API base: `…/api/backend/v1`, or the root of a Prism proxy. */
  baseUrl: string
  /** Where `/__mock/*` lives (reset before each case, sign-in). */
  controlUrl: string
  /** The base URL is a Prism validation proxy (see ./run.ts). */
  prism?: boolean
  /** The backend verifies Firebase Auth tokens of this Auth emulator (`host:port`). */
  firebaseEmulator?: string | null
  /** The target's sign-in rate limit per client and minute, which the 429 cases may use up. */
  signInLimit?: number | null
  /** The target's limit of the other operations anyone may call (with signInLimit). */
  publicLimit?: number | null
}

interface Answer {
  status: number
  contentType: string | null
  body: unknown
  violations: string | null
  retryAfter: string | null
}

export interface RunStats {
  requests: number
  malformed: number
  prismViolations: number
  refusedByPrism: number
}

export interface CoverageReport {
  /** `Coverage: …` and the figure without 500 and 503. */
  lines: string[]
  /** `operationId status  (METHOD path)` of every documented response no case got. */
  notExercised: string[]
  /** The operations without an entry in ./cases.ts: only the cases derived from the operation table ran. */
  withoutSample: string[]
}

export interface ContractRunner {
  readonly contract: Contract
  /** What this target lets the suite do; known once `connect` has resolved. */
  readonly target: TargetCapabilities
  readonly stats: RunStats
  /** Restores the seed (fails when no mocked backend's control plane answers), then signs every caller in. */
  connect(): Promise<void>
  /** The cases of one operation on this target. */
  casesOf(operation: ContractOperation): Case[]
  /** Runs one case; what is wrong with the answer (nothing when it passed). */
  run(testCase: Case): Promise<string[]>
  /** Restores the seed after the run. */
  finish(): Promise<void>
  coverage(operations: readonly ContractOperation[]): CoverageReport
}

/** The control plane did not answer the reset: no mocked backend (or one with test hooks) at that address. */
export class UnreachableTargetError extends Error {}

const PRISM_ERROR = 'https://stoplight.io/prism/errors#'
const MOCK_EMULATOR_PROJECT = 'demo-vereinsportal'
/** A body above this many bytes is sent as `sendUnread` sends it. */
const LARGE_BODY = 256 * 1024

const problemType = (body: unknown): string => {
  const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined
  return typeof type === 'string' ? type : ''
}

const isPrismError = (answer: Answer) => problemType(answer.body).startsWith(PRISM_ERROR)

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

export const createContractRunner = (options: RunnerOptions): ContractRunner => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const controlUrl = options.controlUrl.replace(/\/+$/, '')
  const throughPrism = options.prism ?? false
  const firebaseEmulator = options.firebaseEmulator ?? null
  const signInLimit = options.signInLimit ?? null
  const publicLimit = signInLimit !== null ? (options.publicLimit ?? null) : null
  const contract = loadContract()
  const target: TargetCapabilities = {
    staleSignIns: firebaseEmulator ? 'firebase-emulator' : null,
    signInLimit,
    publicLimit,
    throughPrism,
  }
  const stats: RunStats = { requests: 0, malformed: 0, prismViolations: 0, refusedByPrism: 0 }
  /** `operationId status` of every documented response a case got (and found as the contract says). */
  const exercised = new Set<string>()
  const tokens = new Map<Caller, string>()
  /** Whether a request since the last (re)seed may have changed sign-in accounts. */
  let wrote = false
  /** The client address the current case sends from (`X-Forwarded-For`), with a sign-in limit. */
  let clientAddress: string | null = null
  let signedInAt = 0
  let caseNumber = 0
  /** Where this run's clients start in 198.18.0.0/15, so that a second run within the minute has clients of its own. */
  const clientBase = Math.floor(Math.random() * 131_072)

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
  }

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

  const send = async (
    url: string,
    method: string,
    as: Caller,
    body: unknown,
    stale = false,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json', ...extraHeaders }
    if (method !== 'GET') wrote = true
    const auth =
      stale && target.staleSignIns === 'mock-settings'
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
    const destination =
      throughPrism && body instanceof RawBody ? url.replace(baseUrl, `${controlUrl}${API_PREFIX}`) : url
    if (body instanceof RawBody && body.bytes.length > LARGE_BODY) return sendUnread(destination, method, headers, body)
    const response = await fetch(destination, { method, headers, body: payload })
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

  /** Prism reports problems with the backend's answers in `sl-violations` and, with --errors, as its own 500. */
  const prismViolation = (answer: Answer): string | null => {
    if (!throughPrism) return null
    if (answer.violations && answer.violations.includes('"response"')) return `Prism: ${answer.violations}`
    if (isPrismError(answer) && problemType(answer.body).endsWith('VIOLATIONS'))
      return `Prism: ${JSON.stringify(answer.body)}`
    return null
  }

  /** What the current case's setup calls got wrong (Prism's reports on their answers). */
  let setupProblems: string[] = []

  const setupApi: SetupApi = {
    api: async (method, path, requestOptions) => {
      const query = requestOptions?.query as Record<string, string | undefined> | undefined
      const answer = await send(
        fill(path, requestOptions?.params, query),
        method,
        requestOptions?.as ?? 'admin',
        requestOptions?.body,
        false,
        requestOptions?.headers,
      )
      stats.requests += 1
      const violation = prismViolation(answer)
      if (violation) {
        stats.prismViolations += 1
        setupProblems.push(`setup ${method} ${path}: ${violation}`)
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

  const run = async (testCase: Case): Promise<string[]> => {
    const problems: string[] = []
    setupProblems = problems
    await prepareCase()
    // A client of its own per case (198.18.0.0/15, the benchmarking range): a case's rate limit is its own.
    caseNumber += 1
    const client = (clientBase + caseNumber) % 131_072
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
      prepared.headers,
    )
    stats.requests += 1
    if (testCase.malformed) stats.malformed += 1

    const violation = prismViolation(answer)
    if (violation) {
      stats.prismViolations += 1
      problems.push(violation)
    }
    // Prism's request validation answers a deliberately invalid request itself (422, or 401 for a missing
    // token): the backend never sees it, and that is the right outcome too.
    if (
      throughPrism &&
      testCase.malformed &&
      isPrismError(answer) &&
      (answer.status === 422 || answer.status === 401)
    ) {
      stats.refusedByPrism += 1
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
      if (testCase.kind === 'validation' && !Array.isArray(errors))
        problems.push('a validation problem lists no errors')
      const wanted = testCase.expectError
      if (wanted && !errors?.some((error) => error.field === wanted.field && error.code === wanted.code))
        problems.push(
          `expected an error at ${wanted.field} with code ${wanted.code}, got ${JSON.stringify(errors)?.slice(0, 300)}`,
        )
    }
    if (answer.status === 429 && !answer.retryAfter) problems.push('a 429 without Retry-After')
    return problems
  }

  const connect = async () => {
    const reset = await control('POST', '/__mock/reset').catch((error: unknown) => ({
      status: 0,
      body: String(error),
    }))
    if (reset.status !== 204)
      throw new UnreachableTargetError(
        `Cannot reach the mocked backend's control plane at ${controlUrl}/__mock/reset (${reset.status}). Start it with npm run mock:server.`,
      )
    if (firebaseEmulator) await seedEmulator(firebaseEmulator)
    // A mocked backend's control plane has settings that can let it take the emulator's unsigned tokens.
    else if ((await control('GET', '/__mock/settings').catch(() => ({ status: 0 }))).status === 200)
      target.staleSignIns = 'mock-settings'
    await signInAll()
  }

  /**
   * Operations × documented statuses: how many a case got as the contract says. 500 and 503 are listed on
   * every operation but no healthy backend answers them on request, so the figure without them is given too.
   */
  const coverage = (operations: readonly ContractOperation[]): CoverageReport => {
    const documented = operations.flatMap((operation) => operation.statuses.map((status) => ({ operation, status })))
    const key = (entry: { operation: ContractOperation; status: number }) =>
      `${entry.operation.operationId} ${entry.status}`
    const missing = documented.filter((entry) => !exercised.has(key(entry)))
    const reachable = documented.filter((entry) => entry.status !== 500 && entry.status !== 503)
    const reachableMissing = reachable.filter((entry) => !exercised.has(key(entry)))
    const percent = (part: number, whole: number) => `${whole === 0 ? 0 : Math.floor((part / whole) * 100)} %`
    const done = documented.length - missing.length
    const reachableDone = reachable.length - reachableMissing.length
    const withoutSample = operations.filter((operation) => !entryOf(operation))
    return {
      lines: [
        `Coverage: ${done} of ${documented.length} documented responses exercised (${percent(done, documented.length)})`,
        `  without 500 and 503: ${reachableDone} of ${reachable.length} (${percent(reachableDone, reachable.length)})`,
        `  operations without a sample in tests/contract/cases.ts (only the cases the operation table gives): ${
          withoutSample.length === 0 ? 'none' : withoutSample.map((operation) => operation.operationId).join(', ')
        }`,
      ],
      notExercised: missing.map(
        (entry) =>
          `  ${entry.operation.operationId} ${entry.status}  (${entry.operation.method} ${entry.operation.path})`,
      ),
      withoutSample: withoutSample.map((operation) => operation.operationId),
    }
  }

  return {
    contract,
    target,
    stats,
    connect,
    casesOf: (operation) => deriveCases(operation, target),
    run,
    finish: async () => {
      await control('POST', '/__mock/reset')
    },
    coverage,
  }
}

/** The coverage file's text: the summary, then every documented response no case got. */
export const coverageFileText = (report: CoverageReport): string =>
  `${report.lines.join('\n')}\n\nNot exercised:\n${report.notExercised.join('\n')}\n`
