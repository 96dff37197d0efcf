/**
 * The MSW edge (the browser's mocked mode and Vitest): every operation of the operation table behind one
 * MSW handler, its body read by domain/request-body.ts as the server's edge reads it (415, 413, malformed
 * JSON), the operation run by the mocked backend (faults included), the answer turned into a `Response`.
 * No business rule lives here.
 */
import { HttpResponse, http, matchRequestUrl } from 'msw'
import type { HttpHandler } from 'msw'
import { FILE_KIND_HEAD_BYTES } from '#checks/file-kind.ts'
import { FileBody } from '#domain/files.ts'
import { MALFORMED_BODY, problemResponse } from '#domain/operation.ts'
import type { ApiRequest, ApiResponse } from '#domain/operation.ts'
import type { ReceivedUpload } from '#domain/ports.ts'
import { readJsonOperationBody } from '#domain/request-body.ts'
import { API_PREFIX, OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import type { MockBackend } from '#mocks/backend.ts'

export interface HandlerOptions {
  /**
   * Called with every answer before it is sent (the `--strict` check against the contract); may return a
   * replacement.
   */
  checkResponse?: (operationId: OperationId, response: ApiResponse) => ApiResponse
}

/** `{clubId}` → `:clubId`, MSW's path parameters. */
const toMswPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

/**
 * Fixed segments before parameters, segment by segment, so `/club/inactive/{clubId}` is never read as
 * `/club/{clubId}/…` (MSW tries routes in order; Fastify's router needs no such help).
 */
const bySpecificity = (a: string, b: string): number => {
  const left = a.split('/')
  const right = b.split('/')
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = left[i]!.startsWith('{')
    const rightParam = right[i]!.startsWith('{')
    if (leftParam !== rightParam) return leftParam ? 1 : -1
  }
  return right.length - left.length
}

/** A JSON text: undefined when empty, MALFORMED_BODY when it is no JSON (the control plane's bodies). */
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
const readUpload = async (request: Request): Promise<ReceivedUpload | undefined> => {
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

const answerOperation = async (
  backend: MockBackend,
  operationId: OperationId,
  request: Request,
  params: Record<string, string>,
  options: HandlerOptions,
): Promise<Response> => {
  const url = new URL(request.url)
  const answer = (response: ApiResponse): Response =>
    toHttpResponse(options.checkResponse ? options.checkResponse(operationId, response) : response)
  const row = OPERATION_TABLE[operationId]
  let body: unknown
  let rawBody: string | null = null
  if (row.method === 'GET') body = undefined
  else if (row.bodyType === 'application/octet-stream') body = await readUpload(request)
  else {
    const reading = readJsonOperationBody(
      request.method,
      request.headers.get('Content-Type'),
      new Uint8Array(await request.arrayBuffer()),
    )
    if ('refused' in reading) return answer(problemResponse(reading.refused, url.pathname))
    body = reading.body
    rawBody = reading.text
  }
  const apiRequest: ApiRequest = {
    method: row.method,
    path: url.pathname,
    origin: url.origin,
    appOrigin: request.headers.get('Origin') ?? url.origin,
    params,
    query: url.searchParams,
    authorization: request.headers.get('Authorization'),
    body,
    rawBody,
    headers: Object.fromEntries(request.headers),
  }
  return answer(await backend.execute(operationId, apiRequest))
}

/**
 * All operations behind one MSW handler, with MSW's own path matching. MSW works out a request's cookies
 * for every handler it tries, so 60 handlers in a row would cost every API request up to 60 cookie
 * parses; one handler costs one. A request no operation answers goes on to the next handler.
 */
export const apiRouter = (backend: MockBackend, options: HandlerOptions = {}): HttpHandler => {
  const table = [...OPERATION_IDS]
    .sort((a, b) => bySpecificity(OPERATION_TABLE[a].path, OPERATION_TABLE[b].path))
    .map((operationId) => ({
      operationId,
      method: OPERATION_TABLE[operationId].method,
      path: `*${API_PREFIX}${toMswPath(OPERATION_TABLE[operationId].path)}`,
    }))
  return http.all(`*${API_PREFIX}/*`, async ({ request }) => {
    const url = new URL(request.url)
    for (const entry of table) {
      if (entry.method !== request.method) continue
      const match = matchRequestUrl(url, entry.path)
      if (match.matches)
        return answerOperation(backend, entry.operationId, request, stringParams(match.params ?? {}), options)
    }
    return undefined
  })
}
