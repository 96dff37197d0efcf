/**
 * The domain tests' client: real requests (a `Request` in, a `Response` out) to the backend under test,
 * signed in as a seed account where asked. The same calls run against every store.
 *
 * Typed by the contract: `call('PUT', `/club/inactive/${id}`, { body })` finds the operation whose path
 * template (`/club/inactive/{clubId}`) the path fits, in src/api/generated/paths.d.ts (openapi-typescript's
 * output of openapi/portal.yaml), so `body` must be that operation's request body and the answer's `body`
 * is its success answer; the control plane (`/__mock/*`) is typed alike by ./control-plane.ts. A path that
 * fits no operation is answered with `unknown`.
 */
import type { components, paths } from '#openapi/generated/paths.d.ts'
import { backendUnderTest } from './backend-under-test.ts'
import type { ControlPaths } from './control-plane.ts'

export const ORIGIN = 'http://localhost:3000'
export const API = `${ORIGIN}/api/backend/v1`

export type Problem = components['schemas']['Problem']
export type Schemas = components['schemas']

// ----------------------------------------------------------------------------------------------------
// From a method and a concrete path to the operation of the contract

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type AllPaths = paths & ControlPaths
type Template = Extract<keyof AllPaths, string>
/** The paths a template stands for: each `{parameter}` any text. */
type Concrete<T extends string> = T extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Concrete<Tail>}`
  : T
type OperationAt<T extends Template, M extends Method> =
  Lowercase<M> extends keyof AllPaths[T] ? NonNullable<AllPaths[T][Lowercase<M>]> : never
/** The templates with an operation for `M` that `P` fits. */
type Candidates<P extends string, M extends Method> = {
  [T in Template]: P extends Concrete<T> ? ([OperationAt<T, M>] extends [never] ? never : T) : never
}[Template]
/** The templates of `C` narrower than `T`: `T` fits every path they fit (`/club/cluboverview/{id}` beside `/club/{clubId}`). */
type Broader<T extends Template, C extends Template> = C extends T ? never : Concrete<C> extends Concrete<T> ? C : never
type Narrowest<C extends Template> = { [T in C]: [Broader<T, C>] extends [never] ? T : never }[C]
/** The operation `M path` reaches; never when the contract has none. */
export type OperationOf<M extends Method, P extends string> = OperationAt<Narrowest<Candidates<P, M>>, M>

type ContentOf<R> = R extends { content: infer C } ? ([C] extends [undefined] ? undefined : C[keyof C]) : undefined
type Responses<O> = O extends { responses: infer R } ? R : never
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206
/** The success answer of an operation (undefined for 204); unknown when no operation fits. */
export type AnswerOf<O> = [O] extends [never]
  ? unknown
  : { [S in keyof Responses<O>]: S extends SuccessStatus ? ContentOf<Responses<O>[S]> : never }[keyof Responses<O>]
/** The error answer of an operation: the contract's problem, or a control-plane refusal. */
export type RefusalOf<O> = [O] extends [never]
  ? unknown
  : { [S in keyof Responses<O>]: S extends SuccessStatus ? never : ContentOf<Responses<O>[S]> }[keyof Responses<O>]
/** The JSON request body of an operation; unknown when no operation fits. */
export type RequestBodyOf<O> = [O] extends [never]
  ? unknown
  : O extends { requestBody?: infer B }
    ? B extends { content: { 'application/json': infer J } }
      ? J
      : never
    : never

/** The request body of `M path`, for tests that build bodies ahead of the call. */
export type BodyOf<M extends Method, P extends string> = RequestBodyOf<OperationOf<M, P>>

// ----------------------------------------------------------------------------------------------------

export interface CallOptions<Body = unknown> {
  /** Sign in as this user (e-mail); default: no token. */
  as?: string
  /** A raw Authorization header value (wins over `as`). */
  authorization?: string
  /** The request body, as the operation's contract types it. */
  body?: Body
  /** A body the contract does not allow (a missing or mistyped field), to test how the backend refuses it. */
  invalidBody?: unknown
  /** A body sent as is (e.g. malformed JSON). */
  rawBody?: string
  /** Bytes sent as the body (an upload), with `contentType` (default application/octet-stream). */
  bytes?: Uint8Array
  contentType?: string
  query?: Record<string, string | number | boolean | undefined>
  /** More request headers (`Stripe-Signature`, `Idempotency-Key`). */
  headers?: Record<string, string>
}

export interface CallResult<Answer = unknown, Refusal = unknown> {
  status: number
  /**
   * The answer's body (parsed JSON; a downloaded file as text), typed as the operation's success answer:
   * read it after checking the status. An error answer's body is in `error`, typed as such.
   */
  body: Answer
  /** The body of an error answer (status 400 and above): the contract's problem, a control-plane refusal. */
  error: Refusal | undefined
  headers: Headers
}

export type Call = <M extends Method, P extends string>(
  method: M,
  path: P,
  options?: CallOptions<RequestBodyOf<OperationOf<M, P>>>,
) => Promise<CallResult<AnswerOf<OperationOf<M, P>>, RefusalOf<OperationOf<M, P>>>>

/** A `call` that sends its requests with `send`, signing in with tokens from `tokenFor`. */
export const createCallClient =
  (send: (request: Request) => Promise<Response>, tokenFor: (email: string) => string | Promise<string>): Call =>
  async (method, path, options = {}) => {
    const url = new URL(path.startsWith('/__mock') ? `${ORIGIN}${path}` : `${API}${path}`)
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value))
    const headers = new Headers({ Accept: 'application/json' })
    const authorization = options.authorization ?? (options.as ? `Bearer ${await tokenFor(options.as)}` : undefined)
    if (authorization) headers.set('Authorization', authorization)
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
    let body: string | Uint8Array<ArrayBuffer> | undefined
    if (options.bytes !== undefined) {
      body = new Uint8Array(options.bytes)
      headers.set('Content-Type', options.contentType ?? 'application/octet-stream')
    } else {
      if (options.rawBody !== undefined) body = options.rawBody
      else if (options.body !== undefined) body = JSON.stringify(options.body)
      else if (options.invalidBody !== undefined) body = JSON.stringify(options.invalidBody)
      if (body !== undefined) headers.set('Content-Type', 'application/json')
    }
    const response = await send(new Request(url, { method, headers, body }))
    const text = await response.text()
    // JSON answers parsed; anything else (a downloaded file) as text.
    const json = /json/.test(response.headers.get('content-type') ?? 'application/json')
    const parsed: unknown = text ? (json ? JSON.parse(text) : text) : undefined
    return {
      status: response.status,
      // The contract types the answer (the contract suite checks the shapes, these tests the rules).
      body: parsed as never,
      error: (response.status >= 400 ? parsed : undefined) as never,
      headers: response.headers,
    }
  }

/** A request to the backend under test (see backend-under-test.ts). */
export const call: Call = createCallClient(
  (request) => backendUnderTest().handle(request),
  (email) => backendUnderTest().idTokenFor(email),
)

/** The problem kind of an error answer (`…/problems/<kind>`). */
export const kindOf = (result: { error: unknown }): string | undefined => {
  const error = result.error as Partial<Problem> | undefined
  return typeof error?.type === 'string' ? error.type.split('/').pop() : undefined
}

export type SentMail = ControlPaths['/__mock/mailbox']['get']['responses'][200]['content']['application/json'][number]

/** The mails the backend has sent, newest first. */
export const sentMails = async (): Promise<SentMail[]> => (await call('GET', '/__mock/mailbox')).body

/** A valid ID token for a user of the store. */
export const idTokenFor = (email: string): Promise<string> => backendUnderTest().idTokenFor(email)
