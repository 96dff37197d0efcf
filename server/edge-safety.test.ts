/**
 * The edge's safety over real sockets, tested once for every server built on it (the real server and
 * mock:server): bodies limited before they are read (413 at once for a declared length, while arriving for
 * a chunked body, and the connection closed), and the local-only policy of a development server (pages of
 * this machine and the allowed origins only, the `Host` checked while bound to loopback).
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiResponse } from '#domain/operation.ts'
import { JSON_BODY_LIMIT_BYTES } from '#domain/request-body.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import { diskUploads } from './files/disk-uploads.ts'
import { temporaryDiskFiles } from './files/temporary.ts'
import { isLocalOrigin, localOriginAllowed, normalizeOrigin } from './origin-policy.ts'
import type { LocalOnlyPolicy } from './origin-policy.ts'
import { buildEdgeApp } from './testing/test-app.ts'

const API = '/api/backend/v1'
const DEMO_ORIGIN = 'https://demo.example.at'
const UPLOAD_LIMIT = 10 * 1024 * 1024

/** Operations that ran, with the bytes of an upload. */
const ran: Array<{ operationId: OperationId; size?: number }> = []
let app: FastifyInstance
let port: number

beforeAll(async () => {
  const policy: LocalOnlyPolicy = { allowOrigins: [normalizeOrigin(`${DEMO_ORIGIN}/`)], loopbackOnly: true }
  app = await buildEdgeApp(
    {
      domain: {
        execute: async (operationId, request, options): Promise<ApiResponse> => {
          if (options?.preflight) return { status: 200, body: { maxBytes: UPLOAD_LIMIT } }
          ran.push({ operationId, size: (request.body as { size?: number } | undefined)?.size })
          return { status: 200, body: [] }
        },
      },
      uploads: diskUploads(temporaryDiskFiles()),
    },
    { corsOrigins: localOriginAllowed(policy), localOnly: policy },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as { port: number }).port
})

afterAll(async () => {
  await app.close()
})

const url = (path: string) => `http://127.0.0.1:${port}${path}`
const problemType = (kind: string) => `https://vereinsportal.at/problems/${kind}`

interface RawAnswer {
  /** Everything the server sent, headers and body. */
  text: string
  /** Body bytes the client had written when the first byte of the answer arrived. */
  sentBeforeAnswer: number
  /** Whether the client got to write its whole body. */
  finishedSending: boolean
}

/**
 * A request over a bare socket: `head` (request line and headers), then `chunks` body pieces written one
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

describe('request bodies are limited before they are read', () => {
  it('answers 413 to a Content-Length above the limit at once, before the body and before the operation, and closes', async () => {
    ran.length = 0
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
    expect(ran).toEqual([])
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

  it('still takes a body within the limit: an upload of 2 MB reaches the operation whole', async () => {
    ran.length = 0
    const answer = await fetch(url(`${API}/storage/blob?path=x`), {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(2 * 1024 * 1024),
    })
    expect(answer.status).toBe(200)
    expect(ran).toEqual([{ operationId: 'uploadFile', size: 2 * 1024 * 1024 }])
  })
})

describe('the local-only policy (mock:server)', () => {
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
      const preflight = await fetch(url(`${API}/users/me`), {
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
      const answer = await fetch(url(`${API}/country`), { headers: { Origin: origin } })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('refuses preflights and requests of other pages with 403 and no CORS headers, before anything runs', async () => {
    ran.length = 0
    const origin = 'https://evil.example'
    const preflight = await fetch(url(`${API}/users/me`), {
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
    // Browsers send some requests without asking first (a form's POST): a foreign page changes nothing.
    const deactivate = await fetch(url(`${API}/club/inactive/club-1`), {
      method: 'PUT',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Von einer fremden Seite deaktiviert.' }),
    })
    expect(deactivate.status).toBe(403)
    expect(deactivate.headers.get('access-control-allow-origin')).toBeNull()
    expect(ran).toEqual([])
  })

  it('lets the allowed origins in, and answers callers without Origin (curl, tests) without CORS headers', async () => {
    const preflight = await fetch(url(`${API}/country`), {
      method: 'OPTIONS',
      headers: { Origin: DEMO_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DEMO_ORIGIN)
    const plain = await fetch(url(`${API}/country`))
    expect(plain.status).toBe(200)
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets the server’s own pages post to it (the provider page’s form)', async () => {
    const own = await fetch(url(`${API}/country`), { headers: { Origin: `http://127.0.0.1:${port}` } })
    expect(own.status).toBe(200)
  })

  it('answers only for local host names while bound to loopback (DNS rebinding)', async () => {
    const rebound = await requestWithHost(`${API}/country`, `evil.example:${port}`)
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body)).toMatchObject({ type: problemType('forbidden'), status: 403 })
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'demo.example.at'])
      expect((await requestWithHost(`${API}/country`, host)).status, host).toBe(200)
  })
})
