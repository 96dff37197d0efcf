/**
 * A small reverse proxy (node:http) that spreads requests over several server processes in turn, as a load
 * balancer in front of a production deployment would, for the local cluster (./cluster.ts). No stickiness:
 * consecutive requests of one client land on different processes, so whatever a process keeps to itself
 * shows up as a failure.
 *
 * What it does as a well-behaved proxy: streams request and response bodies (nothing is buffered), keeps
 * the client's `Host`, appends the client's address to `X-Forwarded-For` and says `X-Forwarded-Proto: http`
 * (the servers believe them with TRUST_PROXY=127.0.0.1), drops hop-by-hop headers, and answers 502 when a
 * process cannot be reached. What it does not: TLS, retries, health checks, WebSocket upgrades.
 */
import { createServer, request as httpRequest, Agent } from 'node:http'
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http'

export interface Upstream {
  readonly host: string
  readonly port: number
}

export interface ProxyFailure {
  readonly method: string
  readonly url: string
  /** 1-based, in the order of `upstreams`. */
  readonly process: number
  readonly error: string
  /** Whether the client got a 502 (else the answer had begun and was cut off). */
  readonly answered502: boolean
}

export interface RoundRobinProxy {
  readonly url: string
  readonly port: number
  /** Requests handed to each upstream so far, in the order of `upstreams`. */
  readonly counts: readonly number[]
  /** Requests whose upstream failed (answered 502, or cut off when the answer had begun), newest last. */
  readonly failures: readonly ProxyFailure[]
  close(): Promise<void>
}

/** RFC 9110 §7.6.1: meant for one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
])

const withoutHopByHop = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value
  }
  return kept
}

export const startRoundRobinProxy = async ({
  upstreams,
  port = 0,
  host = '127.0.0.1',
}: {
  upstreams: readonly Upstream[]
  /** 0: a free port. */
  port?: number
  host?: string
}): Promise<RoundRobinProxy> => {
  if (upstreams.length === 0) throw new Error('The proxy needs at least one upstream.')
  const counts = upstreams.map(() => 0)
  let next = 0
  const failures: ProxyFailure[] = []
  // Kept-alive connections to the processes, as a production proxy keeps them.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })

  const server: Server = createServer((incoming, outgoing) => {
    const index = next
    next = (next + 1) % upstreams.length
    counts[index]! += 1
    const upstream = upstreams[index]!
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter((value) => value !== undefined && value !== '')
      .join(', ')
    const headers: OutgoingHttpHeaders = {
      ...withoutHopByHop(incoming.headers),
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto': 'http',
    }
    const forwarded = httpRequest(
      { host: upstream.host, port: upstream.port, method: incoming.method, path: incoming.url, headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers))
        answer.pipe(outgoing)
      },
    )
    let clientGone = false
    forwarded.on('error', (error) => {
      // A client that went away (a page navigating on) is not the upstream's failure.
      if (clientGone || outgoing.writableFinished) return
      failures.push({
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        process: index + 1,
        error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim(),
        answered502: !outgoing.headersSent,
      })
      if (outgoing.headersSent) {
        outgoing.destroy(error)
        return
      }
      outgoing.writeHead(502, { 'content-type': 'application/problem+json' })
      outgoing.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Bad Gateway',
          status: 502,
          detail: `process ${index + 1} (${upstream.host}:${upstream.port}): ${error.message}`,
        }),
      )
    })
    incoming.pipe(forwarded)
    // A client that goes away takes its forwarded request (and the answer on its way) with it.
    outgoing.on('close', () => {
      if (outgoing.writableFinished) return
      clientGone = true
      forwarded.destroy()
    })
  })
  // Long uploads and slow answers are the servers' to cut off (their own timeouts), not the proxy's.
  server.requestTimeout = 0
  server.headersTimeout = 60_000
  server.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    counts,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
