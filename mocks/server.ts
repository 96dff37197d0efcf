/**
 * `npm run mock:server`: the mocked backend over HTTP, for curl, Postman, Prism and the contract tests.
 * It is the server's own Fastify app (server/app.ts) over the in-memory backend the browser and Vitest
 * use, with the mocked backend's control plane (`/__mock/*`: mailbox, reset, faults, settings, the offline
 * sign-in; the same MSW handlers as in the browser) behind its edge.
 *
 *   --port <n>                         default 4010 (0 picks a free one; the port is printed)
 *   --host <name>                      default 127.0.0.1: only this machine can connect. Any other address
 *                                      (`0.0.0.0`, a LAN address) prints a warning on stderr: the control
 *                                      plane has no credentials
 *   --allow-origin <origin>            repeatable: a page origin besides the local ones that may call the
 *                                      server from a browser (a demo's app, e.g. https://demo.example.at)
 *   --strict                           check every answer against the contract; a violation becomes a 500
 *   --firebase-emulator-project <id>   also accept Firebase Auth emulator tokens of this project
 *   --quiet                            no request log
 *
 * Safe to leave running (docs/decisions/0022-mock-server-safe-by-default.md): loopback by default, pages of
 * this machine (and `--allow-origin`) only, the `Host` checked, bodies limited before they are read: the
 * edge's local-only policy (server/origin-policy.ts) and its limits, tested on the edge in server/.
 */
import { parseArgs } from 'node:util'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getResponse } from 'msw'
import { pino } from 'pino'
import { JSON_BODY_LIMIT_BYTES } from '#domain/request-body.ts'
import { isRawBody } from '#server/api-routes.ts'
import { port, readEnvironment } from '#server/env.ts'
import { buildApp } from '#server/app.ts'
import type { HttpBackend } from '#server/app.ts'
import { isLoopbackHost, localOriginAllowed, normalizeOrigin } from '#server/origin-policy.ts'
import type { LocalOnlyPolicy } from '#server/origin-policy.ts'
import { createMockBackend } from './backend.ts'
import type { MockBackend } from './backend.ts'
import { memoryUploads } from './db/memory-uploads.ts'
import type { DbState } from './db/types.ts'
import { controlHandlers } from './handlers/control.ts'
import { createResponseCheck } from './handlers/response-check.ts'

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
  readonly app: FastifyInstance
  close(): Promise<void>
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

/** `/__mock/*` answered by the mocked backend's MSW control handlers, as in the browser. */
const mswControlPlane = (backend: MockBackend) => {
  const handlers = controlHandlers(backend)
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) headers.set(name, value.join(', '))
    }
    const bytes = isRawBody(request.body) ? request.body.bytes : undefined
    const answer = await getResponse(
      handlers,
      new Request(`http://${request.host}${request.url}`, {
        method: request.method,
        headers,
        body: bytes && bytes.length > 0 ? new Uint8Array(bytes) : undefined,
      }),
    )
    if (!answer)
      return reply.code(404).send({ error: 'NOT_FOUND', message: `Nothing answers ${request.method} ${request.url}.` })
    reply.code(answer.status)
    answer.headers.forEach((value, name) => void reply.header(name, value))
    return reply.send(Buffer.from(await answer.arrayBuffer()))
  }
  return (app: FastifyInstance) => {
    app.all('/__mock/*', forward)
  }
}

export const startMockServer = async (options: MockServerOptions = {}): Promise<RunningMockServer> => {
  const host = options.host ?? '127.0.0.1'
  const policy: LocalOnlyPolicy = {
    allowOrigins: (options.allowOrigins ?? []).map(normalizeOrigin),
    loopbackOnly: isLoopbackHost(host),
  }
  const backend = createMockBackend({ initialState: options.initialState })
  if (options.firebaseEmulatorProject) {
    await backend.store.transactAsync(async (tx) =>
      tx.setSingleton('settings', { firebaseEmulatorProject: options.firebaseEmulatorProject ?? null }),
    )
  }
  const check = options.strict ? createResponseCheck((message) => console.error(message)) : undefined
  const httpBackend: HttpBackend = {
    domain: {
      execute: async (operationId, request, executeOptions) => {
        const response = await backend.execute(operationId, request, executeOptions)
        // A preflight's answer is the edge's, not the contract's.
        return check && !executeOptions?.preflight ? check(operationId, response) : response
      },
    },
    uploads: memoryUploads,
    ready: async () => true,
    now: () => backend.now(),
    transact: (work) => backend.transact((ports) => work(ports)),
    simulatedProvider: backend.payments,
  }
  const app = await buildApp({
    backend: httpBackend,
    config: {
      bodyLimit: JSON_BODY_LIMIT_BYTES,
      requestTimeoutMs: 15_000,
      uploadTimeoutMs: 120_000,
      uploadIdleTimeoutMs: 30_000,
      corsOrigins: localOriginAllowed(policy),
      localOnly: policy,
    },
    logger: pino({ level: 'silent' }),
    controlPlane: mswControlPlane(backend),
    ...(options.log ? { requestLog: options.log } : {}),
  })
  await app.listen({ port: options.port ?? 4010, host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const warning = exposureWarning(host)
  if (warning) (options.warn ?? ((message: string) => console.error(message)))(warning)
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return { url: `http://${urlHost}:${port}`, backend, app, close: () => app.close() }
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href

if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      strict: { type: 'boolean', default: false },
      'firebase-emulator-project': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  })
  let allowOrigins: string[] = []
  let listenPort = 4010
  try {
    allowOrigins = values['allow-origin'].map(normalizeOrigin)
    // --port wins over MOCK_SERVER_PORT; a wrong one stops the server instead of falling back.
    listenPort = readEnvironment(
      { MOCK_SERVER_PORT: port(4010) },
      {
        MOCK_SERVER_PORT: values.port ?? process.env.MOCK_SERVER_PORT,
      },
    ).MOCK_SERVER_PORT
  } catch (error) {
    console.error((error as Error).message.replace('MOCK_SERVER_PORT=', values.port ? '--port ' : 'MOCK_SERVER_PORT='))
    process.exit(2)
  }
  const running = await startMockServer({
    port: listenPort,
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
