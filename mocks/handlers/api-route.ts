/**
 * The MSW adapter: turns a request into the domain's `ApiRequest`, applies injected faults (delay, a
 * status for an operation), runs the operation and turns its answer into a `Response`. No business
 * rule lives here.
 */
import { HttpResponse, delay, http, matchRequestUrl } from 'msw'
import type { HttpHandler } from 'msw'
import type { MockBackend } from '#mocks/backend.ts'
import type { OperationId } from '#domain/access.ts'
import { MALFORMED_BODY, problemResponse } from '#domain/operation.ts'
import type { ApiRequest, ApiResponse } from '#domain/operation.ts'
import { ProblemError, kindForStatus, problem } from '#domain/problem.ts'
import { takeInjectedFailure } from '#mocks/control/control.ts'
import { FileBody } from '#domain/files.ts'
import type { ReceivedUpload } from '#domain/ports.ts'
import { FILE_KIND_HEAD_BYTES } from '#checks/file-kind.ts'

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

/**
 * Bytes a JSON body may have: the real server's default `bodyLimit` (`BODY_LIMIT_BYTES`, server/config.ts).
 * mock:server refuses a larger one before reading it (mocks/server.ts); this layer holds every mocked
 * backend (browser, Vitest, mock:server) to the same limit.
 */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

/** The media types a JSON operation reads, as the server's parser takes them (server/app.ts). */
const JSON_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/problem+json'])

/** The media type of a `Content-Type` value: `Application/JSON; charset=utf-8` → `application/json`. */
export const mediaTypeOf = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase()

/** A JSON text: undefined when empty, MALFORMED_BODY when it is no JSON. */
const parseJsonText = (text: string): unknown => {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return MALFORMED_BODY
  }
}

const unsupportedMediaType = (instance: string): ApiResponse =>
  problemResponse(problem('unsupported-media-type', 'The body must be application/json.'), instance)

const tooLarge = (instance: string): ApiResponse =>
  problemResponse(problem('payload-too-large', `The body is larger than ${JSON_BODY_LIMIT_BYTES} bytes.`), instance)

/**
 * The body of a JSON operation as the server's edge reads it (Fastify's content-type parsing, server/app.ts),
 * or the problem it answers instead: 415 for a `Content-Type` other than JSON (`text/plain`, a form) and for
 * a body without one (a DELETE's is ignored, as Fastify does), 413 above `JSON_BODY_LIMIT_BYTES`.
 */
export const readJsonOperationBody = async (
  request: Request,
  instance: string,
): Promise<{ body: unknown } | { refused: ApiResponse }> => {
  const contentType = request.headers.get('Content-Type')
  if (contentType !== null && !JSON_MEDIA_TYPES.has(mediaTypeOf(contentType)))
    return { refused: unsupportedMediaType(instance) }
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN)
  if (contentType !== null && Number.isFinite(declared) && declared > JSON_BODY_LIMIT_BYTES)
    return { refused: tooLarge(instance) }
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (contentType === null) {
    if (bytes.length === 0 || request.method === 'DELETE') return { body: undefined }
    return { refused: unsupportedMediaType(instance) }
  }
  if (bytes.length > JSON_BODY_LIMIT_BYTES) return { refused: tooLarge(instance) }
  return { body: parseJsonText(new TextDecoder().decode(bytes)) }
}

/** Reads a JSON body: undefined when empty, MALFORMED_BODY when it is no JSON. */
export const readJsonBody = async (request: Request): Promise<unknown> => parseJsonText(await request.text())

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
  if (response.body === undefined || response.status === 204)
    return new HttpResponse(null, { status: response.status, headers })
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return new HttpResponse(JSON.stringify(response.body), { status: response.status, headers })
}

const stringParams = (
  params: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out[key] = value
    else if (value !== undefined) out[key] = value.join('/')
  }
  return out
}

type Resolver = (args: {
  request: Request
  params: Readonly<Record<string, string | readonly string[] | undefined>>
}) => Promise<Response>

const apiResolver =
  (backend: MockBackend, route: RouteDefinition, options: HandlerOptions): Resolver =>
  async ({ request, params }) => {
    const url = new URL(request.url)
    const answer = (response: ApiResponse): Response =>
      toHttpResponse(options.checkResponse ? options.checkResponse(route.operationId, response) : response)
    const { delayMs } = backend.store.state.singletons.faults
    if (delayMs > 0) await delay(delayMs)
    // Uploads take a file's bytes of any type (the domain checks them); every other operation takes JSON,
    // checked before anything else as the server's edge does (415, 413).
    let body: unknown
    if (route.method === 'GET') body = undefined
    else if (route.body === 'upload') body = await readUpload(request)
    else {
      const read = await readJsonOperationBody(request, url.pathname)
      if ('refused' in read) return answer(read.refused)
      body = read.body
    }
    const apiRequest: ApiRequest = {
      method: route.method,
      path: url.pathname,
      origin: url.origin,
      appOrigin: request.headers.get('Origin') ?? url.origin,
      params: stringParams(params),
      query: url.searchParams,
      authorization: request.headers.get('Authorization'),
      body,
    }
    const injected = await takeInjectedFailure(backend.store, route.operationId)
    const response =
      injected !== null
        ? problemResponse(
            new ProblemError(
              kindForStatus(injected),
              `Failure injected for ${route.operationId} by the mock fault settings.`,
              undefined,
              injected,
            ),
            url.pathname,
          )
        : await backend.execute(route.operationId, apiRequest)
    return answer(response)
  }

/**
 * All operations behind one MSW handler, tried in the order given with MSW's own path matching. MSW works
 * out a request's cookies for every handler it tries, so 80 handlers in a row cost every API request up
 * to 80 cookie parses; one handler costs one. A request no operation answers goes on to the next handler.
 */
export const apiRouter = (
  backend: MockBackend,
  routes: readonly RouteDefinition[],
  options: HandlerOptions = {},
): HttpHandler => {
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
