/**
 * The contract's paths and operations as types, from openapi-typescript's output
 * (src/api/generated/paths.d.ts, `npm run api:generate`): the suite's case table is keyed by
 * `operations`, its path and query parameters are those the operation declares, and its setup calls name
 * a path of `paths` with a method it has and the JSON body that operation takes. A case for an operation,
 * a path or a parameter the contract does not have is a type error (`npm run typecheck`), not a request
 * that fails at run time (docs/decisions/0024-closed-contract.md).
 *
 * Types only: Node's type stripping erases this module's imports.
 */
import type { operations, paths } from '#openapi/generated/paths.d.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Every path of the contract, as it writes it (`/club/{clubId}/addImage`). */
export type ApiPath = keyof paths

/** The methods `path` has, upper case. */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod]: paths[P][Lowercase<M>] extends { responses: unknown } ? M : never
}[HttpMethod]

type OperationAt<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][Lowercase<M>]>

/** Every operationId of the contract. */
export type OperationId = keyof operations

/** `{ name: string }` for each path parameter (all are strings in a URL); `{}` when there are none. */
type Strings<T> = [T] extends [undefined] ? Record<never, string> : { [K in keyof NonNullable<T>]: string }

/** The path parameters an operation declares. */
export type PathParamsOf<O extends OperationId> = Strings<operations[O]['parameters']['path']>

/** The query parameters an operation declares, each optional (a case may leave out a required one on purpose). */
export type QueryOf<O extends OperationId> = Partial<Strings<operations[O]['parameters']['query']>>

/** The JSON request body of `method path`, or never when it takes none. */
export type JsonBodyOf<P extends ApiPath, M extends HttpMethod> =
  OperationAt<P, M> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : OperationAt<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B
      : never

/** The path parameters of `method path`. */
export type PathParamsAt<P extends ApiPath, M extends HttpMethod> = Strings<OperationAt<P, M>['parameters']['path']>

/** The query parameters of `method path`. */
export type QueryAt<P extends ApiPath, M extends HttpMethod> = Partial<
  Strings<OperationAt<P, M>['parameters']['query']>
>
