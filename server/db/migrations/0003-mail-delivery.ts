/**
 * Delivery of the mail outbox over SMTP (server/mail/dispatcher.ts): attempts, when the next may run (the
 * lease of a claim, or the back-off after a failure), the last error, and when delivery was given up. The
 * pending index leaves out both sent and given-up mails.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'timestamptz')
    .execute()
  await db.schema.dropIndex('mail_outbox_unsent').execute()
  await sql`CREATE INDEX mail_outbox_pending ON mail_outbox (sequence) WHERE sent_at IS NULL AND failed_at IS NULL`.execute(
    db,
  )
}
