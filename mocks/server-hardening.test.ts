// @vitest-environment node
/**
 * `npm run mock:server` safe to leave running (issue 13): the warning when bound beyond loopback, CORS and
 * requests only for local pages (and `--allow-origin`), bodies limited before they are read (413), and
 * non-JSON bodies on JSON operations refused (415) in every mocked backend.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { contractOperations, readContract } from './contract.ts'
import { API_ROUTES, createHandlers } from './handlers/all-handlers.ts'
import { JSON_BODY_LIMIT_BYTES } from './handlers/api-route.ts'
import { server as interceptor } from './node.ts'
import { bodyLimitFor, exposureWarning, isLocalOrigin, normalizeOrigin, startMockServer } from './server.ts'
import type { RunningMockServer } from './server.ts'
import { MAX_UPLOAD_BYTES } from '#domain/files.ts'

const API = '/api/backend/v1'
const DEMO_ORIGIN = 'https://demo.example.at'

let running: RunningMockServer
let port: number
const warnings: string[] = []

// These requests must reach the real HTTP server, not the in-process interception the other tests use.
beforeAll(async () => {
  interceptor.close()
  running = await startMockServer({
    port: 0,
    allowOrigins: [`${DEMO_ORIGIN}/`],
    warn: (message) => warnings.push(message),
  })
  port = Number(new URL(running.url).port)
})
afterAll(async () => {
  await running.close()
  interceptor.listen()
})

interface RawAnswer {
  /** Everything the server sent, headers and body. */
  text: string
  /** Body bytes the client had written when the first byte of the answer arrived. */
  sentBeforeAnswer: number
  /** Whether the client got to write its whole body. */
  finishedSending: boolean
}

/**
 * A request over a bare socket: `head` (request line and headers), then `chunks()` body pieces written one
 * after the other (waiting for the socket to drain) until the server answers or closes the connection.
 */
const rawRequest = (head: string, chunk: Buffer, chunks: number, chunked: boolean): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let sent = 0
    let sentBeforeAnswer = -1
    let finishedSending = false
    let closed = false
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer, or the connection stayed open: ${text.slice(0, 200)}`))
    }, 10_000)
    socket.on('data', (data) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent
      text += data.toString('latin1')
    })
    const done = () => {
      if (closed) return
      closed = true
      clearTimeout(timer)
      resolve({ text, sentBeforeAnswer, finishedSending })
    }
    socket.on('close', done)
    // The server may reset the connection while the body is still coming: what it answered is in `text`.
    socket.on('error', () => done())
    socket.write(head)
    const writeNext = (remaining: number) => {
      if (closed || socket.destroyed || sentBeforeAnswer >= 0) return
      if (remaining === 0) {
        if (chunked) socket.write('0\r\n\r\n')
        finishedSending = true
        return
      }
      const piece = chunked
        ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
        : chunk
      sent += chunk.length
      if (socket.write(piece)) setImmediate(() => writeNext(remaining - 1))
      else socket.once('drain', () => writeNext(remaining - 1))
    }
    writeNext(chunks)
  })

/** A request with any `Host` header (fetch does not let a caller set it). */
const requestWithHost = (path: string, host: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: host } }, (answer) => {
      let body = ''
      answer.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }))
    })
    outgoing.on('error', reject)
    outgoing.end()
  })

const problemType = (kind: string) => `https://vereinsportal.at/problems/${kind}`

describe('the address it listens on', () => {
  it('warns when bound beyond loopback that the control plane is open, and stays quiet on loopback', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1'])
      expect(exposureWarning(host), host).toBeNull()
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'demo.example.at']) {
      const warning = exposureWarning(host)
      expect(warning, host).toContain(host)
      expect(warning).toContain('/__mock/')
      expect(warning).toMatch(/mailbox/)
      expect(warning).toMatch(/127\.0\.0\.1/)
    }
  })

  it('listens on 127.0.0.1 by default and then prints no warning', () => {
    expect(new URL(running.url).hostname).toBe('127.0.0.1')
    expect(warnings).toEqual([])
  })
})

describe('CORS and requests from pages', () => {
  it('knows the local page origins: localhost, 127.0.0.1 and [::1] on any port, http or https', () => {
    for (const origin of ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:4183', 'http://[::1]:8080'])
      expect(isLocalOrigin(origin), origin).toBe(true)
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      'http://127.0.0.2:5173',
      'null',
      'file://',
      'http://localhost:5173/path',
      'ftp://localhost',
    ])
      expect(isLocalOrigin(origin), origin).toBe(false)
    expect(normalizeOrigin('https://demo.example.at/')).toBe(DEMO_ORIGIN)
    expect(() => normalizeOrigin('demo.example.at')).toThrow(/--allow-origin/)
  })

  it('answers preflights and requests of local pages with CORS headers for that origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://[::1]:3000', 'https://127.0.0.1:8443']) {
      const preflight = await fetch(`${running.url}${API}/users/me`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      })
      expect(preflight.status, origin).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
      const answer = await fetch(`${running.url}${API}/country`, { headers: { Origin: origin } })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('refuses preflights and requests of other pages with 403 and no CORS headers, before anything runs', async () => {
    const origin = 'https://evil.example'
    const preflight = await fetch(`${running.url}${API}/users/me`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()
    expect(preflight.headers.get('content-type')).toContain('application/problem+json')
    expect(((await preflight.json()) as { type: string; detail: string }).detail).toContain('--allow-origin')

    const read = await fetch(`${running.url}/__mock/mailbox`, { headers: { Origin: origin } })
    expect(read.status).toBe(403)
    expect(read.headers.get('access-control-allow-origin')).toBeNull()

    // Browsers send some requests without asking first (a form's POST): a foreign page changes nothing.
    const reset = await fetch(`${running.url}/__mock/reset`, { method: 'POST', headers: { Origin: origin } })
    expect(reset.status).toBe(403)
    const deactivate = await fetch(`${running.url}${API}/club/inactive/${seedClubs.volume}`, {
      method: 'PUT',
      headers: {
        Origin: origin,
        Authorization: `Bearer ${running.backend.idTokenFor(seedAccounts.admin.email)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ reason: 'Von einer fremden Seite deaktiviert.' }),
    })
    expect(deactivate.status).toBe(403)
    expect(running.backend.store.state.tables.clubs.get(seedClubs.volume)?.status).toBe('ACTIVE')
  })

  it('lets the origins of --allow-origin in, and answers callers without Origin (curl, tests) without CORS headers', async () => {
    const preflight = await fetch(`${running.url}${API}/country`, {
      method: 'OPTIONS',
      headers: { Origin: DEMO_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DEMO_ORIGIN)
    const plain = await fetch(`${running.url}${API}/country`)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers only for local host names while bound to loopback (DNS rebinding)', async () => {
    const rebound = await requestWithHost(`${API}/country`, `evil.example:${port}`)
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body)).toMatchObject({ type: problemType('forbidden'), status: 403 })
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'demo.example.at'])
      expect((await requestWithHost(`${API}/country`, host)).status, host).toBe(200)
  })
})

describe('request bodies are limited before they are read', () => {
  it('takes its limits from the real server: 1 MiB of JSON, the largest upload place for uploadFile', () => {
    expect(JSON_BODY_LIMIT_BYTES).toBe(1024 * 1024)
    expect(bodyLimitFor('PUT', `${API}/club`)).toBe(JSON_BODY_LIMIT_BYTES)
    expect(bodyLimitFor('POST', '/__mock/identity/signIn')).toBe(JSON_BODY_LIMIT_BYTES)
    expect(bodyLimitFor('PUT', `${API}/storage/blob`)).toBe(MAX_UPLOAD_BYTES)
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024)
  })

  it('answers 413 to a Content-Length above the limit at once, before the body and before the sign-in check, and closes', async () => {
    for (const [path, type] of [
      [`${API}/club`, 'application/json'],
      [`${API}/storage/blob?path=x`, 'image/jpeg'],
    ] as const) {
      // 100 MB promised, 64 KiB sent: the answer must not wait for the rest.
      const answer = await rawRequest(
        `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
        Buffer.alloc(64 * 1024, 0x20),
        1,
        false,
      )
      expect(answer.text, path).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer.text.toLowerCase()).toContain('connection: close')
      expect(answer.text.toLowerCase()).toContain('content-type: application/problem+json')
      expect(answer.text).toContain(problemType('payload-too-large'))
    }
  })

  it('counts a chunked body while it arrives and answers 413 while the client is still sending, then closes', async () => {
    // Up to 200 MB in 64 KiB chunks, sent only as fast as the server reads them.
    const answer = await rawRequest(
      `POST ${API}/users HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x20),
      3200,
      true,
    )
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer.text).toContain(problemType('payload-too-large'))
    expect(answer.text.toLowerCase()).toContain('connection: close')
    expect(answer.finishedSending).toBe(false)
    // The limit and what the sockets buffer on the way, not the 200 MB.
    expect(answer.sentBeforeAnswer).toBeGreaterThan(JSON_BODY_LIMIT_BYTES)
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * 1024 * 1024)
  })

  it('still takes a body within the limit: an upload of 2 MB reaches the operation (401 without a token)', async () => {
    const answer = await fetch(`${running.url}${API}/storage/blob?path=x`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(2 * 1024 * 1024),
    })
    expect(answer.status).toBe(401)
  })
})

describe('415 for a body that is not JSON on a JSON operation', () => {
  it('mock:server answers 415 problem+json to text/plain and form bodies, before the sign-in check', async () => {
    for (const [type, body] of [
      ['text/plain;charset=UTF-8', JSON.stringify({ name: 'Verein' })],
      ['application/x-www-form-urlencoded', 'name=Verein'],
    ] as const) {
      const answer = await fetch(`${running.url}${API}/club`, {
        method: 'PUT',
        headers: { 'Content-Type': type },
        body,
      })
      expect(answer.status, type).toBe(415)
      expect(answer.headers.get('content-type')).toContain('application/problem+json')
      expect(await answer.json()).toMatchObject({
        type: problemType('unsupported-media-type'),
        title: 'Unsupported Media Type',
        status: 415,
        instance: `${API}/club`,
      })
    }
    // JSON goes on to the operation, whatever its parameters' spelling.
    const json = await fetch(`${running.url}${API}/club`, {
      method: 'PUT',
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
      body: '{}',
    })
    expect(json.status).toBe(401)
  })

  describe('in the handler layer every mocked backend shares (browser, Vitest, mock:server)', () => {
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
        body: (await answer.json().catch(() => undefined)) as { type?: string } | undefined,
      }
    }

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
      expect((await send('PUT', '/storage/blob?path=x', { type: 'image/png', body: new Uint8Array(8) })).status).toBe(
        401,
      )
      expect(
        (await send('PUT', '/storage/blob?path=x', { type: 'application/pdf', body: new Uint8Array(8) })).status,
      ).toBe(401)
      expect((await send('DELETE', '/clubtypes/x', { body: new TextEncoder().encode('anything') })).status).toBe(401)
    })
  })

  it('exempts exactly the operations whose contract body is not JSON (uploads)', () => {
    const contract = readContract() as unknown as {
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody?: { $ref?: string; content?: Record<string, unknown> } }>
      >
      components: { requestBodies?: Record<string, { content?: Record<string, unknown> }> }
    }
    const bodyTypes = new Map<string, string[]>()
    for (const operations of Object.values(contract.paths))
      for (const operation of Object.values(operations)) {
        let body = operation.requestBody
        if (body?.$ref) body = contract.components.requestBodies?.[body.$ref.split('/').pop() ?? '']
        if (body) bodyTypes.set(operation.operationId, Object.keys(body.content ?? {}))
      }
    // What each route reads (`upload`: any bytes; else JSON) against what the contract says it takes.
    const routeTakes = API_ROUTES.filter((route) => bodyTypes.has(route.operationId)).map((route) => [
      route.operationId,
      route.body === 'upload' ? 'bytes' : 'json',
    ])
    const contractTakes = API_ROUTES.filter((route) => bodyTypes.has(route.operationId)).map((route) => {
      const types = bodyTypes.get(route.operationId) ?? []
      return [
        route.operationId,
        types.length === 1 && types[0] === 'application/json'
          ? 'json'
          : types.includes('application/json')
            ? 'mixed'
            : 'bytes',
      ]
    })
    expect(routeTakes).toEqual(contractTakes)
    expect(API_ROUTES.filter((route) => route.body === 'upload').map((route) => route.operationId)).toEqual([
      'uploadFile',
    ])
  })

  it('declares 413 and 415 on every operation that can take a body (POST, PUT, DELETE)', () => {
    for (const operation of contractOperations().filter((candidate) => candidate.method !== 'GET')) {
      expect(operation.statuses, operation.operationId).toContain(413)
      expect(operation.statuses, operation.operationId).toContain(415)
    }
  })
})
