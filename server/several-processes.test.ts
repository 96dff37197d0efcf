/**
 * Several server processes on one database serve as one: they share the rate limits' budget, the local
 * identity's token key, and the background work (the file sweep, periodic jobs, mail delivery) is done
 * once. With DATABASE_URL set (npm run test:postgres) each "process" is a database handle with a pool of
 * its own on one fresh database of that server, as separate processes have; on PGlite (one process per
 * database) both are the same handle, which still shows what the shared state does.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUCCESS_CARD, createSimulatedProvider } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { SharedProviderState } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { CheckoutInput } from '#domain/payment-provider.ts'
import { passwordResetMail } from '#domain/mails.ts'
import { createServerBackend } from './backend.ts'
import { DEFAULT_MAIL_FROM } from './config.ts'
import { openDatabase } from './db/database.ts'
import type { OpenDatabase } from './db/database.ts'
import { claimJobRun } from './db/job-runs.ts'
import { createDiskFiles } from './files/disk-store.ts'
import { sweepOnce } from './files/sweep.ts'
import { localSigningKey } from './identity/local-signing-key.ts'
import { createMailDispatcher } from './mail/dispatcher.ts'
import { smtpTransport } from './mail/smtp.ts'
import { openSimulatedProviderState, sqlSimulatedProviderState } from './payments/simulated-provider-state.ts'
import { registerRateLimits } from './rate-limits.ts'
import { freePort } from './testing/free-port.ts'
import { createScratchDatabase } from './testing/scratch-database.ts'
import { startSmtpSink } from './testing/smtp-sink.ts'
import { buildTestApp, silentLogger } from './testing/test-app.ts'

const url = process.env.DATABASE_URL
const cleanups: Array<() => Promise<void> | void> = []
let first: OpenDatabase
let second: OpenDatabase
let scratchUrl: string | undefined

beforeAll(async () => {
  if (url) {
    const scratch = await createScratchDatabase(url, 'vp_processes')
    cleanups.push(scratch.drop)
    scratchUrl = scratch.url
    const opened = await Promise.all(
      [0, 1].map(() => openDatabase({ url: scratch.url, poolSize: 3, onConnectionError: () => undefined })),
    )
    first = opened[0]!
    second = opened[1]!
    cleanups.push(
      () => first.close(),
      () => second.close(),
    )
  } else {
    first = second = await openDatabase({})
    cleanups.push(() => first.close())
  }
}, 120_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const problemOf = (response: LightMyRequestResponse) => JSON.parse(response.body) as Record<string, unknown>

describe('the rate limits of several processes', () => {
  const publicRead = (app: { inject: (options: object) => Promise<LightMyRequestResponse> }, ip = '198.51.100.4') =>
    app.inject({ method: 'GET', url: '/api/backend/v1/clubtypes/all', remoteAddress: ip })

  it('are one budget: the second process answers 429 once the first has used it', async () => {
    const rateLimits = { signInPerMinute: 5, publicPerMinute: 3 }
    const one = await buildTestApp({ database: first, sharedRateLimits: true, config: { rateLimits } })
    const two = await buildTestApp({ database: second, sharedRateLimits: true, config: { rateLimits } })
    try {
      expect((await publicRead(one.app)).statusCode).toBe(200)
      expect((await publicRead(two.app)).statusCode).toBe(200)
      expect((await publicRead(one.app)).statusCode).toBe(200)
      const refused = await publicRead(two.app)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toContain('application/problem+json')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
      expect(problemOf(refused)).toMatchObject({
        type: 'https://vereinsportal.at/problems/too-many-requests',
        title: 'Too Many Requests',
        status: 429,
        instance: '/api/backend/v1/clubtypes/all',
      })
      expect((await publicRead(one.app)).statusCode).toBe(429)
      // Another client has a budget of its own; the sign-in limit is counted apart.
      expect((await publicRead(two.app, '198.51.100.5')).statusCode).toBe(200)
      const signIn = await two.app.inject({
        method: 'POST',
        url: '/__mock/identity/signIn',
        payload: { email: 'niemand@example.at', password: 'falsch' },
        remoteAddress: '198.51.100.4',
      })
      expect(signIn.statusCode).not.toBe(429)
    } finally {
      await one.app.close()
      await two.app.close()
    }
  })

  it('let a request pass uncounted, with a warning, when the shared counters fail', async () => {
    const lines: Array<Record<string, unknown>> = []
    const logger: FastifyBaseLogger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
          done()
        },
      }),
    )
    const app = Fastify({ loggerInstance: logger })
    await registerRateLimits(
      app,
      { signInPerMinute: 1, publicPerMinute: 1 },
      {
        hit: () => Promise.reject(new Error('connection refused')),
        removeEnded: () => Promise.reject(new Error('connection refused')),
      },
    )
    app.get('/api/backend/v1/clubtypes/all', async () => [])
    try {
      for (let i = 0; i < 3; i++) expect((await publicRead(app)).statusCode).toBe(200)
      expect(lines.some((line) => String(line.msg).includes('the request passes uncounted'))).toBe(true)
    } finally {
      await app.close()
    }
  })
})

describe('the background work of several processes', () => {
  it('sweeps once when two processes sweep at once', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vereinsportal-shared-files-'))
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    // Both processes see the same files (a shared FILES_DIR).
    const files = createDiskFiles(root)
    const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000)
    const strays = [1, 2, 3].map((n) => `clubs/c-shared/GALLERY/00000000-0000-4000-8000-00000000000${n}-alt.jpg`)
    for (const stray of strays) {
      mkdirSync(path.dirname(files.locate(stray)), { recursive: true })
      writeFileSync(files.locate(stray), 'x')
      utimesSync(files.locate(stray), longAgo, longAgo)
    }
    const options = { intervalMs: 3_600_000, stagedMaxAgeMs: 3_600_000 }
    const results = await Promise.all([sweepOnce(first, files, options), sweepOnce(second, files, options)])
    const ran = results.filter((result) => result !== null)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatchObject({ strays: 3 })
    for (const stray of strays) expect(existsSync(files.locate(stray))).toBe(false)
    // Within the interval no process sweeps again.
    expect(await sweepOnce(second, files, options)).toBeNull()
  })

  it('runs a periodic job in one process; the other skips until its time has come', async () => {
    const claims = await Promise.all([
      claimJobRun(first, 'test-job', 60_000),
      claimJobRun(second, 'test-job', 60_000),
      claimJobRun(first, 'test-job', 60_000),
      claimJobRun(second, 'test-job', 60_000),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimJobRun(second, 'test-job', 60_000)).toBe(false)
    // Due again at once: the next one to ask runs it.
    expect(await claimJobRun(first, 'test-job-due', 0)).toBe(true)
    expect(await claimJobRun(second, 'test-job-due', 0)).toBe(true)
  })

  it('delivers each mail once with a dispatcher in each process', { timeout: 60_000 }, async () => {
    const port = await freePort()
    const sink = await startSmtpSink(port)
    const backend = createServerBackend(first, { logger: silentLogger })
    const recipients = ['a@example.at', 'b@example.at', 'c@example.at', 'd@example.at', 'e@example.at']
    await first.transaction((trx) => trx.deleteFrom('mail_outbox').execute())
    for (const to of recipients)
      await backend.transact(async (ports) => ports.mailer.send(passwordResetMail(to, 'Eva', 'code-123')))
    const dispatcher = (database: OpenDatabase) =>
      createMailDispatcher({
        database,
        transport: smtpTransport(`smtp://127.0.0.1:${port}`),
        logger: silentLogger,
        from: DEFAULT_MAIL_FROM,
        appOrigin: 'https://portal.example.at',
        batchSize: 1,
      })
    const dispatchers = [dispatcher(first), dispatcher(second)]
    try {
      await Promise.all(dispatchers.flatMap((each) => [each.tick(), each.tick()]))
      for (const each of dispatchers) expect(await each.tick()).toBe(0)
    } finally {
      for (const each of dispatchers) await each.stop()
      await sink.close()
    }
    expect(sink.received.map((received) => received.envelopeTo[0]).sort()).toEqual(recipients)
  })
})

describe('the local identity of several processes', () => {
  it('signs with one key: every process reads the key the first one made', async () => {
    const [one, two] = await Promise.all([localSigningKey(first), localSigningKey(second)])
    expect(one).toHaveLength(32)
    expect(Buffer.from(two).equals(Buffer.from(one))).toBe(true)
    expect(Buffer.from(await localSigningKey(second)).equals(Buffer.from(one))).toBe(true)
  })
})

describe('the simulated card provider of several processes', () => {
  /** Each process's state: its own pool on PostgreSQL; on PGlite the one connection, in turns. */
  const stateOf = (database: OpenDatabase): SharedProviderState => {
    if (!scratchUrl) return sqlSimulatedProviderState((work) => database.transaction(work))
    const opened = openSimulatedProviderState(scratchUrl, () => undefined)
    cleanups.push(opened.close)
    return opened.state
  }
  const providerOf = (database: OpenDatabase, events: string[]) => {
    let n = 0
    return createSimulatedProvider({
      webhookSecret: 'whsec_test',
      now: () => Date.now(),
      token: () => `${database === first ? 'a' : 'b'}${++n}${Math.random().toString(36).slice(2)}`,
      deliver: async (payload) => {
        events.push((JSON.parse(payload) as { type: string }).type)
      },
      shared: stateOf(database),
    })
  }
  const input = (key: string): CheckoutInput => ({
    accountId: 'acct_shared',
    checkoutId: `co_${key}`,
    amountCents: 2500,
    campaignName: 'Neue Flutlichtanlage',
    clubName: 'SV Grünbach 1923',
    donorEmail: 'erika@example.at',
    successUrl: 'http://localhost:3000/spenden/c1/danke',
    cancelUrl: 'http://localhost:3000/spenden/c1',
    metadata: {},
    expiresAt: Date.now() + 60 * 60_000,
    idempotencyKey: key,
    requestOrigin: 'http://localhost:3000',
  })

  it('pays on one process a checkout another one made, and loses none made at once', async () => {
    const events: string[] = []
    const one = providerOf(first, events)
    const two = providerOf(second, events)
    const hosted = await one.createCheckout(input('k-0'))
    expect((await two.session(hosted.sessionId))?.status).toBe('open')
    expect(await two.pay(hosted.sessionId, SUCCESS_CARD)).toMatchObject({ outcome: 'paid' })
    expect(events).toEqual(['checkout.session.completed'])
    expect((await one.session(hosted.sessionId))?.status).toBe('complete')

    const made = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => (n % 2 === 0 ? one : two).createCheckout(input(`k-${n}`))),
    )
    for (const checkout of made) {
      expect((await one.session(checkout.sessionId))?.status).toBe('open')
      expect((await two.session(checkout.sessionId))?.status).toBe('open')
    }
    // The same idempotency key on the other process: the same checkout.
    expect((await two.createCheckout(input('k-2'))).sessionId).toBe(made[1]!.sessionId)
    // Forgotten by one, forgotten by all.
    await two.forget()
    expect(await one.session(hosted.sessionId)).toBeNull()
  })
})
