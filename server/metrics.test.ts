/**
 * `/metrics` as an operator's Prometheus sees it: the text format, requests counted by operation and
 * status (never by the URL asked for), the database's pool and the queues, uploads; and as anyone else sees
 * it: a path that does not exist, on the main port without the token, and on a port of its own.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import type { FastifyInstance } from 'fastify'
import { buildEdgeApp, buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { createServerMetrics, serveMetrics } from './metrics.ts'

const TOKEN = 'metrics-token-0123456789abcdef'
const API = '/api/backend/v1'
const JPEG = new Uint8Array(readFileSync(join(process.cwd(), 'tests/fixtures', 'ausweis-vorderseite.jpg')))

let server: TestApp
/** The edge as a server without METRICS_TOKEN has it. */
let withoutToken: FastifyInstance

beforeAll(async () => {
  server = await buildTestApp({ config: { metricsToken: TOKEN } })
  withoutToken = await buildEdgeApp()
}, 300_000)

afterAll(async () => {
  await server?.close()
  await withoutToken?.close()
})

const scrape = (app: FastifyInstance, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

/** The value of the sample `name{labels}` in the text, or undefined. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const given: Record<string, string> = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    )
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3])
  }
  return undefined
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('counts requests by operation and status, with their durations, in the Prometheus text format', async () => {
    const token = `Bearer ${await server.tokenFor(seedAccounts.admin.email)}`
    for (let i = 0; i < 3; i++) {
      const answer = await server.app.inject({ method: 'GET', url: `${API}/club`, headers: { authorization: token } })
      expect(answer.statusCode).toBe(200)
    }
    expect((await server.app.inject({ method: 'GET', url: `${API}/club` })).statusCode).toBe(401)
    const overview = await server.app.inject({
      method: 'GET',
      url: `${API}/club/cluboverview/${seedClubs.volume}`,
      headers: { authorization: token },
    })
    expect(overview.statusCode).toBe(200)
    // Made-up paths are many; they share one label.
    for (const path of ['/nirgends/1', '/nirgends/2', `${API}/gibt-es-nicht?x=1`])
      expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)

    const answer = await scrape(server.app, `Bearer ${TOKEN}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = answer.body
    expect(text).toContain('# TYPE vereinsportal_http_requests_total counter')
    expect(sample(text, 'vereinsportal_http_requests_total', { operation: 'getClubs', status: '200' })).toBe(3)
    expect(sample(text, 'vereinsportal_http_requests_total', { operation: 'getClubs', status: '401' })).toBe(1)
    expect(sample(text, 'vereinsportal_http_requests_total', { operation: 'getClubOverview', status: '200' })).toBe(1)
    expect(sample(text, 'vereinsportal_http_requests_total', { operation: 'unmatched', status: '404' })).toBe(3)
    expect(text).not.toContain('nirgends')
    expect(text).not.toContain(seedClubs.volume)

    expect(text).toContain('# TYPE vereinsportal_http_request_duration_seconds histogram')
    const durations = { operation: 'getClubs', status_class: '2xx' }
    expect(sample(text, 'vereinsportal_http_request_duration_seconds_count', durations)).toBe(3)
    expect(sample(text, 'vereinsportal_http_request_duration_seconds_bucket', { ...durations, le: '+Inf' })).toBe(3)
    expect(sample(text, 'vereinsportal_http_request_duration_seconds_sum', durations)).toBeGreaterThan(0)
  })

  it("shows the database's connection and statements, and the queues read when scraped", async () => {
    const admin = `Bearer ${await server.tokenFor(seedAccounts.admin.email)}`
    // A mail in the outbox (no SMTP here: it stays pending) and an upload no record uses yet.
    const released = await server.app.inject({
      method: 'PUT',
      url: `${API}/club/active/${seedClubs.releasable}`,
      headers: { authorization: admin },
    })
    expect(released.statusCode).toBe(200)
    const path = `clubs/${seedClubs.volume}/LEGITIMATION_FRONT/00000000-0000-4000-8000-000000000101-ausweis.jpg`
    const stored = await server.app.inject({
      method: 'PUT',
      url: `${API}/storage/blob?path=${encodeURIComponent(path)}`,
      headers: { authorization: admin, 'content-type': 'image/jpeg' },
      payload: Buffer.from(JPEG),
    })
    expect(stored.statusCode).toBe(201)
    const refused = await server.app.inject({
      method: 'PUT',
      url: `${API}/storage/blob?path=${encodeURIComponent(path.replace('ausweis.jpg', 'ausweis.pdf'))}`,
      headers: { authorization: admin, 'content-type': 'application/pdf' },
      payload: Buffer.from(JPEG),
    })
    expect(refused.statusCode).toBe(415)

    const text = (await scrape(server.app, `Bearer ${TOKEN}`)).body
    // PGlite: one connection, the units of work queue for it.
    expect(sample(text, 'vereinsportal_db_pool_max')).toBe(1)
    expect(sample(text, 'vereinsportal_db_pool_connections')).toBe(1)
    expect(sample(text, 'vereinsportal_db_pool_waiting')).toBe(0)
    expect(sample(text, 'vereinsportal_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0)
    expect(
      sample(text, 'vereinsportal_db_transaction_duration_seconds_count', { mode: 'write', outcome: 'commit' }),
    ).toBeGreaterThan(0)

    expect(sample(text, 'vereinsportal_queue_figures_collected')).toBe(1)
    expect(sample(text, 'vereinsportal_mail_outbox_pending')).toBe(1)
    expect(sample(text, 'vereinsportal_mail_outbox_due')).toBe(1)
    expect(sample(text, 'vereinsportal_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'vereinsportal_uploads_staged')).toBe(1)
    expect(sample(text, 'vereinsportal_uploads_total', { kind: 'IMAGE' })).toBe(1)
    expect(sample(text, 'vereinsportal_upload_bytes_total', { kind: 'IMAGE' })).toBe(JPEG.length)
    expect(sample(text, 'vereinsportal_upload_refusals_total', { reason: 'file-type-not-allowed' })).toBe(1)
  })

  it("times the card provider's events from their creation to their first application that committed", async () => {
    const record = (id: string, lagMs: number, fail = false) =>
      server.backend.transact(async (ports) => {
        const now = Date.now()
        await ports.paymentEvents.record({
          id,
          type: 'checkout.session.completed',
          accountId: null,
          createdAt: now - lagMs,
          receivedAt: new Date(now).toISOString(),
        })
        if (fail) throw new Error('the event could not be applied')
      })
    await record('evt_lag_applied', 90_000)
    // Delivered again: applied once, counted once.
    await record('evt_lag_applied', 95_000)
    await expect(record('evt_lag_rolled_back', 10_000, true)).rejects.toThrow('could not be applied')

    const text = (await scrape(server.app, `Bearer ${TOKEN}`)).body
    expect(text).toContain('# TYPE vereinsportal_payment_event_lag_seconds histogram')
    expect(sample(text, 'vereinsportal_payment_event_lag_seconds_count')).toBe(1)
    expect(sample(text, 'vereinsportal_payment_event_lag_seconds_bucket', { le: '60' })).toBe(0)
    expect(sample(text, 'vereinsportal_payment_event_lag_seconds_bucket', { le: '300' })).toBe(1)
  })

  it('is the answer of a path that does not exist, without the token or with a wrong one', async () => {
    const nowhere = await withoutToken.inject({ method: 'GET', url: '/metrics' })
    expect(nowhere.statusCode).toBe(404)
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(server.app, authorization)
      expect(answer.statusCode, authorization).toBe(404)
      expect(answer.body).toBe(nowhere.body)
      expect(answer.headers['content-type']).toBe(nowhere.headers['content-type'])
    }
    // Nor with the token where none is set.
    expect((await scrape(withoutToken, `Bearer ${TOKEN}`)).statusCode).toBe(404)
  })
})

describe('METRICS_PORT', () => {
  it('serves /metrics alone on a listener of its own, and asks for the token there when one is set', async () => {
    const metrics = createServerMetrics({ processMetrics: true })
    const open = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' })
    const guarded = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', token: TOKEN })
    try {
      const answer = await fetch(`http://127.0.0.1:${open.port}/metrics`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      const text = await answer.text()
      // Node's own figures, the process's.
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter')
      expect(text).toContain('nodejs_eventloop_lag_seconds')
      expect((await fetch(`http://127.0.0.1:${open.port}/api/backend/v1/club`)).status).toBe(404)
      expect((await fetch(`http://127.0.0.1:${open.port}/metrics`, { method: 'POST' })).status).toBe(404)

      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(404)
      const withToken = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(withToken.status).toBe(200)
    } finally {
      await open.close()
      await guarded.close()
    }
  })
})

describe('a busy database', () => {
  it('shows the queues as not collected when the database does not answer in time, instead of stale figures', async () => {
    // A database whose every unit of work waits (all connections taken, a lock held).
    const stuck: OpenDatabase = {
      db: server.database.db,
      kind: 'postgres',
      transaction: () => new Promise(() => undefined),
      ping: async () => false,
      pool: () => ({ max: 10, total: 10, idle: 0, waiting: 7 }),
      observe: () => () => undefined,
      close: async () => undefined,
    }
    const metrics = createServerMetrics({ collectTimeoutMs: 50 })
    metrics.watchDatabase(stuck)
    const text = await metrics.render()
    expect(sample(text, 'vereinsportal_db_pool_waiting')).toBe(7)
    expect(sample(text, 'vereinsportal_queue_figures_collected')).toBe(0)
    expect(sample(text, 'vereinsportal_mail_outbox_pending')).toBeNaN()
    expect(sample(text, 'vereinsportal_uploads_staged_oldest_age_seconds')).toBeNaN()
  })
})
