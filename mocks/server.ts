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
 *   --host <name>                      default 127.0.0.1
 *   --strict                           check every answer against the contract; a violation becomes a 500
 *   --firebase-emulator-project <id>   also accept Firebase Auth emulator tokens of this project
 *   --quiet                            no request log
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseArgs } from 'node:util'
import { getResponse } from 'msw'
import { contractOperations } from '../openapi/contract.ts'
import { createMockBackend } from './backend.ts'
import type { MockBackend } from './backend.ts'
import type { DbState } from './db/types.ts'
import { completeOnboarding, onboardingLinkInfo, readProviderSubmission } from '../domain/onboarding.ts'
import { PROVIDER_PAGE_PATH } from './provider/paths.ts'
import { createHandlers } from './handlers/all-handlers.ts'
import { createResponseCheck } from './handlers/response-check.ts'
import { providerPageHtml } from './provider/provider-html.ts'

export interface MockServerOptions {
  port?: number
  host?: string
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

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const corsHeaders = (request: IncomingMessage): Record<string, string> => ({
  // Any page may call the mock (the app on another port, Swagger UI, Postman in a browser).
  'Access-Control-Allow-Origin': request.headers.origin ?? '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Accept',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Location',
  'Access-Control-Max-Age': '600',
  Vary: 'Origin',
})

const send = (response: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer) => {
  response.writeHead(status, headers)
  response.end(body)
}

export const startMockServer = async (options: MockServerOptions = {}): Promise<RunningMockServer> => {
  const log = options.log ?? (() => undefined)
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

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now()
    const origin = `http://${request.headers.host ?? `localhost`}`
    const url = new URL(request.url ?? '/', origin)
    const cors = corsHeaders(request)
    try {
      if (request.method === 'OPTIONS') return send(response, 204, cors)

      // The simulated provider's hosted onboarding as a plain HTML page with forms.
      if (url.pathname === PROVIDER_PAGE_PATH) {
        if (request.method === 'POST') {
          const form = new URLSearchParams((await readBody(request)).toString('utf8'))
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

      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request)
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
      console.error('[mock server]', error)
      send(response, 500, { ...cors, 'Content-Type': 'application/json' }, JSON.stringify({ error: 'INTERNAL' }))
    } finally {
      log(
        `${request.method} ${url.pathname}${url.search} → ${response.statusCode} (${(performance.now() - started).toFixed(1)} ms)`,
      )
    }
  }

  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
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
      strict: { type: 'boolean', default: false },
      'firebase-emulator-project': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  })
  const running = await startMockServer({
    port: Number(values.port),
    host: values.host,
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
