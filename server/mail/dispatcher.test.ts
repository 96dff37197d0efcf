/**
 * The mail outbox delivered over SMTP to a local SMTP server (smtp-server): what a committed request queued
 * arrives once, in German, with the app link absolute; a rolled-back request sends nothing; while the SMTP
 * server is down mails stay pending and are retried; without SMTP_URL they stay in the outbox with a log line.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { passwordResetMail } from '#domain/mails.ts'
import { mintIdToken } from '#adapters/offline-identity/offline-identity.ts'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { createServerBackend } from '#server/backend.ts'
import { DEFAULT_MAIL_FROM } from '#server/config.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { freePort } from '#server/testing/free-port.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'
import { startSmtpSink } from '#server/testing/smtp-sink.ts'
import type { SmtpSink } from '#server/testing/smtp-sink.ts'
import { createMailDispatcher } from './dispatcher.ts'
import { absoluteLink, outboxMessage, senderDomain } from './message.ts'
import { startMail } from './mail.ts'
import type { ServerMail, StartMailOptions } from './mail.ts'
import { smtpTransport } from './smtp.ts'

const APP_ORIGIN = 'https://portal.example.at'
const RETRY_MS = 60_000

let database: OpenDatabase
let port: number
let sink: SmtpSink | null = null
let mail: ServerMail | null = null
let logLines: Array<Record<string, unknown>> = []
let nowMs = Date.now()
const clock = { now: () => nowMs }

const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  }),
)

const start = (smtp: boolean, options: StartMailOptions = {}) => {
  mail = startMail(
    database,
    { smtpUrl: smtp ? `smtp://127.0.0.1:${port}` : undefined, mailFrom: DEFAULT_MAIL_FROM, appOrigin: APP_ORIGIN },
    logger,
    // Polling stays out of the way: the tests wake the dispatcher by committing, or tick it themselves.
    { ...options, dispatcher: { clock, pollMs: 3_600_000, retryDelayMs: () => RETRY_MS, ...options.dispatcher } },
  )
  return { mail, backend: createServerBackend(mail.database, { logger, signingKey }) }
}

const signingKey = new Uint8Array(randomBytes(32))
const adminToken = () =>
  `Bearer ${mintIdToken({ ...seedAccounts.admin, emailVerified: true }, 0, Date.now(), 3600, signingKey)}`

const activate = (backend: ReturnType<typeof start>['backend'], clubId: string) =>
  backend.domain.execute('activateClub', {
    method: 'PUT',
    path: `/api/backend/v1/club/active/${clubId}`,
    origin: 'http://127.0.0.1:8080',
    appOrigin: 'https://evil.example',
    params: { clubId },
    query: new URLSearchParams(),
    authorization: adminToken(),
    body: undefined,
    rawBody: null,
    headers: {},
  })

/** A mail queued by a committed unit of work (`fail`: one that rolls back after queueing it). */
const queue = (backend: ReturnType<typeof start>['backend'], to: string, fail = false) =>
  backend.transact(async (ports) => {
    await ports.mailer.send(passwordResetMail(to, 'Eva', 'code-123'))
    if (fail) throw new Error('the request failed')
  })

/** The outbox rows, oldest first (read in turn with the dispatcher's and the requests' transactions). */
const outbox = () =>
  database.transaction((trx) => trx.selectFrom('mail_outbox').selectAll().orderBy('sequence').execute(), true)

beforeAll(async () => {
  database = await seededDatabase()
}, 120_000)

afterAll(async () => {
  await database.close()
})

beforeEach(async () => {
  port = await freePort()
  logLines = []
  nowMs = Date.now()
  await database.transaction(async (trx) => {
    await trx.deleteFrom('mail_outbox').execute()
    // Released by a test: ready for release again.
    await trx.updateTable('clubs').set({ status: 'PROCESSING' }).where('id', '=', seedClubs.releasable).execute()
  })
})

afterEach(async () => {
  await mail?.stop()
  mail = null
  await sink?.close()
  sink = null
})

describe('the SMTP dispatcher', () => {
  it('delivers what a committed request queued: the release notice in German, to the club, with the app link', async () => {
    sink = await startSmtpSink(port)
    const { backend } = start(true)
    expect((await activate(backend, seedClubs.releasable)).status).toBe(200)

    // The commit wakes the dispatcher: no tick, no polling.
    await vi.waitFor(async () => expect((await outbox())[0]?.sent_at).toBeTruthy(), { timeout: 5000 })
    expect(sink.received).toHaveLength(1)
    const [received] = sink.received
    const [row] = await outbox()
    expect(received!.envelopeFrom).toBe('no-reply@vereinsportal.at')
    expect(received!.envelopeTo).toEqual([seedAccounts.freigabe.email])
    expect(received!.headers.from).toBe('Vereinsportal <no-reply@vereinsportal.at>')
    expect(received!.headers.to).toBe(seedAccounts.freigabe.email)
    expect(received!.headers.subject).toBe('Ihr Verein Naturschutzverein Wienerwald Baden ist freigegeben')
    expect(received!.headers['message-id']).toBe(`<${row!.id}@vereinsportal.at>`)
    expect(received!.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/i)
    expect(received!.text).toContain(`Hallo ${seedAccounts.freigabe.firstName},`)
    expect(received!.text).toContain(
      'Ihr Verein „Naturschutzverein Wienerwald Baden“ wurde im Vereinsportal freigegeben.',
    )
    // The configured origin, never the request's Origin header.
    expect(received!.text).toContain(`\n${APP_ORIGIN}/home?id=${seedClubs.releasable}\n`)
    expect(received!.text).not.toContain('evil.example')
    expect(row).toMatchObject({
      attempts: 1,
      last_error: null,
      failed_at: null,
      link: `/home?id=${seedClubs.releasable}`,
    })
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', to: seedAccounts.freigabe.email, kind: 'CLUB_RELEASED' }),
    )

    // Subjects with umlauts arrive as they were written.
    await queue(backend, 'eva@example.at')
    await vi.waitFor(() => expect(sink!.received).toHaveLength(2), { timeout: 5000 })
    expect(sink.received[1]!.headers.subject).toBe('Passwort zurücksetzen')
    expect(sink.received[1]!.text).toContain(`\n${APP_ORIGIN}/login?mode=resetPassword&oobCode=code-123\n`)
  })

  it('sends nothing for a request that rolled back or was refused', async () => {
    sink = await startSmtpSink(port)
    const { mail: started, backend } = start(true)
    await expect(queue(backend, 'eva@example.at', true)).rejects.toThrow('the request failed')
    expect((await activate(backend, seedClubs.incomplete)).status).toBe(409)
    expect(await started.dispatcher!.tick()).toBe(0)
    expect(await outbox()).toEqual([])
    expect(sink.received).toEqual([])
  })

  it('keeps mails pending while the SMTP server is down, retries after the back-off and then delivers once', async () => {
    const { mail: started, backend } = start(true)
    const dispatcher = started.dispatcher!
    await queue(backend, 'eva@example.at')
    expect(await dispatcher.tick()).toBe(0)
    let [row] = await outbox()
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null })
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(Date.parse(row!.next_attempt_at!)).toBe(nowMs + RETRY_MS)
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'mail delivery failed; it is tried again' }),
    )

    // Not due before the back-off has passed.
    expect(await dispatcher.tick()).toBe(0)
    expect((await outbox())[0]!.attempts).toBe(1)

    nowMs += RETRY_MS
    expect(await dispatcher.tick()).toBe(0)
    expect((await outbox())[0]!.attempts).toBe(2)

    sink = await startSmtpSink(port)
    nowMs += RETRY_MS
    expect(await dispatcher.tick()).toBe(1)
    ;[row] = await outbox()
    expect(row).toMatchObject({ attempts: 3, last_error: null })
    expect(row!.sent_at).not.toBeNull()
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.envelopeTo).toEqual(['eva@example.at'])

    nowMs += RETRY_MS * 10
    expect(await dispatcher.tick()).toBe(0)
    expect(sink.received).toHaveLength(1)
  })

  it('gives up after the last attempt with an error line, and never tries again', async () => {
    const { mail: started, backend } = start(true, { dispatcher: { maxAttempts: 2 } })
    await queue(backend, 'eva@example.at')
    expect(await started.dispatcher!.tick()).toBe(0)
    nowMs += RETRY_MS
    expect(await started.dispatcher!.tick()).toBe(0)
    const [row] = await outbox()
    expect(row).toMatchObject({ attempts: 2, sent_at: null, next_attempt_at: null })
    expect(row!.failed_at).not.toBeNull()
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'mail not delivered: giving up after 2 attempts',
        to: 'eva@example.at',
        subject: 'Passwort zurücksetzen',
      }),
    )
    sink = await startSmtpSink(port)
    nowMs += RETRY_MS * 100
    expect(await started.dispatcher!.tick()).toBe(0)
    expect(sink.received).toEqual([])
  })

  it('gives up unsent a mail too old to deliver (a backlog from before SMTP was set)', async () => {
    sink = await startSmtpSink(port)
    const { mail: started, backend } = start(true)
    await started.stop()
    await queue(backend, 'eva@example.at')
    nowMs += 25 * 3600 * 1000
    const { mail: later } = start(true)
    expect(await later.dispatcher!.tick()).toBe(0)
    expect((await outbox())[0]).toMatchObject({ attempts: 1, sent_at: null, last_error: 'not sent: older than 24 h' })
    expect(sink.received).toEqual([])
  })

  it('delivers each mail once across ticks and across two dispatchers on one database', async () => {
    sink = await startSmtpSink(port)
    const { backend } = start(false)
    for (const to of ['a@example.at', 'b@example.at', 'c@example.at', 'd@example.at', 'e@example.at'])
      await queue(backend, to)
    const dispatcher = (batchSize: number) =>
      createMailDispatcher({
        database,
        transport: smtpTransport(`smtp://127.0.0.1:${port}`),
        logger,
        from: DEFAULT_MAIL_FROM,
        appOrigin: APP_ORIGIN,
        clock,
        batchSize,
      })
    const first = dispatcher(2)
    const second = dispatcher(1)
    try {
      // A tick while one runs joins it (and runs one more pass after it).
      await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()])
      expect(sink.received).toHaveLength(5)
      expect(await first.tick()).toBe(0)
      expect(await second.tick()).toBe(0)
    } finally {
      await first.stop()
      await second.stop()
    }
    expect(sink.received.map((received) => received.envelopeTo[0]).sort()).toEqual([
      'a@example.at',
      'b@example.at',
      'c@example.at',
      'd@example.at',
      'e@example.at',
    ])
    expect(new Set(sink.received.map((received) => received.headers['message-id'])).size).toBe(5)
    expect((await outbox()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true)
  })

  it('stops: no more deliveries, the mail stays pending', async () => {
    sink = await startSmtpSink(port)
    const { mail: started, backend } = start(true)
    await started.stop()
    await queue(backend, 'eva@example.at')
    expect(await started.dispatcher!.tick()).toBe(0)
    expect((await outbox())[0]).toMatchObject({ attempts: 0, sent_at: null })
    expect(sink.received).toEqual([])
  })
})

describe('without SMTP_URL', () => {
  it('keeps mails in the outbox and logs one line per committed mail: recipient and subject, no text', async () => {
    const { mail: started, backend } = start(false)
    expect(started.mode).toBe('outbox')
    expect((await activate(backend, seedClubs.releasable)).status).toBe(200)
    await queue(backend, 'eva@example.at')
    await expect(queue(backend, 'rolled-back@example.at', true)).rejects.toThrow()

    const queued = logLines.filter((line) => line.msg === 'mail queued in the outbox (no SMTP_URL: not sent)')
    expect(queued).toEqual([
      expect.objectContaining({
        kind: 'CLUB_RELEASED',
        to: seedAccounts.freigabe.email,
        subject: 'Ihr Verein Naturschutzverein Wienerwald Baden ist freigegeben',
      }),
      expect.objectContaining({ kind: 'PASSWORD_RESET', to: 'eva@example.at', subject: 'Passwort zurücksetzen' }),
    ])
    expect(JSON.stringify(queued)).not.toContain('code-123')
    expect(JSON.stringify(queued)).not.toContain('Hallo')
    const rows = await outbox()
    expect(rows.map((row) => [row.to_address, row.sent_at, row.attempts])).toEqual([
      [seedAccounts.freigabe.email, null, 0],
      ['eva@example.at', null, 0],
    ])
  })
})

describe('without SMTP_URL, with MAIL_DIR', () => {
  it('writes each committed mail as an .eml file a developer opens, as it would be sent', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vereinsportal-mail-'))
    try {
      mail = startMail(
        database,
        { smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, appOrigin: APP_ORIGIN, mailDir: dir },
        logger,
      )
      const backend = createServerBackend(mail.database, { logger, signingKey })
      await queue(backend, 'eva@example.at')
      await expect(queue(backend, 'rolled-back@example.at', true)).rejects.toThrow()

      await vi.waitFor(() => expect(logLines.some((line) => line.msg === 'mail written to MAIL_DIR')).toBe(true))
      const files = await readdir(dir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-PASSWORD_RESET-[0-9a-f-]{36}\.eml$/)
      const raw = await readFile(path.join(dir, files[0]!), 'utf8')
      expect(raw).toMatch(/^To: eva@example\.at$/m)
      expect(raw).toMatch(/^X-Vereinsportal-Mail: PASSWORD_RESET$/m)
      expect(raw).toMatch(/^Subject: .+$/m)
      // The body as a mail program shows it (quoted-printable undone): German, with the absolute link.
      const body = Buffer.from(
        raw
          .split(/\n\n/)
          .slice(1)
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
      expect(body).toContain('Hallo Eva')
      expect(body).toContain(`${APP_ORIGIN}/login?mode=resetPassword&oobCode=code-123`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the delivered message', () => {
  it('puts the app origin in front of the relative link, in the text too', () => {
    expect(absoluteLink('https://portal.vereinsportal.at/', '/home?id=x')).toBe(
      'https://portal.vereinsportal.at/home?id=x',
    )
    expect(absoluteLink('https://portal.vereinsportal.at', 'https://elsewhere.at/x')).toBe('https://elsewhere.at/x')
    expect(senderDomain('Vereinsportal <no-reply@vereinsportal.at>')).toBe('vereinsportal.at')
    expect(senderDomain('mail@example.org')).toBe('example.org')
    const message = outboxMessage(
      { id: 'm1', ...passwordResetMail('eva@example.at', 'Eva', 'c') },
      { from: DEFAULT_MAIL_FROM, appOrigin: 'https://portal.vereinsportal.at' },
    )
    expect(message.text).toContain('\nhttps://portal.vereinsportal.at/login?mode=resetPassword&oobCode=c\n')
    expect(message).toMatchObject({ to: 'eva@example.at', messageId: '<m1@vereinsportal.at>' })
  })
})
