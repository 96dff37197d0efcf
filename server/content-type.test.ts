/**
 * The server's answer to a body that is not JSON on a JSON operation (415) and to one above the limit (413):
 * problem+json as every other failure (Fastify's own FST_ERR_CTP_* answers are not), and the same answer
 * the mocked backend gives (mocks/handlers/api-route.ts), so a client sees one behaviour everywhere.
 */
import { getResponse } from 'msw'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { ApiResponse } from '#domain/operation.ts'
import { JSON_BODY_LIMIT_BYTES } from '#domain/request-body.ts'
import { createMockBackend } from '#mocks/backend.ts'
import { createHandlers } from '#mocks/handlers/all-handlers.ts'
import { readConfig } from './config.ts'
import { buildEdgeApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const calls: string[] = []
let app: FastifyInstance

/** The server's edge over a stand-in backend that records which operations ran. */
const buildServer = () =>
  buildEdgeApp(
    {
      domain: {
        execute: async (operationId): Promise<ApiResponse> => (calls.push(operationId), { status: 200, body: {} }),
      },
    },
    { bodyLimit: readConfig([], {}).bodyLimit },
  )

afterAll(async () => {
  await app?.close()
})

interface Seen {
  status: number
  mediaType: string
  problem: Record<string, unknown>
}

const mediaType = (value: string | null | undefined) => (value ?? '').split(';')[0]?.trim() ?? ''

const fromServer = async (
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  type: string | undefined,
  payload: string,
): Promise<Seen> => {
  app ??= await buildServer()
  const answer = await app.inject({
    method,
    url: `${API}${path}`,
    headers: type ? { 'content-type': type } : {},
    payload,
  })
  return {
    status: answer.statusCode,
    mediaType: mediaType(answer.headers['content-type']),
    problem: JSON.parse(answer.body) as Record<string, unknown>,
  }
}

const mockHandlers = createHandlers(createMockBackend())
const fromMock = async (method: string, path: string, type: string | undefined, payload: string): Promise<Seen> => {
  const answer = await getResponse(
    mockHandlers,
    new Request(`http://localhost:3000${API}${path}`, {
      method,
      headers: type ? { 'Content-Type': type } : {},
      body: new TextEncoder().encode(payload),
    }),
  )
  if (!answer) throw new Error(`the mocked backend does not answer ${method} ${path}`)
  return {
    status: answer.status,
    mediaType: mediaType(answer.headers.get('content-type')),
    problem: (await answer.json()) as Record<string, unknown>,
  }
}

const NOT_JSON = [
  ['PUT', '/club', 'text/plain', '{"name":"Verein"}'],
  ['PUT', '/club', 'text/plain;charset=UTF-8', '{"name":"Verein"}'],
  ['POST', '/clubtypes', 'application/x-www-form-urlencoded', 'name=Verein'],
  ['POST', '/users', 'multipart/form-data; boundary=x', '--x--'],
  ['PUT', '/club', 'application/xml', '<club/>'],
  ['POST', '/clubtypes', undefined, '{"name":"Verein"}'],
  // An operation without a body of its own.
  ['POST', '/payment/createaccount/club-x', 'text/plain', 'x'],
] as const

describe('bodies that are not JSON on JSON operations', () => {
  it('get 415 problem+json (unsupported-media-type), and the operation does not run', async () => {
    for (const [method, path, type, payload] of NOT_JSON) {
      calls.length = 0
      const seen = await fromServer(method, path, type, payload)
      expect(seen.status, `${method} ${path} ${type}`).toBe(415)
      expect(seen.mediaType).toBe('application/problem+json')
      expect(seen.problem).toMatchObject({
        type: 'https://vereinsportal.at/problems/unsupported-media-type',
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'The body must be application/json.',
        instance: `${API}${path}`,
      })
      expect(calls).toEqual([])
    }
  })

  it('are answered exactly as the mocked backend answers them', async () => {
    for (const [method, path, type, payload] of NOT_JSON)
      expect(await fromMock(method, path, type, payload), `${method} ${path} ${type}`).toEqual(
        await fromServer(method, path, type, payload),
      )
  })

  it('while JSON, with parameters or in any case, reaches the operation', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/problem+json',
    ]) {
      calls.length = 0
      expect((await fromServer('PUT', '/club', type, '{}')).status, type).toBe(200)
      expect(calls).toEqual(['updateClub'])
    }
  })
})

describe('bodies above the limit', () => {
  it('have the same limit in the server and the mocked backend (1 MiB of JSON)', () => {
    expect(readConfig([], {}).bodyLimit).toBe(JSON_BODY_LIMIT_BYTES)
  })

  it('get 413 problem+json (payload-too-large) from both, alike', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) })
    calls.length = 0
    const server = await fromServer('POST', '/clubtypes', 'application/json', big)
    expect(server.status).toBe(413)
    expect(server.mediaType).toBe('application/problem+json')
    expect(server.problem).toMatchObject({ type: 'https://vereinsportal.at/problems/payload-too-large', status: 413 })
    expect(calls).toEqual([])
    expect(await fromMock('POST', '/clubtypes', 'application/json', big)).toEqual(server)
  })
})
