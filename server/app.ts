/**
 * The HTTP edge (Fastify), the only one: the real server (server/main.ts) and the mocked backend's
 * server (`npm run mock:server`, mocks/server.ts) are this app over different backends. Every operation of
 * the contract under API_PREFIX is answered by the domain (server/api-routes.ts); nothing else decides
 * anything here.
 *
 * What the edge does itself: bodies limited before they are read (413), JSON only (415), a time limit per
 * request after which its work is cancelled (503), an upload body that stops arriving cut off (408), a
 * request id on every log line and answer (and on the
 * work a request starts, server/request-context.ts), CORS for the portal's own origins, `GET /healthz` and
 * `GET /readyz`, `GET /metrics` for the holder of METRICS_TOKEN (server/metrics.ts; it counts every
 * request, by operation, when given metrics), problem answers (RFC 9457) for every
 * failure, security headers and compression on every answer (server/security-headers.ts), rate limits on
 * what anyone may call (server/rate-limits.ts), the simulated card provider's hosted page
 * (server/provider-page.ts), the built app with its page fallback when `staticDir` is set
 * (server/static.ts), and, where asked, the local-only policy of a development server
 * (server/origin-policy.ts) and a control plane under `/__mock` (the caller's).
 */
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import Fastify from 'fastify'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { SimulatedProvider } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { Ports } from '#domain/ports.ts'
import { ProblemError, kindForStatus, problem } from '#domain/problem.ts'
import { pathOf, registerApiRoutes, sendProblem } from './api-routes.ts'
import type { ApiBackend, RawBody } from './api-routes.ts'
import { databaseUnreachable, isDatabaseUnreachable } from './db/unreachable.ts'
import { registerLocalOnly } from './origin-policy.ts'
import type { LocalOnlyPolicy } from './origin-policy.ts'
import { registerProviderPage } from './provider-page.ts'
import { registerRateLimits } from './rate-limits.ts'
import type { RateLimitCounters, RateLimits } from './rate-limits.ts'
import { readContentSources, registerSecurityHeaders } from './security-headers.ts'
import type { ContentSources } from './security-headers.ts'
import { isAppPage, registerStatic, sendAppPage } from './static.ts'
import { createServerMetrics, registerMetricsRoute } from './metrics.ts'
import type { ServerMetrics } from './metrics.ts'
import { withRequestId } from './request-context.ts'

/** What the edge needs of a backend (the server's, over PostgreSQL, or the mocked one, in memory). */
export interface HttpBackend extends ApiBackend {
  /** `/readyz`: whether the backend can serve (its database answers). */
  ready(): Promise<boolean>
  now(): number
  /** Work with the ports in one transaction (the provider page). */
  transact<T>(work: (ports: Ports) => Promise<T>, readOnly?: boolean): Promise<T>
  /** The simulated card provider, when donations are paid there: its hosted checkout is served then. */
  readonly simulatedProvider?: SimulatedProvider | undefined
  /** Rate-limit counters shared by several processes; absent: counted in this process. */
  readonly rateLimitCounters?: RateLimitCounters | undefined
}

export interface EdgeConfig {
  /** Bytes of a JSON body; a larger one is refused (413) before it is read. */
  readonly bodyLimit: number
  /** Milliseconds an operation may take before it is cancelled and answered with 503. */
  readonly requestTimeoutMs: number
  /** Milliseconds a whole request may take to arrive (uploads on a slow line). */
  readonly uploadTimeoutMs?: number | undefined
  /** Milliseconds an upload's body may send nothing before it is cut off (408); unset: no such limit. */
  readonly uploadIdleTimeoutMs?: number | undefined
  /** Origins whose pages may call the API from the browser (CORS), or a test of an origin. */
  readonly corsOrigins: readonly string[] | ((origin: string) => boolean)
  readonly trustProxy?: boolean | string | undefined
  readonly rateLimits?: RateLimits | undefined
  readonly contentSources?: ContentSources | undefined
  /** The built app to serve beside the API. */
  readonly staticDir?: string | undefined
  /** A development server's safety: loopback names only, foreign pages refused (mock:server). */
  readonly localOnly?: LocalOnlyPolicy | undefined
  /** Who may read `GET /metrics` on this port (`Bearer <token>`); unset: nobody here (404). */
  readonly metricsToken?: string | undefined
}

export interface AppOptions {
  backend: HttpBackend
  config: EdgeConfig
  logger: FastifyBaseLogger
  /** Routes under `/__mock/`: the server's local identity and test hooks, or the mocked backend's control plane. */
  controlPlane?: (app: FastifyInstance) => Promise<void> | void
  /** Called with one line per answered request (`GET /path → 200 (1.2 ms)`): mock:server's log. */
  requestLog?: (line: string) => void
  /** Where this app's requests and uploads are counted (and what `/metrics` shows); unset: not counted. */
  metrics?: ServerMetrics
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { backend, config } = options
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: config.bodyLimit,
    // Slow clients: the whole request must arrive within this time (uploads included, so it is longer than
    // the time an operation may take, which the API routes limit).
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

  // The request's work runs as part of it (server/request-context.ts): from the first hook, and again
  // before the handler, since a body that arrived in pieces resumes in the socket's context.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    withRequestId(request.id, done)
  })
  app.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done))
  const metrics = options.metrics ?? (config.metricsToken ? createServerMetrics() : undefined)
  metrics?.countRequests(app)
  const { requestLog } = options
  if (requestLog) {
    app.addHook('onResponse', async (request, reply) => {
      requestLog(`${request.method} ${request.url} → ${reply.statusCode} (${reply.elapsedTime.toFixed(1)} ms)`)
    })
  }
  if (config.localOnly) registerLocalOnly(app, config.localOnly)

  const corsOrigins = config.corsOrigins
  await app.register(cors, {
    origin:
      typeof corsOrigins === 'function'
        ? (origin, callback) => callback(null, origin !== undefined && corsOrigins(origin))
        : [...corsOrigins],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id'],
    exposedHeaders: ['WWW-Authenticate', 'Location', 'X-Request-Id'],
    maxAge: 600,
  })

  // Every answer (pages, assets, API, problems) carries the security headers; br/gzip for whoever asks.
  registerSecurityHeaders(app, config.contentSources ?? readContentSources({}))
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false })
  // Attaches itself to the routes registered below: registration, invitations, sign-in, public reads.
  if (config.rateLimits) await registerRateLimits(app, config.rateLimits, backend.rateLimitCounters)

  // Bodies are kept as bytes, counted against bodyLimit while they arrive, and read by the route that
  // takes them: an operation's JSON by domain/request-body.ts (415, malformed JSON), so a malformed body
  // reaches the domain like an empty one does (it answers 401 before 400 for a caller without a token).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, bytes, done) => {
    const raw: RawBody = { contentType: request.headers['content-type'] ?? null, bytes: bytes as Buffer }
    done(null, raw)
  })

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const instance = pathOf(request)
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(
        reply.header('connection', 'close'),
        problem('payload-too-large', `The body is larger than ${config.bodyLimit} bytes.`),
        instance,
      )
    }
    if (error instanceof ProblemError) return sendProblem(reply, error, instance)
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return sendProblem(reply, new ProblemError(kindForStatus(status), error.message, undefined, status), instance)
    }
    // Work outside an operation (a test hook, the provider page) that met a database restarting.
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached')
      return sendProblem(reply, databaseUnreachable(), instance)
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
    const ready = await backend.ready()
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'database unreachable' })
  })
  // Not an operation of the contract: the operator's, beside the health checks.
  if (metrics && config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken)

  await registerApiRoutes(app, backend, {
    requestTimeoutMs: config.requestTimeoutMs,
    uploadIdleTimeoutMs: config.uploadIdleTimeoutMs,
  })
  registerProviderPage(app, backend)
  if (options.controlPlane) await options.controlPlane(app)
  if (config.staticDir) prerendered = await registerStatic(app, config.staticDir)

  return app
}
