/**
 * The HTTP adapter over the domain (Fastify): every operation of openapi/portal.yaml under
 * `/api/backend/v1`, answered by the domain in one transaction; nothing else decides anything here.
 *
 * What the edge does itself: bodies limited before they are read (413), JSON only (415), a time limit
 * per request (503), a request id on every log line and answer, CORS for the portal's own origins,
 * `GET /healthz` and `GET /readyz`, problem answers (RFC 9457) for every failure, security headers and
 * compression on every answer (server/security-headers.ts), rate limits on what anyone may call
 * (server/rate-limits.ts), the file routes (server/files), the built app with its page fallback when
 * STATIC_DIR is set (server/static.ts), and the test hooks and the local identity's sign-in where the
 * configuration asks for them (never beside Firebase Auth).
 */
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import Fastify from 'fastify'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OperationId } from '#domain/access.ts'
import { MALFORMED_BODY, problemResponse } from '#domain/operation.ts'
import type { ApiRequest, ApiResponse } from '#domain/operation.ts'
import { ProblemError, kindForStatus, problem } from '#domain/problem.ts'
import { contractOperations } from '#openapi/contract.ts'
import type { ServerBackend } from './backend.ts'
import type { ServerConfig } from './config.ts'
import { FILE_OPERATION_IDS, registerFileRoutes } from './files/routes.ts'
import { registerProviderPage } from './provider-page.ts'
import { registerRateLimits } from './rate-limits.ts'
import { readContentSources, registerSecurityHeaders } from './security-headers.ts'
import { isAppPage, registerStatic, sendAppPage } from './static.ts'
import { registerLocalIdentity, registerTestHooks } from './test-hooks.ts'

export const API_PREFIX = '/api/backend/v1'

export interface AppOptions {
  backend: ServerBackend
  config: Pick<ServerConfig, 'bodyLimit' | 'requestTimeoutMs' | 'corsOrigins' | 'testHooks'> &
    Pick<ServerConfig, 'staticDir' | 'trustProxy' | 'rateLimits' | 'contentSources' | 'uploadTimeoutMs'>
  logger: FastifyBaseLogger
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

const sendApiResponse = (reply: FastifyReply, response: ApiResponse): FastifyReply => {
  reply.code(response.status)
  for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value)
  if (response.body === undefined || response.status === 204) return reply.send()
  if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8')
  return reply.send(JSON.stringify(response.body))
}

const sendProblem = (reply: FastifyReply, error: ProblemError, instance: string): FastifyReply =>
  sendApiResponse(reply, problemResponse(error, instance))

/** The request's path without its query: a problem's `instance`. */
const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url

/** `{clubId}` → `:clubId`, Fastify's path parameters. */
const toRoutePath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1')

class TimeoutError extends Error {}

/** The domain's answer, or a TimeoutError when it takes longer than `ms` (the work itself runs on). */
const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

const toApiRequest = (request: FastifyRequest): ApiRequest => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  const origin = url.origin
  return {
    method: request.method,
    path: url.pathname,
    origin,
    appOrigin: typeof request.headers.origin === 'string' ? request.headers.origin : origin,
    params: (request.params ?? {}) as Record<string, string>,
    query: url.searchParams,
    authorization: request.headers.authorization ?? null,
    body: request.body,
  }
}

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { backend, config } = options
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: config.bodyLimit,
    // Slow clients: the whole request must arrive within this time (uploads included, so it is longer than
    // the time an operation may take, which withTimeout below limits).
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploadTimeoutMs ?? 0),
    // On shutdown, idle keep-alive connections close at once; running requests finish.
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID()
    },
    return503OnClosing: true,
    // A path parameter longer than the contract allows (at most 128 characters) reaches the domain, which
    // answers 400 `validation` as the mocked backend does (Fastify's default of 100 answered a bare 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    trustProxy: config.trustProxy ?? false,
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(cors, {
    origin: [...config.corsOrigins],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id'],
    exposedHeaders: ['WWW-Authenticate', 'Location', 'X-Request-Id'],
    maxAge: 600,
  })

  // Every answer (pages, assets, API, problems) carries the security headers; br/gzip for whoever asks.
  registerSecurityHeaders(app, config.contentSources ?? readContentSources({}))
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false })
  // Attaches itself to the routes registered below: registration, invitations, sign-in, public reads.
  if (config.rateLimits) await registerRateLimits(app, config.rateLimits)

  // JSON is read as text and parsed here, so that a malformed body reaches the domain like an empty one
  // does: it answers 401 before 400 for a caller without a token, exactly as the mocked backend.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    ['application/json', 'application/problem+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (text.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(text) as unknown)
      } catch {
        done(null, MALFORMED_BODY)
      }
    },
  )
  // The provider page's form (application/x-www-form-urlencoded) is read by its own route.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
  )

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const instance = pathOf(request)
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(
        reply,
        problem('payload-too-large', `The body is larger than ${config.bodyLimit} bytes.`),
        instance,
      )
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, problem('unsupported-media-type', 'The body must be application/json.'), instance)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return sendProblem(reply, new ProblemError(kindForStatus(status), error.message, undefined, status), instance)
    }
    request.log.error({ err: error }, 'request failed')
    return sendProblem(reply, problem('internal', 'The backend failed unexpectedly.'), instance)
  })

  // Filled once the static files are registered (below): the pages the build prerendered.
  let prerendered: ReadonlyMap<string, string> = new Map()
  app.setNotFoundHandler((request, reply) => {
    // A page of the served app (`/home`, `/club/x/profile`): its index.html (or the page prerendered at
    // build time), the router takes over.
    if (config.staticDir && isAppPage(request)) return sendAppPage(reply, prerendered, request.url)
    // A prerendered form sent before the app's scripts ran (method="post"): the page again, by GET; the
    // body (a password, maybe) is neither read nor logged.
    if (config.staticDir && request.method === 'POST' && prerendered.has(pathOf(request).replace(/(.)\/+$/, '$1'))) {
      return reply.redirect(request.url, 303)
    }
    const path = pathOf(request)
    return sendProblem(reply, problem('not-found', `No operation answers ${request.method} ${path}.`), path)
  })

  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_request, reply) => {
    const ready = await backend.database.ping()
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'database unreachable' })
  })

  // Files (uploads, signed links, downloads) have routes of their own: bytes, not JSON (server/files).
  await registerFileRoutes(app, backend)
  for (const operation of contractOperations()) {
    if (FILE_OPERATION_IDS.has(operation.operationId)) continue
    const operationId = operation.operationId as OperationId
    app.route({
      method: operation.method,
      url: `${API_PREFIX}${toRoutePath(operation.path)}`,
      handler: async (request, reply) => {
        // The only other body this server reads is the provider page's form.
        if (request.body instanceof URLSearchParams) {
          return sendProblem(
            reply,
            problem('unsupported-media-type', 'The body must be application/json.'),
            pathOf(request),
          )
        }
        const apiRequest = toApiRequest(request)
        try {
          const response = await withTimeout(backend.domain.execute(operationId, apiRequest), config.requestTimeoutMs)
          if (response.status >= 500)
            request.log.error({ operationId, status: response.status }, 'operation answered with a server error')
          return sendApiResponse(reply, response)
        } catch (error) {
          if (!(error instanceof TimeoutError)) throw error
          request.log.error({ operationId, timeoutMs: config.requestTimeoutMs }, 'operation timed out')
          return sendProblem(
            reply,
            problem('unavailable', `The backend did not answer within ${config.requestTimeoutMs} ms.`),
            apiRequest.path,
          )
        }
      },
    })
  }

  registerProviderPage(app, backend)
  // With Firebase Auth the browser signs in at Firebase; the local stand-in must not exist beside it.
  if (backend.identity !== 'firebase') registerLocalIdentity(app, backend)
  if (config.testHooks) registerTestHooks(app, backend)
  if (config.staticDir) prerendered = await registerStatic(app, config.staticDir)

  return app
}
