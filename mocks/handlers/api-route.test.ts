/**
 * The MSW edge (browser, Vitest) reads bodies as the server's edge does (domain/request-body.ts): 415 for a
 * body that is not JSON on a JSON operation, 413 above the limit, uploads with their own types, and a
 * DELETE's body without a type ignored. server/content-type.test.ts holds the two edges to one answer.
 */
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT_BYTES } from '#domain/request-body.ts'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { createMockBackend } from '#mocks/backend.ts'
import { call, kindOf } from '#mocks/test-client.ts'
import { createHandlers } from './all-handlers.ts'

const API = '/api/backend/v1'
const problemType = (kind: string) => `https://vereinsportal.at/problems/${kind}`
const handlers = createHandlers(createMockBackend())

const send = async (method: string, path: string, init: { type?: string; body?: BodyInit } = {}) => {
  const headers = new Headers()
  if (init.type) headers.set('Content-Type', init.type)
  const answer = await getResponse(
    handlers,
    new Request(`http://localhost:3000${API}${path}`, { method, headers, body: init.body }),
  )
  if (!answer) throw new Error(`no answer for ${method} ${path}`)
  return {
    status: answer.status,
    type: answer.headers.get('content-type'),
    body: (await answer.json().catch(() => undefined)) as { type?: string; detail?: string } | undefined,
  }
}

describe('the MSW edge', () => {
  it('routes every operation of the operation table to the domain (nothing falls through to the 404)', async () => {
    for (const operationId of OPERATION_IDS) {
      const { method, path } = OPERATION_TABLE[operationId]
      const answer = await send(method, path.replace(/\{[^}]+\}/g, 'x'))
      expect(answer.body?.detail ?? '', operationId).not.toMatch(/^No operation answers/)
    }
    expect((await send('GET', '/no/such/operation')).body?.detail).toMatch(/^No operation answers/)
  })

  it('answers an unknown API path with a 404 problem instead of reaching the network', async () => {
    const result = await call('GET', '/no/such/operation', { as: seedAccounts.admin.email })
    expect(result.status).toBe(404)
    expect(kindOf(result)).toBe('not-found')
  })

  it('answers JSON with the contract’s content types', async () => {
    const ok = await call('GET', '/country')
    expect(ok.headers.get('content-type')).toContain('application/json')
    const problem = await call('GET', '/users')
    expect(problem.headers.get('content-type')).toContain('application/problem+json')
    expect(problem.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('refuses text/plain, forms, XML and a body without Content-Type with 415', async () => {
    for (const [type, body] of [
      ['text/plain', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'a=b'],
      ['application/xml', '<a/>'],
      // Bytes: a string body would get text/plain from `Request` itself.
      [undefined, new TextEncoder().encode('{"name":"x"}')],
    ] as const) {
      const answer = await send('POST', '/clubtypes', { type, body })
      expect(answer.status, String(type)).toBe(415)
      expect(answer.type).toContain('application/problem+json')
      expect(answer.body?.type).toBe(problemType('unsupported-media-type'))
    }
    // An operation without a body of its own refuses one of another type as well (as the server does).
    expect((await send('POST', '/payment/createaccount/x', { type: 'text/plain', body: 'x' })).status).toBe(415)
  })

  it('refuses a JSON body above the limit with 413, and takes JSON within it', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) })
    const tooLarge = await send('POST', '/clubtypes', { type: 'application/json', body: big })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body?.type).toBe(problemType('payload-too-large'))
    expect((await send('POST', '/clubtypes', { type: 'application/json', body: '{"name":"x"}' })).status).toBe(401)
    expect((await send('POST', '/clubtypes', { type: 'application/problem+json', body: '{}' })).status).toBe(401)
  })

  it('lets uploads through with their own types, and ignores a DELETE body without Content-Type (as the server)', async () => {
    expect((await send('PUT', '/storage/blob?path=x', { type: 'image/png', body: new Uint8Array(8) })).status).toBe(401)
    expect(
      (await send('PUT', '/storage/blob?path=x', { type: 'application/pdf', body: new Uint8Array(8) })).status,
    ).toBe(401)
    expect((await send('DELETE', '/clubtypes/x', { body: new TextEncoder().encode('anything') })).status).toBe(401)
  })
})
