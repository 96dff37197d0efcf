/**
 * One request id from the answer to the work the request started: the mail it queued names it in the
 * outbox, and the dispatcher's lines about that mail (sent, failed) carry it as `reqId`, like the request's
 * own lines; so do the steps run after its commit.
 */
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { DEFAULT_MAIL_FROM } from '#server/config.ts'
import { TransactionEffects } from '#server/identity/transaction-effects.ts'
import { startMail } from '#server/mail/mail.ts'
import type { ServerMail } from '#server/mail/mail.ts'
import type { OutboxMessage } from '#server/mail/message.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { withRequestId } from './request-context.ts'

const API = '/api/backend/v1'

let lines: Array<Record<string, unknown>> = []
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  }),
)

const delivered: OutboxMessage[] = []
let smtpDown = false
let mail: ServerMail
let server: TestApp

beforeAll(async () => {
  const database = await seededDatabase()
  mail = startMail(
    database,
    { smtpUrl: 'smtp://127.0.0.1:25', mailFrom: DEFAULT_MAIL_FROM, appOrigin: 'https://portal.example.at' },
    logger,
    {
      transport: {
        send: async (message) => {
          if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
          delivered.push(message)
        },
        close: () => undefined,
      },
      // Woken by the commits; no polling in between.
      dispatcher: { pollMs: 3_600_000 },
    },
  )
  server = await buildTestApp({ database: mail.database, logger })
}, 300_000)

afterAll(async () => {
  await mail?.stop()
  await server?.close()
})

beforeEach(() => {
  lines = []
})

const outboxRow = (to: string) =>
  server.database.transaction(
    (trx) =>
      trx.selectFrom('mail_outbox').select(['request_id', 'sent_at']).where('to_address', '=', to).executeTakeFirst(),
    true,
  )

describe('the request id', () => {
  it('is kept with the mail a request queued, and the dispatcher names it when it sends the mail', async () => {
    const answer = await server.app.inject({
      method: 'PUT',
      url: `${API}/club/active/${seedClubs.releasable}`,
      headers: {
        authorization: `Bearer ${await server.tokenFor(seedAccounts.admin.email)}`,
        'x-request-id': 'release-4711',
      },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-request-id']).toBe('release-4711')

    await vi.waitFor(() => expect(lines.some((line) => line.msg === 'mail sent')).toBe(true), { timeout: 10_000 })
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', reqId: 'release-4711', to: seedAccounts.freigabe.email }),
    )
    // The request's own lines carry the same id.
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request completed', reqId: 'release-4711' }))
    expect(await outboxRow(seedAccounts.freigabe.email)).toMatchObject({ request_id: 'release-4711' })
    expect(delivered.map((message) => message.to)).toContain(seedAccounts.freigabe.email)
  })

  it('is the id the server gave a request without one, also in the line of a failed delivery', async () => {
    smtpDown = true
    try {
      const answer = await server.app.inject({
        method: 'POST',
        url: `${API}/club/${seedClubs.volume}/inviteUser`,
        headers: {
          authorization: `Bearer ${await server.tokenFor(seedAccounts.admin.email)}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ email: 'neu-eingeladen@example.at', clubRoleId: seedClubRoles.mitglied }),
      })
      expect(answer.statusCode).toBe(201)
      const requestId = answer.headers['x-request-id']
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/)

      await vi.waitFor(
        () => expect(lines.some((line) => line.msg === 'mail delivery failed; it is tried again')).toBe(true),
        { timeout: 10_000 },
      )
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: 'mail delivery failed; it is tried again',
          reqId: requestId,
          to: 'neu-eingeladen@example.at',
        }),
      )
      expect(await outboxRow('neu-eingeladen@example.at')).toMatchObject({ request_id: requestId, sent_at: null })
    } finally {
      smtpDown = false
    }
  })

  it('is named by a step after the commit that failed', async () => {
    const effects = new TransactionEffects()
    effects.onCommit('set custom claims', () => Promise.reject(new Error('provider unreachable')))
    await withRequestId('claims-0815', () => effects.committed(logger))
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, effect: 'set custom claims', reqId: 'claims-0815' }),
    )
  })
})
