/**
 * The outbox (table `mail_outbox`): the mailer port writes each mail in the request's transaction, and
 * after the commit the dispatcher (server/mail/dispatcher.ts) delivers it over SMTP (or, without SMTP_URL,
 * logs it and a developer reads it there). A failed request sends nothing.
 *
 * A mail is pending while neither `sent_at` nor `failed_at` is set (migration 0003), and due once
 * `next_attempt_at` has passed (null: at once). Claiming a due mail counts an attempt and moves
 * `next_attempt_at` a lease ahead, in one short transaction that skips rows another dispatcher has locked
 * (`FOR UPDATE SKIP LOCKED`): two dispatchers on one PostgreSQL database never claim the same mail, and a
 * mail whose dispatcher died while sending becomes due again when the lease ends. Sending happens outside
 * any transaction, so a slow SMTP server never holds a connection (or PGlite's one connection) while
 * requests wait.
 */
import { sql } from 'kysely'
import type { IdGenerator, Mailer } from '#domain/ports.ts'
import type { MailKind } from '#domain/records.ts'
import type { OpenDatabase, Trx } from '#server/db/database.ts'
import { currentRequestId } from '#server/request-context.ts'
import { noteQueued } from './queued.ts'

/** The mailer port: queues each mail in the transaction `trx`. */
export const outboxMailer = (trx: Trx, now: () => number, ids: IdGenerator): Mailer => ({
  send: async (mail) => {
    await trx
      .insertInto('mail_outbox')
      .values({
        id: ids.id(),
        to_address: mail.to,
        kind: mail.kind,
        subject: mail.subject,
        text: mail.text,
        link: mail.link,
        created_at: new Date(now()),
        // The dispatcher's log lines name the request that queued the mail.
        request_id: currentRequestId() ?? null,
      })
      .execute()
    noteQueued(trx, mail)
  },
})

export interface ClaimedMail {
  readonly id: string
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly text: string
  readonly link: string
  /** Attempts including this one. */
  readonly attempts: number
  readonly createdAt: string
  /** The request that queued it, or null. */
  readonly requestId: string | null
}

interface ClaimedRow {
  id: string
  sequence: number | string
  to_address: string
  kind: string
  subject: string
  text: string
  link: string
  attempts: number
  created_at: string
  request_id: string | null
}

/** Claims up to `limit` due mails, oldest first, for `leaseMs`. */
export const claimDueMails = async (
  database: OpenDatabase,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedMail[]> => {
  const rows = await database.transaction(
    async (trx) =>
      (
        await sql<ClaimedRow>`
          WITH due AS (
            SELECT id FROM mail_outbox
            WHERE sent_at IS NULL AND failed_at IS NULL
              AND (next_attempt_at IS NULL OR next_attempt_at <= ${new Date(now)})
            ORDER BY sequence
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          UPDATE mail_outbox
          SET attempts = mail_outbox.attempts + 1, next_attempt_at = ${new Date(now + leaseMs)}
          FROM due
          WHERE mail_outbox.id = due.id
          RETURNING mail_outbox.id, mail_outbox.sequence, mail_outbox.to_address, mail_outbox.kind,
            mail_outbox.subject, mail_outbox.text, mail_outbox.link, mail_outbox.attempts, mail_outbox.created_at,
            mail_outbox.request_id
        `.execute(trx)
      ).rows,
  )
  return rows
    .sort((a, b) => Number(a.sequence) - Number(b.sequence))
    .map((row) => ({
      id: row.id,
      to: row.to_address,
      kind: row.kind as MailKind,
      subject: row.subject,
      text: row.text,
      link: row.link,
      attempts: Number(row.attempts),
      createdAt: row.created_at,
      requestId: row.request_id,
    }))
}

export const markSent = (database: OpenDatabase, id: string, now: number): Promise<void> =>
  database.transaction(async (trx) => {
    await trx
      .updateTable('mail_outbox')
      .set({ sent_at: new Date(now), next_attempt_at: null, last_error: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute()
  })

/** A failed attempt: tried again from `nextAttemptAt` on. */
export const markRetry = (database: OpenDatabase, id: string, error: string, nextAttemptAt: number): Promise<void> =>
  database.transaction(async (trx) => {
    await trx
      .updateTable('mail_outbox')
      .set({ last_error: error, next_attempt_at: new Date(nextAttemptAt) })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute()
  })

/** Given up: never tried again. */
export const markGivenUp = (database: OpenDatabase, id: string, error: string, now: number): Promise<void> =>
  database.transaction(async (trx) => {
    await trx
      .updateTable('mail_outbox')
      .set({ last_error: error, failed_at: new Date(now), next_attempt_at: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute()
  })

/** Hands claimed mails back unsent (the dispatcher stops): due at once again, the attempt not counted. */
export const releaseClaims = async (database: OpenDatabase, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return
  await database.transaction(async (trx) => {
    await trx
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: null }))
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute()
  })
}
