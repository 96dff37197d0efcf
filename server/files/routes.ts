/**
 * The file operations over HTTP (`uploadFile`, `discardUpload`, `getFileLink`, `downloadFile`,
 * `getAppLogoFile`): the domain decides (domain/files.ts), these routes move bytes. server/app.ts
 * registers them in place of its generic JSON route for these operations.
 *
 * An upload in three steps, so that a caller without access never gets to send its bytes and no
 * transaction stays open while they arrive:
 * 1. the domain's preflight (token, role, the club the path names, the place's rule) in a short unit of
 *    work; `Content-Length` above the place's limit: 413 before a byte is read;
 * 2. the body streamed into a temporary file, 413 as soon as it passes the limit;
 * 3. the whole operation (access again, the content check by magic bytes, staging) in one unit of work.
 * The temporary file is removed whatever happens; the staged file exists only if step 3 committed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OperationId } from '#domain/access.ts'
import { FileBody, MAX_UPLOAD_BYTES, uploadFilePreflight } from '#domain/files.ts'
import type { UploadRule } from '#domain/files.ts'
import { executeOperation, problemResponse } from '#domain/operation.ts'
import type { AnyOperation, ApiRequest, ApiResponse } from '#domain/operation.ts'
import { OPERATIONS } from '#domain/operations.ts'
import type { ReceivedUpload } from '#domain/ports.ts'
import { problem } from '#domain/problem.ts'
import { contractOperations } from '#openapi/contract.ts'
import type { ServerBackend } from '#server/backend.ts'
import { AbortedUploadError, TooLargeError } from './disk-store.ts'
import type { IncomingFile } from './disk-store.ts'

/** The operations these routes answer; the generic JSON route skips them. */
export const FILE_OPERATION_IDS: ReadonlySet<string> = new Set<OperationId>([
  'uploadFile',
  'discardUpload',
  'getFileLink',
  'downloadFile',
  'getAppLogoFile',
])

const API_PREFIX = '/api/backend/v1'

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url

const toApiRequest = (request: FastifyRequest, body: unknown): ApiRequest => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  return {
    method: request.method,
    path: url.pathname,
    origin: url.origin,
    appOrigin: typeof request.headers.origin === 'string' ? request.headers.origin : url.origin,
    params: {},
    query: url.searchParams,
    authorization: request.headers.authorization ?? null,
    body,
  }
}

const send = (reply: FastifyReply, response: ApiResponse): FastifyReply => {
  reply.code(response.status)
  for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value)
  if (response.body instanceof FileBody) return reply.send(response.body.blob.content)
  if (response.body === undefined || response.status === 204) return reply.send()
  if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8')
  return reply.send(JSON.stringify(response.body))
}

/** A refusal before the body was read: the connection closes, so the client's bytes are not read either. */
const refuseUnread = (reply: FastifyReply, response: ApiResponse): FastifyReply =>
  send(reply.header('connection', 'close'), response)

const tooLarge = (limit: number) => problem('payload-too-large', `The file is larger than ${limit} bytes.`)

const handleUpload = async (backend: ServerBackend, request: FastifyRequest, reply: FastifyReply) => {
  const run = (spec: AnyOperation, body: unknown) =>
    executeOperation(backend.unitOfWork, backend.clock, 'uploadFile', spec, toApiRequest(request, body), {
      onUnexpected: (operationId, error) => request.log.error({ err: error, operationId }, 'operation failed'),
    })

  const preflight = await run(uploadFilePreflight, undefined)
  if (preflight.status !== 200) return refuseUnread(reply, preflight)
  const rule = preflight.body as UploadRule
  const maxBytes = Math.min(rule.maxBytes, MAX_UPLOAD_BYTES)
  const declared = Number(request.headers['content-length'] ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes)
    return refuseUnread(reply, problemResponse(tooLarge(maxBytes), pathOf(request)))

  let incoming: IncomingFile | null = null
  try {
    try {
      incoming = await backend.files.receive(request.raw, maxBytes)
    } catch (error) {
      if (error instanceof TooLargeError)
        return refuseUnread(reply, problemResponse(tooLarge(maxBytes), pathOf(request)))
      if (error instanceof AbortedUploadError) {
        request.log.info('upload aborted by the client')
        return reply.code(499).send()
      }
      throw error
    }
    const upload: ReceivedUpload | undefined =
      incoming.size === 0
        ? undefined
        : {
            size: incoming.size,
            head: incoming.head,
            declaredType: request.headers['content-type'] ?? '',
            content: incoming.tempPath,
          }
    const response = await run(OPERATIONS.uploadFile, upload)
    // Gone before the answer: a staged upload is its own link to the bytes now.
    await backend.files.discardTemp(incoming.tempPath)
    incoming = null
    return send(reply, response)
  } finally {
    if (incoming) await backend.files.discardTemp(incoming.tempPath)
  }
}

export const registerFileRoutes = async (app: FastifyInstance, backend: ServerBackend): Promise<void> => {
  const operations = contractOperations().filter((operation) => FILE_OPERATION_IDS.has(operation.operationId))
  await app.register(async (scope) => {
    // Uploads are read by their route, as a stream, whatever their Content-Type (JSON too: the app's
    // JSON parser would read the body first).
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    for (const operation of operations.filter((each) => each.operationId === 'uploadFile')) {
      scope.route({
        method: operation.method,
        url: `${API_PREFIX}${operation.path}`,
        handler: async (request, reply) => handleUpload(backend, request, reply),
      })
    }
  })
  // The other file operations take no body; one sent anyway meets the app's parsers as on every JSON
  // operation (415 when it is not JSON, 413 above the limit), as in the mocked backend. It is not read.
  for (const operation of operations.filter((each) => each.operationId !== 'uploadFile')) {
    const operationId = operation.operationId as OperationId
    app.route({
      method: operation.method,
      url: `${API_PREFIX}${operation.path}`,
      handler: async (request, reply) => {
        const response = await backend.domain.execute(operationId, toApiRequest(request, undefined))
        if (response.status >= 500)
          request.log.error({ operationId, status: response.status }, 'operation answered with a server error')
        return send(reply, response)
      },
    })
  }
}
