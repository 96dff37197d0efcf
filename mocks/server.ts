/**
 * `npm run mock:server`: the mocked backend as a standalone HTTP server, for curl, Postman, Prism and the
 * contract tests. Same handlers, domain and store as in the browser and in Vitest (MSW's `getResponse`
 * runs the handler list on each incoming request).
 *
 * Runs on plain Node 24 (`node mocks/server.ts`): Node strips the types, so this file and everything it
 * loads use only erasable TypeScript and import relative paths with their `.ts` extension (no `@/` or
 * `@mocks/` aliases, no loader, no build step).
 *
 *   --port <n>                         default 4010 (0 picks a free one; the port is printed)
 *   --host <name>                      default 127.0.0.1: only this machine can connect. Any other address
 *                                      (`0.0.0.0`, a LAN address) prints a warning on stderr: the control
 *                                      plane (`/__mock/*`: mailbox, reset, faults) has no credentials
 *   --allow-origin <origin>            repeatable: a page origin besides the local ones that may call the
 *                                      server from a browser (a demo's app, e.g. https://demo.example.at)
 *   --strict                           check every answer against the contract; a violation becomes a 500
 *   --firebase-emulator-project <id>   also accept Firebase Auth emulator tokens of this project
 *   --quiet                            no request log
 *
 * Safe to leave running (issue 13, docs/decisions/0022-mock-server-safe-by-default.md):
 * - browsers: a request with an `Origin` header is answered only for local pages (http(s)://localhost,
 *   127.0.0.1 or [::1], any port), the `--allow-origin` ones and the server's own pages (the provider
 *   page's form); only these get CORS headers. Any other origin gets 403 problem+json without CORS headers,
 *   for preflights and for simple requests alike (so a foreign page cannot reset or fault the mock either).
 *   Bound to loopback, the `Host` must be a local name or an allowed origin's (DNS rebinding: 403).
 *   Requests without `Origin` (curl, Postman, Prism, tests) are not affected;
 * - bodies are limited before they are read: `Content-Length` above the limit is refused at once, a body
 *   without one is counted while it arrives and reading stops as soon as it passes the limit (413
 *   problem+json, the connection closes). The limits are the real server's: `JSON_BODY_LIMIT_BYTES`
 *   (1 MiB) for JSON, the control plane and the provider form, `MAX_UPLOAD_BYTES` (10 MiB, the largest
 *   place's) for `uploadFile`, whose own place's limit the domain applies;
 * - a JSON operation's body of another `Content-Type` gets 415 (mocks/handlers/api-route.ts, in every
 *   mocked backend).
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseArgs } from 'node:util'
import { getResponse } from 'msw'
import { contractOperations } from '#openapi/contract.ts'
import { createMockBackend } from './backend.ts'
import type { MockBackend } from './backend.ts'
import type { DbState } from './db/types.ts'
import { completeOnboarding, onboardingLinkInfo, readProviderSubmission } from '#domain/onboarding.ts'
import { PROVIDER_PAGE_PATH } from '#adapters/simulated-card-provider/paths.ts'
import { createHandlers } from './handlers/all-handlers.ts'
import { createResponseCheck } from './handlers/response-check.ts'
import { API_PREFIX, JSON_BODY_LIMIT_BYTES } from './handlers/api-route.ts'
import { providerPageHtml } from '#adapters/simulated-card-provider/provider-html.ts'
import { MAX_UPLOAD_BYTES } from '#domain/files.ts'
import { problemResponse } from '#domain/operation.ts'
import type { ApiResponse } from '#domain/operation.ts'
import { problem } from '#domain/problem.ts'

export interface MockServerOptions {
  port?: number
  host?: string
  /** Page origins besides the local ones that may call the server from a browser (`--allow-origin`). */
  allowOrigins?: readonly string[]
  /** Where the warning about a server reachable from other machines goes; default stderr. */
  warn?: (message: string) => void
  strict?: boolean
  firebaseEmulatorProject?: string | null
  log?: (line: string) => void
  /** A state to serve instead of the seed (benchmarks on larger data). */
  initialState?: DbState
}

export interface RunningMockServer {
  readonly url: string
  readonly backend: MockBackend
  close(): Promise<void>
}

/** The statuses each operation declares, for `--strict`. */
const declaredStatuses = (): Map<string, Set<number>> =>
  new Map(contractOperations().map((operation) => [operation.operationId, new Set(operation.statuses)]))

/** Whether only this machine can reach a server bound to `host` (127.0.0.0/8, ::1, localhost). */
export const isLoopbackHost = (host: string): boolean => {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
}

/** What the server prints on stderr when bound to `host`: null for loopback, else why that is risky. */
export const exposureWarning = (host: string): string | null =>
  isLoopbackHost(host)
    ? null
    : [
        `WARNING: mock:server listens on ${host}, so other machines can reach it, not only this one.`,
        '  Its control plane (/__mock/*: the mailbox with every verification and password-reset mail,',
        '  reset, faults, settings, sign-in) needs no credentials: everyone who can reach this port can read',
        '  the mails, take over the demo accounts (admin@demo.at too) and change or wipe the data.',
        '  Use it only on a network you trust. Without --host it listens on 127.0.0.1 only.',
      ].join('\n')

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** A page of this machine: http(s)://localhost, 127.0.0.1 or [::1], any port (an `Origin` header's value). */
export const isLocalOrigin = (origin: string): boolean => {
  const url = parseUrl(origin)
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOCAL_HOSTNAMES.has(url.hostname) &&
    url.origin === origin
  )
}

/** `--allow-origin`'s value as browsers send it in `Origin` (scheme, host, port); throws on anything else. */
export const normalizeOrigin = (value: string): string => {
  const url = parseUrl(value.trim())
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new Error(`--allow-origin takes an origin like https://demo.example.at, not '${value}'.`)
  return url.origin
}

const hostnameOf = (hostHeader: string): string => parseUrl(`http://${hostHeader}`)?.hostname ?? ''

class BodyAbortedError extends Error {}

/**
 * The body, counted while it arrives: null as soon as it passes `limit`, and no further byte is read (the
 * request stays paused; the 413 closes the connection).
 */
const readBody = (request: IncomingMessage, limit: number): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onError)
      request.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stop()
        request.pause()
        chunks.length = 0
        resolve(null)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(new BodyAbortedError('The client went away while sending the body.'))
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onError)
    request.on('close', onClose)
  })

/** The bytes a request's body may have: an upload's largest place for `uploadFile`, else JSON's. */
export const bodyLimitFor = (method: string | undefined, pathname: string): number =>
  method === 'PUT' && pathname.replace(/\/+$/, '') === `${API_PREFIX}/storage/blob`
    ? MAX_UPLOAD_BYTES
    : JSON_BODY_LIMIT_BYTES

/** CORS headers for an allowed `Origin` (none without one). */
const corsHeaders = (request: IncomingMessage, origin: string | undefined): Record<string, string> =>
  origin === undefined
    ? { Vary: 'Origin' }
    : {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Accept',
        'Access-Control-Expose-Headers': 'WWW-Authenticate, Location',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      }

const send = (response: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer) => {
  response.writeHead(status, headers)
  response.end(body)
}

/** A problem (RFC 9457) as the mocked backend answers it everywhere (domain/problem.ts). */
const sendProblem = (response: ServerResponse, answer: ApiResponse, headers: Record<string, string>) =>
  send(response, answer.status, { ...headers, ...answer.headers }, JSON.stringify(answer.body))

export const startMockServer = async (options: MockServerOptions = {}): Promise<RunningMockServer> => {
  const log = options.log ?? (() => undefined)
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHost(host)
  const allowedOrigins = new Set((options.allowOrigins ?? []).map(normalizeOrigin))
  const allowedHostnames = new Set([
    ...LOCAL_HOSTNAMES,
    ...[...allowedOrigins].map((origin) => new URL(origin).hostname),
  ])
  const backend = createMockBackend({ initialState: options.initialState })
  if (options.firebaseEmulatorProject) {
    await backend.store.transactAsync(async (tx) =>
      tx.setSingleton('settings', { firebaseEmulatorProject: options.firebaseEmulatorProject ?? null }),
    )
  }
  const handlers = createHandlers(backend, {
    checkResponse: options.strict
      ? createResponseCheck(declaredStatuses(), (message) => console.error(message))
      : undefined,
  })

  const server = createServer((request, response) => void handle(request, response))

  /** A local page, an `--allow-origin` one, or a page this server served itself (the provider page). */
  const originAllowed = (origin: string, hostHeader: string | undefined): boolean =>
    isLocalOrigin(origin) ||
    allowedOrigins.has(origin) ||
    (hostHeader !== undefined && origin === `http://${hostHeader}`)

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now()
    const hostHeader = request.headers.host
    const origin = `http://${hostHeader ?? `localhost`}`
    const url = new URL(request.url ?? '/', origin)
    const pageOrigin = request.headers.origin
    const allowedOrigin = pageOrigin !== undefined && originAllowed(pageOrigin, hostHeader) ? pageOrigin : undefined
    const cors = corsHeaders(request, allowedOrigin)
    try {
      // DNS rebinding: a foreign name resolving to 127.0.0.1 would make a foreign page "same-origin".
      if (loopbackOnly && hostHeader !== undefined && !allowedHostnames.has(hostnameOf(hostHeader))) {
        return sendProblem(
          response,
          problemResponse(
            problem('forbidden', `This server does not answer for the host '${hostHeader}'.`),
            url.pathname,
          ),
          { Vary: 'Origin' },
        )
      }
      // A page of another origin: refused before anything runs (a preflight, and also a simple request,
      // which browsers send without asking: a form posting to /__mock/reset).
      if (pageOrigin !== undefined && allowedOrigin === undefined) {
        return sendProblem(
          response,
          problemResponse(
            problem(
              'forbidden',
              `Pages of ${pageOrigin} may not call this mock server; start it with --allow-origin ${pageOrigin} to allow them.`,
            ),
            url.pathname,
          ),
          { Vary: 'Origin' },
        )
      }
      if (request.method === 'OPTIONS')
        return send(response, 204, { ...cors, Allow: 'GET, POST, PUT, DELETE, OPTIONS' })

      // Bodies are limited before they are read: a declared length at once, else while the bytes arrive.
      const limit = bodyLimitFor(request.method, url.pathname)
      const tooLarge = () =>
        sendProblem(
          response,
          problemResponse(problem('payload-too-large', `The body is larger than ${limit} bytes.`), url.pathname),
          { ...cors, Connection: 'close' },
        )
      const declared = Number(request.headers['content-length'] ?? Number.NaN)
      if (Number.isFinite(declared) && declared > limit) return tooLarge()
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request, limit)
      if (body === null) return tooLarge()

      // The simulated provider's hosted onboarding as a plain HTML page with forms.
      if (url.pathname === PROVIDER_PAGE_PATH) {
        if (request.method === 'POST') {
          const form = new URLSearchParams((body ?? Buffer.alloc(0)).toString('utf8'))
          const submission = readProviderSubmission({ link: form.get('link'), outcome: form.get('outcome') })
          if (!submission) {
            return send(
              response,
              400,
              { ...cors, 'Content-Type': 'application/json' },
              JSON.stringify({ error: 'INVALID_REQUEST' }),
            )
          }
          const answer = await backend.transact((ports) =>
            completeOnboarding(ports, backend.now(), submission.link, submission.outcome),
          )
          return answer
            ? send(response, 303, { ...cors, Location: answer.redirectTo })
            : send(
                response,
                404,
                { ...cors, 'Content-Type': 'application/json' },
                JSON.stringify({ error: 'UNKNOWN_LINK' }),
              )
        }
        const linkId = url.searchParams.get('link') ?? ''
        const info = await backend.transact((ports) => onboardingLinkInfo(ports, backend.now(), linkId))
        return send(
          response,
          info ? 200 : 404,
          { ...cors, 'Content-Type': 'text/html; charset=utf-8' },
          providerPageHtml(info, linkId),
        )
      }

      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value)
        else if (Array.isArray(value)) headers.set(name, value.join(', '))
      }
      const fetchRequest = new Request(url, {
        method: request.method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      })
      const answer = await getResponse(handlers, fetchRequest)
      if (!answer) {
        return send(
          response,
          404,
          { ...cors, 'Content-Type': 'application/json' },
          JSON.stringify({ error: 'NOT_FOUND', message: `Nothing answers ${request.method} ${url.pathname}.` }),
        )
      }
      const answerHeaders: Record<string, string> = { ...cors }
      answer.headers.forEach((value, name) => {
        answerHeaders[name] = value
      })
      send(response, answer.status, answerHeaders, Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      // The client went away mid-body: nobody to answer.
      if (error instanceof BodyAbortedError) return
      console.error('[mock server]', error)
      send(response, 500, { ...cors, 'Content-Type': 'application/json' }, JSON.stringify({ error: 'INTERNAL' }))
    } finally {
      log(
        `${request.method} ${url.pathname}${url.search} → ${response.statusCode} (${(performance.now() - started).toFixed(1)} ms)`,
      )
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const warning = exposureWarning(host)
  if (warning) (options.warn ?? ((message: string) => console.error(message)))(warning)
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${port}`,
    backend,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href

if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.MOCK_SERVER_PORT ?? '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      strict: { type: 'boolean', default: false },
      'firebase-emulator-project': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  })
  let allowOrigins: string[] = []
  try {
    allowOrigins = values['allow-origin'].map(normalizeOrigin)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const running = await startMockServer({
    port: Number(values.port),
    host: values.host,
    allowOrigins,
    strict: values.strict,
    firebaseEmulatorProject: values['firebase-emulator-project'] ?? null,
    log: values.quiet ? undefined : (line) => console.log(line),
  })
  console.log(
    `Mock backend listening on ${running.url} (API under ${running.url}/api/backend/v1, control plane under ${running.url}/__mock)${values.strict ? ' [strict]' : ''}`,
  )
  const stop = () => void running.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
