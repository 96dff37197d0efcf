/**
 * Money and identity of a club (docs/decisions/0015-bank-review-and-audit-log.md): the pending review of
 * changed bank details and the deactivation's reason on the club, and the audit log. The log has no
 * foreign keys (an entry outlives the user and keeps the names of the time) and is read newest first,
 * whole or per club, by the sequence it was appended in.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('clubs')
    .addColumn('bank_review', 'jsonb')
    .addColumn('deactivation_reason', 'text')
    .addColumn('deactivated_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('sequence', 'bigserial', (col) => col.primaryKey())
    .addColumn('id', bytewiseText, (col) => col.notNull().unique())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor_uid', bytewiseText)
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('club_id', bytewiseText)
    .addColumn('club_name', 'text')
    .addColumn('user_uid', bytewiseText)
    .addColumn('user_name', 'text')
    .addColumn('user_email', 'text')
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .execute()
  await sql`CREATE INDEX audit_log_by_club ON audit_log (club_id, sequence) WHERE club_id IS NOT NULL`.execute(db)
}
