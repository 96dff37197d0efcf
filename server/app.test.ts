/**
 * What the server's edge does itself, seen as a client sees it: limits, media types, time limits,
 * request ids, CORS, health and readiness, failures inside a request, and a shutdown that lets running
 * requests finish. The domain's rules are tested by domain/*.test.ts on every store.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DomainBackend } from '#domain/backend.ts'
import type { ApiResponse } from '#domain/operation.ts'
import { buildEdgeApp } from './testing/test-app.ts'

const apps: FastifyInstance[] = []

interface FakeOptions {
  execute?: DomainBackend['execute']
  ready?: boolean
  requestTimeoutMs?: number
  bodyLimit?: number
}

/** The server's edge over a stand-in backend: the edge alone decides what these tests look at. */
const serverWith = async (options: FakeOptions = {}) => {
  const app = await buildEdgeApp(
    {
      ready: async () => options.ready ?? true,
      ...(options.execute ? { domain: { execute: options.execute } } : {}),
    },
    {
      bodyLimit: options.bodyLimit ?? 1024,
      requestTimeoutMs: options.requestTimeoutMs ?? 2_000,
      corsOrigins: ['https://portal.vereinsportal.at'],
    },
  )
  apps.push(app)
  return app
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

const problemOf = (body: string) =>
  JSON.parse(body) as { type: string; status: number; title: string; instance: string }

describe('the server edge', () => {
  it('refuses a body above the limit with 413 before reading it', async () => {
    let called = false
    const app = await serverWith({ bodyLimit: 1024, execute: async () => ((called = true), { status: 201, body: {} }) })
    const answer = await app.inject({
      method: 'POST',
      url: '/api/backend/v1/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(5000) }),
    })
    expect(answer.statusCode).toBe(413)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expect(problemOf(answer.body)).toMatchObject({
      type: 'https://vereinsportal.at/problems/payload-too-large',
      title: 'Content Too Large',
      instance: '/api/backend/v1/users',
    })
    expect(called).toBe(false)
  })

  it('accepts only JSON bodies on JSON operations (415 otherwise), also the provider form type', async () => {
    const app = await serverWith()
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/backend/v1/club',
        headers: { 'content-type': contentType },
        payload: 'a=b',
      })
      expect(answer.statusCode, contentType).toBe(415)
      expect(problemOf(answer.body).type).toBe('https://vereinsportal.at/problems/unsupported-media-type')
    }
  })

  it('passes a malformed JSON body to the domain (which answers 401 before 400, as the mocked backend does)', async () => {
    let seen: unknown = 'nothing'
    const app = await serverWith({
      execute: async (_id, request) => ((seen = request.body), { status: 400, body: {} }),
    })
    await app.inject({
      method: 'PUT',
      url: '/api/backend/v1/club',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    })
    expect(typeof seen).toBe('symbol')
  })

  it('turns a failure inside a request into a 500 problem, and keeps serving', async () => {
    const app = await serverWith({
      execute: async (id) => {
        if (id === 'getUsers') throw new Error('boom')
        return { status: 200, body: [] }
      },
    })
    const failed = await app.inject({ method: 'GET', url: '/api/backend/v1/users' })
    expect(failed.statusCode).toBe(500)
    expect(problemOf(failed.body)).toMatchObject({ type: 'https://vereinsportal.at/problems/internal', status: 500 })
    expect(failed.body).not.toContain('boom')
    expect((await app.inject({ method: 'GET', url: '/api/backend/v1/country' })).statusCode).toBe(200)
  })

  it('routes every operation of the contract and answers unknown paths with a 404 problem', async () => {
    const seen: string[] = []
    const app = await serverWith({ execute: async (id) => (seen.push(id), { status: 204 }) })
    expect((await app.inject({ method: 'PUT', url: '/api/backend/v1/club/inactive/club-1' })).statusCode).toBe(204)
    expect((await app.inject({ method: 'GET', url: '/api/backend/v1/club/club-1/getUsers' })).statusCode).toBe(204)
    expect(seen).toEqual(['deactivateClub', 'getClubUsers'])
    const unknown = await app.inject({ method: 'GET', url: '/api/backend/v1/no/such/thing' })
    expect(unknown.statusCode).toBe(404)
    expect(problemOf(unknown.body).type).toBe('https://vereinsportal.at/problems/not-found')
  })

  it('gives every answer a request id, taking a well-formed one from the client', async () => {
    const app = await serverWith()
    const own = await app.inject({
      method: 'GET',
      url: '/api/backend/v1/country',
      headers: { 'x-request-id': 'trace-42' },
    })
    expect(own.headers['x-request-id']).toBe('trace-42')
    const made = await app.inject({
      method: 'GET',
      url: '/api/backend/v1/country',
      headers: { 'x-request-id': 'no spaces allowed' },
    })
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('allows the portal’s own origins in the browser, never a reflected foreign one', async () => {
    const app = await serverWith()
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/backend/v1/users',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
    expect((await preflight('https://portal.vereinsportal.at')).headers['access-control-allow-origin']).toBe(
      'https://portal.vereinsportal.at',
    )
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
  })

  it('reports liveness and readiness outside the API', async () => {
    expect((await (await serverWith()).inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    expect((await (await serverWith({ ready: true })).inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    const down = await (await serverWith({ ready: false })).inject({ method: 'GET', url: '/readyz' })
    expect(down.statusCode).toBe(503)
  })

  it('lets running requests finish on shutdown, and takes no new ones', async () => {
    let release: () => void = () => undefined
    let entered: () => void = () => undefined
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const app = await serverWith({
      execute: (id) =>
        id === 'getUsers'
          ? new Promise<ApiResponse>((done) => {
              entered()
              release = () => done({ status: 200, body: ['finished'] })
            })
          : Promise.resolve({ status: 200, body: [] }),
    })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const running = fetch(`${base}/api/backend/v1/users`)
    await inside
    const closing = app.close()
    release()
    const answer = await running
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual(['finished'])
    await closing
    await expect(fetch(`${base}/api/backend/v1/country`)).rejects.toThrow()
  })
})
