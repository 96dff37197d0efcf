/**
 * The request pipeline every operation goes through, free of any transport: authenticate (401), refuse
 * by role (403), validate path, query and body with the zod schemas the operation table names (400),
 * check access to the named resource (403/404), then run the business rule. All of it runs inside one
 * unit of work, which commits only when the rule returns (so a request's writes apply whole or not at
 * all).
 *
 * An operation's implementation names neither its schemas nor its access: both come from the contract's
 * operation table (openapi/generated/operations.ts), and its input is typed from those schemas.
 *
 * The adapters in front (MSW in mocks/, the Fastify app in server/) turn their requests into an
 * `ApiRequest` and the `ApiResponse` back into theirs; nothing else.
 */
import type { z } from 'zod/mini'
import { OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import { allowsUnconfirmed, dependsOnResource, granted, grantedByRole } from './access.ts'
import type { AccessScope, AccessSubject } from './access.ts'
import { zvrTaken } from './club-checks.ts'
import type { Clock, Ports, UnitOfWork } from './ports.ts'
import { CancelledError, DuplicateKeyError } from './ports.ts'
import { ProblemError, problem, toProblemBody } from './problem.ts'
import type { UserRecord } from './records.ts'
import { authenticate } from './session.ts'
import { parseInput } from './validation.ts'

/** The body could not be parsed as JSON. */
export const MALFORMED_BODY: unique symbol = Symbol('malformed body')

export interface ApiRequest {
  readonly method: string
  /** The request path; a problem's `instance`. */
  readonly path: string
  /** The origin the request was sent to (the backend's), e.g. for links to pages it serves. */
  readonly origin: string
  /** The page that sent the request (its `Origin` header, else `origin`): where a provider returns to. */
  readonly appOrigin: string
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  readonly authorization: string | null
  /** The parsed JSON body; undefined when there was none; MALFORMED_BODY when it was no JSON. */
  readonly body: unknown
  /** The JSON body's text exactly as received (for a signature over it); null without a JSON body. */
  readonly rawBody: string | null
  /** The request's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>
}

export interface ApiResponse {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export interface Caller {
  readonly user: UserRecord
  readonly clubIds: ReadonlySet<string>
  /** From the token: whether the provider has confirmed the address. */
  readonly emailVerified: boolean
  /** From the token: when the user last entered their password (seconds since the epoch). */
  readonly authTime: number
}

export interface OperationContext {
  readonly ports: Ports
  /** Null only for operations anyone may call. */
  readonly caller: Caller | null
  readonly now: number
  readonly request: ApiRequest
}

type Row<O extends OperationId> = (typeof OPERATION_TABLE)[O]
/** What a schema of the table parses to; `undefined` where the operation takes no such input. */
type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined

/** An operation's input as its schemas in the operation table parse it. */
export interface OperationInput<O extends OperationId> {
  readonly params: Parsed<Row<O>['params']>
  readonly query: Parsed<Row<O>['query']>
  readonly body: Parsed<Row<O>['body']>
}

export interface OperationImpl<O extends OperationId> {
  /** Checks that come before validation (e.g. a missing invitation token has its own problem type). */
  readonly before?: (request: ApiRequest) => void
  /** What the request is about, for `CLUB_MEMBER` and `SELF`; throws `not-found` for unknown ids. */
  readonly scope?: (ports: Ports, input: OperationInput<O>) => Promise<AccessScope>
  /**
   * For an operation whose body is large (an upload): everything up to the point where the body is
   * needed, so an edge can refuse a caller before reading it (`execute(…, { preflight: true })`).
   */
  readonly preflight?: (ctx: OperationContext, input: OperationInput<O>) => Promise<ApiResponse>
  readonly run: (ctx: OperationContext, input: OperationInput<O>) => Promise<ApiResponse>
  /**
   * `write` for a read (GET) that may settle what it reads (a checkout the provider reports paid): it runs
   * in a transaction that may write. Other GETs run read-only.
   */
  readonly mode?: 'write'
  /**
   * Operations with the same key take turns (UnitOfWork.run's `serialKey`): those that record what the
   * card provider reports write the same per-day totals.
   */
  readonly serialKey?: string
}

/**
 * The implementations of a module's operations, keyed by operationId: each one's input is typed from
 * the schemas the operation table names for it.
 */
export const defineOperations = <K extends OperationId>(operations: { [O in K]: OperationImpl<O> }) => operations

// Each implementation is checked against its own operation where it is defined; the table of all of
// them erases the input types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = OperationImpl<any>

export const json = (status: number, body: unknown): ApiResponse => ({ status, body })
export const noContent = (): ApiResponse => ({ status: 204 })

/**
 * Seconds a client waits before it repeats a request answered 503 (a time limit, a database restarting or
 * failing over): long enough for a restart, short enough that a person clicking again is not kept waiting.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export const problemResponse = (error: ProblemError, instance: string): ApiResponse => ({
  status: error.status,
  body: toProblemBody(error, instance),
  headers: {
    'Content-Type': 'application/problem+json',
    ...(error.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="vereinsportal"' } : {}),
    ...(error.status === 503 ? { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } : {}),
  },
})

/** How old a sign-in may be for the operations marked `x-fresh-sign-in` in the contract. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60

/**
 * Refuses with 401 `reauthentication-required` unless the caller signed in (entered the password) at
 * most FRESH_SIGN_IN_SECONDS ago: changes a stolen session must not make (password, bank details, roles).
 */
export const requireFreshSignIn = (ctx: OperationContext, what: string): void => {
  const caller = requireCaller(ctx)
  if (Math.floor(ctx.now / 1000) - caller.authTime > FRESH_SIGN_IN_SECONDS) {
    throw problem(
      'reauthentication-required',
      `${what} needs a sign-in at most ${FRESH_SIGN_IN_SECONDS / 60} minutes old: sign in again and repeat the request.`,
    )
  }
}

/** The signed-in caller, for operations whose access rules guarantee one. */
export const requireCaller = (ctx: OperationContext): Caller => {
  if (!ctx.caller) throw problem('unauthorized', 'This operation needs a signed-in user.')
  return ctx.caller
}

const parseBody = (schema: z.ZodMiniType, body: unknown): unknown => {
  if (body === MALFORMED_BODY) {
    throw problem('validation', 'The request body is not valid JSON.', [
      { field: 'body', message: 'Not valid JSON.', code: 'invalid_json' },
    ])
  }
  return parseInput(schema, body, 'body')
}

/** A uniqueness the domain checked but a concurrent request won: the same answer the check gives. */
const duplicateProblem = (error: DuplicateKeyError, operationId: OperationId): ProblemError =>
  error.key === 'user-email'
    ? problem('user-exists', 'A user with this e-mail address exists.')
    : error.key === 'club-zvr'
      ? zvrTaken(null, operationId === 'createClubWithUser' ? 'club.zvrNumber' : 'zvrNumber')
      : problem('name-taken', 'The name is taken.')

export interface ExecuteOptions {
  /** Called with a failure that is not a problem (a bug, a store outage), before the 500 is answered. */
  onUnexpected?: (operationId: OperationId, error: unknown) => void
}

export interface ExecuteRequestOptions {
  /** Run the operation's `preflight` instead of its rule (a read-only check before a large body is read). */
  readonly preflight?: boolean
  /**
   * The request's time limit: when it fires, the operation is cancelled, its unit of work rolls back and
   * the answer is 503 `unavailable` (nothing was changed, as the contract promises).
   */
  readonly signal?: AbortSignal
}

/** Runs one operation of the contract against the ports; never throws. */
export const executeOperation = async (
  unitOfWork: UnitOfWork,
  clock: Clock,
  operationId: OperationId,
  spec: AnyOperation,
  request: ApiRequest,
  options: ExecuteOptions & ExecuteRequestOptions = {},
): Promise<ApiResponse> => {
  const now = clock.now()
  const row = OPERATION_TABLE[operationId]
  const preflight = options.preflight ? spec.preflight : undefined
  if (options.preflight && !preflight) throw new Error(`${operationId} has no preflight.`)
  try {
    return await unitOfWork.run(
      (request.method === 'GET' && spec.mode !== 'write') || preflight ? 'read' : 'write',
      async (ports) => {
        const rules = row.access
        const caller = rules.some((rule) => rule === 'ANYONE')
          ? null
          : await authenticate(ports, request.authorization, now)
        if (caller && !caller.emailVerified && !allowsUnconfirmed(rules))
          throw problem('email-not-verified', 'Confirm your e-mail address first (the link in the mail we sent).')
        const subject: AccessSubject | null = caller
          ? { uid: caller.user.uid, role: caller.user.role, clubIds: caller.clubIds }
          : null
        const byRole = grantedByRole(rules, subject)
        // Refuse before validating when no resource could grant access: a caller without the role learns
        // nothing about the body's rules.
        if (!byRole && !dependsOnResource(rules)) throw problem('forbidden', 'Your role does not allow this operation.')
        spec.before?.(request)
        const input = {
          params: row.params ? parseInput(row.params, request.params, 'path') : undefined,
          query: row.query ? parseInput(row.query, Object.fromEntries(request.query), 'query') : undefined,
          body: row.body ? parseBody(row.body, request.body) : undefined,
        } as OperationInput<typeof operationId>
        if (!byRole) {
          const scope = spec.scope ? await spec.scope(ports, input) : {}
          if (!granted(rules, subject, scope)) throw problem('forbidden', 'You have no access to this resource.')
        }
        return (preflight ?? spec.run)({ ports, caller, now, request }, input)
      },
      options.signal,
      spec.serialKey,
    )
  } catch (error) {
    if (error instanceof CancelledError || (options.signal?.aborted && !(error instanceof ProblemError)))
      return problemResponse(
        problem('unavailable', 'The request took too long and was cancelled; nothing was changed.'),
        request.path,
      )
    if (error instanceof ProblemError) return problemResponse(error, request.path)
    if (error instanceof DuplicateKeyError) return problemResponse(duplicateProblem(error, operationId), request.path)
    ;(options.onUnexpected ?? ((id, cause) => console.error('[backend]', id, cause)))(operationId, error)
    return problemResponse(problem('internal', 'The backend failed unexpectedly.'), request.path)
  }
}
