/**
 * The MSW adapter: turns a request into the domain's `ApiRequest`, applies injected faults (delay, a
 * status for an operation), runs the operation and turns its answer into a `Response`. No business
 * rule lives here.
 */
import { HttpResponse, delay, http, matchRequestUrl } from 'msw'
import type { HttpHandler } from 'msw'
import type { MockBackend } from '../backend.ts'
import type { OperationId } from '../../domain/access.ts'
import { MALFORMED_BODY, problemResponse } from '../../domain/operation.ts'
import type { ApiRequest, ApiResponse } from '../../domain/operation.ts'
import { ProblemError, kindForStatus } from '../../domain/problem.ts'
import { takeInjectedFailure } from '../control/control.ts'
import { FileBody } from '../../domain/files.ts'
import type { ReceivedUpload } from '../../domain/ports.ts'
import { FILE_KIND_HEAD_BYTES } from '../../src/lib/file-kind.ts'

export const API_PREFIX = '/api/backend/v1'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RouteDefinition {
  readonly method: HttpMethod
  /** The path as the contract writes it, e.g. `/club/{clubId}/addImage`. */
  readonly path: string
  readonly operationId: OperationId
  /** `upload`: the body is a file's bytes (`uploadFile`), not JSON. */
  readonly body?: 'upload'
}

export interface HandlerOptions {
  /**
   * Called with every answer before it is sent (the mock server's `--strict` mode validates it against
   * the contract); may return a replacement.
   */
  checkResponse?: (operationId: OperationId, response: ApiResponse) => ApiResponse
}

/** `{clubId}` → `:clubId`, MSW's path parameters. */
export const toMswPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

/** Reads a JSON body: undefined when empty, MALFORMED_BODY when it is no JSON. */
export const readJsonBody = async (request: Request): Promise<unknown> => {
  const text = await request.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return MALFORMED_BODY
  }
}

/** An upload's bytes as the domain takes them (`ReceivedUpload`); undefined for an empty body. */
export const readUpload = async (request: Request): Promise<ReceivedUpload | undefined> => {
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.length === 0) return undefined
  const declaredType = request.headers.get('Content-Type') ?? ''
  return { size: bytes.length, head: bytes.slice(0, FILE_KIND_HEAD_BYTES), declaredType, content: bytes }
}

export const toHttpResponse = (response: ApiResponse): Response => {
  const headers = new Headers(response.headers)
  if (response.body instanceof FileBody) {
    return new HttpResponse(response.body.blob.content as Uint8Array<ArrayBuffer>, { status: response.status, headers })
  }
  if (response.body === undefined || response.status === 204) return new HttpResponse(null, { status: response.status, headers })
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return new HttpResponse(JSON.stringify(response.body), { status: response.status, headers })
}

const stringParams = (params: Readonly<Record<string, string | readonly string[] | undefined>>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out[key] = value
    else if (value !== undefined) out[key] = value.join('/')
  }
  return out
}

type Resolver = (args: { request: Request; params: Readonly<Record<string, string | readonly string[] | undefined>> }) => Promise<Response>

const apiResolver = (backend: MockBackend, route: RouteDefinition, options: HandlerOptions): Resolver =>
  async ({ request, params }) => {
    const url = new URL(request.url)
    const { delayMs } = backend.store.state.singletons.faults
    if (delayMs > 0) await delay(delayMs)
    const apiRequest: ApiRequest = {
      method: route.method,
      path: url.pathname,
      origin: url.origin,
      appOrigin: request.headers.get('Origin') ?? url.origin,
      params: stringParams(params),
      query: url.searchParams,
      authorization: request.headers.get('Authorization'),
      body:
        route.method === 'GET'
          ? undefined
          : route.body === 'upload'
            ? await readUpload(request)
            : await readJsonBody(request),
    }
    const injected = await takeInjectedFailure(backend.store, route.operationId)
    const response =
      injected !== null
        ? problemResponse(
            new ProblemError(kindForStatus(injected), `Failure injected for ${route.operationId} by the mock fault settings.`, undefined, injected),
            url.pathname,
          )
        : await backend.execute(route.operationId, apiRequest)
    return toHttpResponse(options.checkResponse ? options.checkResponse(route.operationId, response) : response)
  }

/**
 * All operations behind one MSW handler, tried in the order given with MSW's own path matching. MSW works
 * out a request's cookies for every handler it tries, so 80 handlers in a row cost every API request up
 * to 80 cookie parses; one handler costs one. A request no operation answers goes on to the next handler.
 */
export const apiRouter = (backend: MockBackend, routes: readonly RouteDefinition[], options: HandlerOptions = {}): HttpHandler => {
  const table = routes.map((route) => ({
    method: route.method,
    path: `*${API_PREFIX}${toMswPath(route.path)}`,
    resolve: apiResolver(backend, route, options),
  }))
  return http.all(`*${API_PREFIX}/*`, async ({ request }) => {
    const url = new URL(request.url)
    for (const entry of table) {
      if (entry.method !== request.method) continue
      const match = matchRequestUrl(url, entry.path)
      if (match.matches) return entry.resolve({ request, params: match.params ?? {} })
    }
    return undefined
  })
}
