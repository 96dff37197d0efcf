/**
 * Every operation of the contract as a Fastify route, from the operation table
 * (openapi/generated/operations.ts): these routes turn a request into the domain's `ApiRequest` and its
 * answer back; the domain decides everything else.
 *
 * A JSON operation's body is read by domain/request-body.ts (415, 413, malformed JSON) after Fastify has
 * counted its bytes against `bodyLimit`. An operation whose body is a file's bytes (`uploadFile`) is read
 * in three steps, so that a caller without access never gets to send the bytes and no transaction stays
 * open while they arrive:
 * 1. the operation's preflight (token, role, the club the path names, the place's rule) in a short unit of
 *    work; `Content-Length` above the place's limit: 413 before a byte is read;
 * 2. the body streamed into the backend's upload receiver (a temporary file on disk, or memory), 413 as
 *    soon as it passes the limit, 408 when it stops arriving (no byte for `uploadIdleTimeoutMs`);
 * 3. the whole operation (access again, the content check by magic bytes, staging) in one unit of work.
 * The received bytes are discarded whatever happens; the staged file exists only if step 3 committed.
 *
 * A request that takes longer than `requestTimeoutMs` is cancelled: its unit of work rolls back and the
 * answer is 503 (domain/operation.ts), so a 503 never hides a change that committed after all.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { DomainBackend } from '#domain/backend.ts'
import { FileBody, MAX_UPLOAD_BYTES } from '#domain/files.ts'
import type { UploadRule } from '#domain/files.ts'
import { problemResponse } from '#domain/operation.ts'
import type { ApiRequest, ApiResponse } from '#domain/operation.ts'
import type { ReceivedUpload } from '#domain/ports.ts'
import { ProblemError, problem } from '#domain/problem.ts'
import { payloadTooLarge, readJsonOperationBody } from '#domain/request-body.ts'
import type { BodyReading } from '#domain/request-body.ts'
import { API_PREFIX, OPERATION_TABLE, OPERATION_IDS } from '#openapi/generated/operations.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import { AbortedUploadError, StalledUploadError, TooLargeError } from './uploads.ts'
import type { ReceivedBytes, UploadReceiver } from './uploads.ts'

/** What the routes need of a backend: its domain and where an upload's bytes go while they arrive. */
export interface ApiBackend {
  readonly domain: DomainBackend
  readonly uploads: UploadReceiver
}

/** A body as the app's one content-type parser keeps it: the bytes, read by the route that needs them. */
export interface RawBody {
  readonly contentType: string | null
  readonly bytes: Buffer
}

export const isRawBody = (body: unknown): body is RawBody =>
  typeof body === 'object' && body !== null && 'bytes' in body && Buffer.isBuffer((body as RawBody).bytes)

/** A request's JSON body as the domain takes it, or the problem to answer (domain/request-body.ts). */
export const readJsonBody = (request: FastifyRequest): BodyReading => {
  const raw = isRawBody(request.body) ? request.body : { contentType: null, bytes: Buffer.alloc(0) }
  // Fastify has counted the bytes against its bodyLimit already.
  return readJsonOperationBody(request.method, raw.contentType, raw.bytes, Number.POSITIVE_INFINITY)
}

/** The request's path without its query: a problem's `instance`. */
export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url

/** `{clubId}` → `:clubId`, Fastify's path parameters. */
const toRoutePath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

/** `METHOD url` as Fastify registers each operation's route (what the rate limits attach to). */
export const routeOf = (operationId: OperationId): { method: string; url: string } => {
  const row = OPERATION_TABLE[operationId]
  return { method: row.method, url: `${API_PREFIX}${toRoutePath(row.path)}` }
}

const headersOf = (request: FastifyRequest): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  )

const toApiRequest = (request: FastifyRequest, body: unknown, rawBody: string | null): ApiRequest => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  return {
    method: request.method,
    path: url.pathname,
    origin: url.origin,
    appOrigin: typeof request.headers.origin === 'string' ? request.headers.origin : url.origin,
    params: (request.params ?? {}) as Record<string, string>,
    query: url.searchParams,
    authorization: request.headers.authorization ?? null,
    body,
    rawBody,
    headers: headersOf(request),
  }
}

export const sendApiResponse = (reply: FastifyReply, response: ApiResponse): FastifyReply => {
  reply.code(response.status)
  for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value)
  if (response.body instanceof FileBody) return reply.send(response.body.blob.content)
  if (response.body === undefined || response.status === 204) return reply.send()
  if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8')
  return reply.send(JSON.stringify(response.body))
}

export const sendProblem = (reply: FastifyReply, error: ProblemError, instance: string): FastifyReply =>
  sendApiResponse(reply, problemResponse(error, instance))

/** A refusal before the body was read: the connection closes, so the client's bytes are not read either. */
const refuseUnread = (reply: FastifyReply, response: ApiResponse): FastifyReply =>
  sendApiResponse(reply.header('connection', 'close'), response)

export const registerApiRoutes = async (
  app: FastifyInstance,
  backend: ApiBackend,
  options: { readonly requestTimeoutMs: number; readonly uploadIdleTimeoutMs?: number | undefined },
): Promise<void> => {
  const execute = async (
    request: FastifyRequest,
    operationId: OperationId,
    body: unknown,
    preflight = false,
    rawBody: string | null = null,
  ): Promise<ApiResponse> => {
    const response = await backend.domain.execute(operationId, toApiRequest(request, body, rawBody), {
      preflight,
      signal: AbortSignal.timeout(options.requestTimeoutMs),
    })
    if (response.status >= 500)
      request.log.error({ operationId, status: response.status }, 'operation answered with a server error')
    return response
  }

  const handleUpload = async (request: FastifyRequest, reply: FastifyReply, operationId: OperationId) => {
    const preflight = await execute(request, operationId, undefined, true)
    if (preflight.status !== 200) return refuseUnread(reply, preflight)
    const maxBytes = Math.min((preflight.body as UploadRule).maxBytes, MAX_UPLOAD_BYTES)
    const declared = Number(request.headers['content-length'] ?? Number.NaN)
    if (Number.isFinite(declared) && declared > maxBytes)
      return refuseUnread(reply, problemResponse(payloadTooLarge(maxBytes), pathOf(request)))

    let received: ReceivedBytes | null = null
    try {
      try {
        received = await backend.uploads.receive(request.raw, maxBytes, {
          idleTimeoutMs: options.uploadIdleTimeoutMs,
        })
      } catch (error) {
        if (error instanceof TooLargeError)
          return refuseUnread(reply, problemResponse(payloadTooLarge(maxBytes), pathOf(request)))
        if (error instanceof StalledUploadError) {
          request.log.info({ idleMs: error.idleMs }, 'upload body stopped arriving; cut off')
          return refuseUnread(
            reply,
            problemResponse(
              problem('request-timeout', `${error.message} Nothing was kept; send the file again.`),
              pathOf(request),
            ),
          )
        }
        if (error instanceof AbortedUploadError) {
          request.log.info('upload aborted by the client')
          return reply.code(499).send()
        }
        // The receiver's own refusal (the server's storage is full): the rest of the body is not read.
        if (error instanceof ProblemError) {
          request.log.error({ err: error }, 'upload refused by the file storage')
          return refuseUnread(reply, problemResponse(error, pathOf(request)))
        }
        throw error
      }
      const upload: ReceivedUpload | undefined =
        received.size === 0
          ? undefined
          : {
              size: received.size,
              head: received.head,
              declaredType: request.headers['content-type'] ?? '',
              content: received.content,
            }
      const response = await execute(request, operationId, upload)
      // Gone before the answer: a staged upload is its own link to the bytes now.
      await backend.uploads.discard(received)
      received = null
      return sendApiResponse(reply, response)
    } finally {
      if (received) await backend.uploads.discard(received)
    }
  }

  const uploads = OPERATION_IDS.filter((id) => OPERATION_TABLE[id].bodyType === 'application/octet-stream')
  await app.register(async (scope) => {
    // Uploads are read by their route, as a stream, whatever their Content-Type.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    for (const operationId of uploads) {
      scope.route({
        ...routeOf(operationId),
        config: { operationId },
        handler: (request, reply) => handleUpload(request, reply, operationId),
      })
    }
  })

  for (const operationId of OPERATION_IDS) {
    if (uploads.includes(operationId)) continue
    app.route({
      ...routeOf(operationId),
      // What the metrics count the request under (server/metrics.ts).
      config: { operationId },
      handler: async (request, reply) => {
        const reading = readJsonBody(request)
        if ('refused' in reading) return sendProblem(reply, reading.refused, pathOf(request))
        return sendApiResponse(reply, await execute(request, operationId, reading.body, false, reading.text))
      },
    })
  }
}
