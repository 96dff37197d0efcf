/**
 * What an operator's Prometheus scrapes at `GET /metrics` (text format 0.0.4, prom-client): requests by
 * operation and status with their durations, the database's connections, statements and transactions,
 * the queues (mail outbox, staged uploads), the card provider's event lag, mail deliveries, uploads, and
 * the process's own figures. The list with what each means: docs/operations.md.
 *
 * - One registry per app (tests build several apps in one process; prom-client's global registry would
 *   refuse the second set of metrics).
 * - Labels come from fixed sets only: an operation's id from the operation table (the routes carry it in
 *   their config), a registered route's pattern, or `unmatched`; never a requested URL, which anyone could
 *   make up by the million.
 * - Figures that need the database (queue depths and ages) are read when scraped, in one read-only query
 *   with a short time limit; a scrape that would wait longer shows them as not collected instead of hanging.
 *
 * Who may scrape (docs/decisions/0037-metrics-behind-a-token-or-port.md): with METRICS_TOKEN, `Bearer <token>`
 * on the main port; with METRICS_PORT, a listener of its own (127.0.0.1 unless METRICS_HOST says otherwise),
 * which asks for the token too when one is set. Anything else gets the answer of a path that does not exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { storageArea } from '#domain/files.ts'
import type { OpenDatabase } from './db/database.ts'
import { readQueueFigures } from './queue-figures.ts'
import type { QueueFigures } from './queue-figures.ts'

export type MailOutcome = 'sent' | 'retry' | 'given-up'

export interface ServerMetrics {
  readonly contentType: string
  /** The text a scrape gets. */
  render(): Promise<string>
  /** Counts the requests of `app`, and what its uploads came to (server/app.ts). */
  countRequests(app: FastifyInstance): void
  /** Reports the connections, statements, transactions and queues of `database`; returns how to stop. */
  watchDatabase(database: OpenDatabase): () => void
  /** An arrow, to be handed on alone (the dispatcher's `onOutcome`). */
  readonly mailDelivery: (outcome: MailOutcome) => void
  /** The card provider's event was applied for the first time, `lagMs` after the provider created it. */
  paymentEventApplied(lagMs: number): void
}

export interface MetricsOptions {
  /** Node's own figures (CPU, memory, event loop, GC): once per process, not per test app. */
  readonly processMetrics?: boolean
  /** How long a scrape waits for the database's figures. */
  readonly collectTimeoutMs?: number
  readonly now?: () => number
}

const PREFIX = 'vereinsportal_'
/** Seconds: from a cached read to the request time limit (15 s) and past it. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20]
const DATABASE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15]
/** The card provider retries for days: minutes and hours matter here. */
const LAG_BUCKETS = [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600]

/** The operation label of a request: the operation's id, the route's pattern, or `unmatched`. */
export const operationOf = (request: FastifyRequest): string => {
  const config = request.routeOptions.config as { operationId?: unknown } | undefined
  if (typeof config?.operationId === 'string') return config.operationId
  const pattern = request.routeOptions.url
  return pattern ? `${request.method} ${pattern}` : 'unmatched'
}

const uploadKind = (request: FastifyRequest): string => {
  const path = (request.query as Record<string, unknown> | undefined)?.path
  const area = typeof path === 'string' ? storageArea(path) : null
  if (!area) return 'unknown'
  return area.kind === 'app-logo' ? 'APP_LOGO' : area.fileKind
}

/** The answer of an upload as sent: the stored file's size, or the problem's type (its last segment). */
const uploadAnswer = (payload: unknown): { size?: unknown; type?: unknown } => {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return {}
  try {
    return JSON.parse(payload) as { size?: unknown; type?: unknown }
  } catch {
    return {}
  }
}

export const createServerMetrics = (options: MetricsOptions = {}): ServerMetrics => {
  const registry = new Registry()
  const registers = [registry]
  const now = options.now ?? Date.now
  const collectTimeoutMs = options.collectTimeoutMs ?? 2_000
  if (options.processMetrics) collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by operation (operationId, route pattern or unmatched) and status code.',
    labelNames: ['operation', 'status'] as const,
    registers,
  })
  const requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by operation and status class (2xx, 4xx, 5xx).',
    labelNames: ['operation', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  })
  const uploads = new Counter({
    name: `${PREFIX}uploads_total`,
    help: 'Uploads stored (staged), by kind of place: IMAGE, DOCUMENT, APP_LOGO.',
    labelNames: ['kind'] as const,
    registers,
  })
  const uploadBytes = new Counter({
    name: `${PREFIX}upload_bytes_total`,
    help: 'Bytes of the uploads stored, by kind of place.',
    labelNames: ['kind'] as const,
    registers,
  })
  const uploadRefusals = new Counter({
    name: `${PREFIX}upload_refusals_total`,
    help: 'Uploads refused, by the problem type (payload-too-large, file-content-mismatch, forbidden, ...) or aborted.',
    labelNames: ['reason'] as const,
    registers,
  })
  const mailDeliveries = new Counter({
    name: `${PREFIX}mail_deliveries_total`,
    help: 'Delivery attempts of the mail dispatcher in this process: sent, retry (failed, tried again later), given-up.',
    labelNames: ['outcome'] as const,
    registers,
  })
  const paymentLag = new Histogram({
    name: `${PREFIX}payment_event_lag_seconds`,
    help: 'Time from the card provider creating an event to the portal applying it (first delivery that committed).',
    buckets: LAG_BUCKETS,
    registers,
  })
  const querySeconds = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Time of each SQL statement, by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    buckets: DATABASE_BUCKETS,
    registers,
  })
  const transactionSeconds = new Histogram({
    name: `${PREFIX}db_transaction_duration_seconds`,
    help: 'Time of each unit of work, waiting for a connection and retries included, by mode (read, write) and outcome (commit, rollback).',
    labelNames: ['mode', 'outcome'] as const,
    buckets: DATABASE_BUCKETS,
    registers,
  })
  const retries = new Counter({
    name: `${PREFIX}db_serialization_retries_total`,
    help: 'Transactions run again after a serialization failure or deadlock (PostgreSQL server).',
    registers,
  })

  const databases = new Set<OpenDatabase>()
  const poolSum = (read: (database: OpenDatabase) => number) => {
    let sum = 0
    for (const database of databases) sum += read(database)
    return sum
  }
  const poolGauge = (name: string, help: string, read: (database: OpenDatabase) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      collect() {
        this.set(poolSum(read))
      },
    })
  poolGauge('db_pool_max', 'Connections the pool may open (PGlite: its one connection).', (db) => db.pool().max)
  poolGauge('db_pool_connections', 'Connections open now.', (db) => db.pool().total)
  poolGauge('db_pool_idle', 'Open connections not in use.', (db) => db.pool().idle)
  poolGauge(
    'db_pool_waiting',
    'Units of work waiting for a connection (PGlite: queued behind the one that runs).',
    (db) => db.pool().waiting,
  )

  // The queue figures of one scrape (render): every gauge below waits for the same read.
  let figures: Promise<QueueFigures | null> | null = null
  const readFigures = (): Promise<QueueFigures | null> => {
    const [database] = databases
    if (!database) return Promise.resolve(null)
    if (!figures) {
      const signal = AbortSignal.timeout(collectTimeoutMs)
      // The read is cancelled at the time limit; the scrape does not wait for it to notice.
      const late = new Promise<never>((_resolve, reject) => signal.addEventListener('abort', reject, { once: true }))
      figures = Promise.race([readQueueFigures(database, signal), late]).catch(() => null)
    }
    return figures
  }
  new Gauge({
    name: `${PREFIX}queue_figures_collected`,
    help: 'Whether the queue figures of this scrape are current (1), or the database did not answer them in time (0).',
    registers,
    async collect() {
      this.set((await readFigures()) ? 1 : 0)
    },
  })
  const queueGauge = (name: string, help: string, read: (figures: QueueFigures) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        const current = await readFigures()
        // Not collected: NaN, which no alert's comparison takes for an empty queue (a stale 0 would be).
        this.set(current ? read(current) : Number.NaN)
      },
    })
  const ageSeconds = (oldest: number | null) => (oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000))
  queueGauge(
    'mail_outbox_pending',
    'Mails in the outbox neither sent nor given up (without SMTP_URL they stay there).',
    (current) => current.mailPending,
  )
  queueGauge(
    'mail_outbox_due',
    'Pending mails due for an attempt now (not waiting for a back-off or held by a dispatcher).',
    (current) => current.mailDue,
  )
  queueGauge(
    'mail_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending mail; 0 when none is pending.',
    (current) => ageSeconds(current.mailOldestPending),
  )
  queueGauge(
    'uploads_staged',
    'Uploads no record uses yet (the sweep removes them after STAGED_UPLOAD_MAX_AGE_MS).',
    (current) => current.stagedUploads,
  )
  queueGauge('uploads_staged_oldest_age_seconds', 'Age of the oldest staged upload; 0 when none.', (current) =>
    ageSeconds(current.stagedOldest),
  )

  return {
    contentType: registry.contentType,
    render: () => {
      figures = null
      return registry.metrics()
    },
    countRequests: (app) => {
      // Before compression (registered after this): the answer is still its JSON text.
      app.addHook('onSend', async (request, reply, payload) => {
        if (operationOf(request) !== 'uploadFile') return payload
        const answer = uploadAnswer(payload)
        if (reply.statusCode === 201 && typeof answer.size === 'number') {
          const kind = uploadKind(request)
          uploads.inc({ kind })
          uploadBytes.inc({ kind }, answer.size)
        } else if (reply.statusCode >= 400) {
          const type = typeof answer.type === 'string' ? answer.type.split('/').pop() : undefined
          uploadRefusals.inc({ reason: type || (reply.statusCode === 499 ? 'aborted' : String(reply.statusCode)) })
        }
        return payload
      })
      app.addHook('onResponse', async (request, reply) => {
        const operation = operationOf(request)
        const status = reply.statusCode
        requests.inc({ operation, status })
        requestSeconds.observe({ operation, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000)
      })
    },
    watchDatabase: (database) => {
      databases.add(database)
      const stop = database.observe({
        query: (ms, failed) => querySeconds.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000),
        transaction: (ms, readOnly, committed) =>
          transactionSeconds.observe(
            { mode: readOnly ? 'read' : 'write', outcome: committed ? 'commit' : 'rollback' },
            ms / 1000,
          ),
        retry: () => retries.inc(),
      })
      return () => {
        stop()
        databases.delete(database)
      }
    },
    mailDelivery: (outcome) => mailDeliveries.inc({ outcome }),
    paymentEventApplied: (lagMs) => paymentLag.observe(Math.max(0, lagMs) / 1000),
  }
}

// ------------------------------------------------------------------------------------------ access

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export const bearerMatches = (header: string | undefined, token: string): boolean => {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? ''
  // Digests of equal length: the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(given), digest(token)) && given !== ''
}

/**
 * `GET /metrics` on the app's own port, for the holder of `token`; everyone else gets the answer of a path
 * that does not exist (the not-found handler's), so the route gives away nothing.
 */
export const registerMetricsRoute = (app: FastifyInstance, metrics: ServerMetrics, token: string): void => {
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound()
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render())
  })
}

export interface MetricsListener {
  readonly port: number
  close(): Promise<void>
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), beside nothing else: a scraper on the same host or
 * network reaches it, the public origin (the reverse proxy in front of PORT) does not.
 */
export const serveMetrics = async (
  metrics: ServerMetrics,
  options: { readonly port: number; readonly host: string; readonly token?: string | undefined },
): Promise<MetricsListener> => {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    const allowed = options.token === undefined || bearerMatches(request.headers.authorization, options.token)
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD') || !allowed) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n')
      return
    }
    metrics.render().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : text)
      },
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
