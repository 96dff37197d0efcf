/**
 * Donation receipts (issue 24): the receipts issued (`receipts`), which donations an issued receipt covers
 * (`receipt_donation_locks`), a club's receipt settings and running number (`receipt_settings`), and the
 * name and address a donor asked a receipt to be made out to, on the checkout and on its donation.
 *
 * - `receipt_settings.next_sequence` is the number the club's next receipt gets: handed out by one
 *   statement that inserts or increments the row (server/db/repositories/receipts.ts), so concurrent
 *   transactions wait for each other and never get the same one; `(club_id, sequence)` is unique besides.
 *   The row may hold only the counter (`updated_at` null) until the club saves its settings.
 * - A donation is covered by at most one issued receipt: its lock row's primary key is the donation's id
 *   (a donation belongs to one club). Issuing inserts the locks with the receipt, withdrawing deletes them,
 *   so a second receipt of the same donation at once fails on the key (`receipt-donation`).
 * - A receipt's donor and lines are `jsonb` as issued: it is never changed but withdrawn.
 * - A donation's receipt address is `jsonb`, null for nearly all of them: the year's donations with one
 *   are a partial index's range (`donations_with_receipt_address`), not a scan of the club's 10 000.
 *
 * Receipts go with their club (and a lock with its receipt), though a club with donations is never deleted
 * (0001). A receipt is never deleted, so the one it replaces stays.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText, deferrableReference } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('receipts')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('sequence', 'integer', (col) => col.notNull().check(sql`sequence >= 1`))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('SINGLE', 'ANNUAL')`))
    .addColumn('country', 'text', (col) => col.notNull().check(sql`country IN ('AT', 'DE')`))
    .addColumn('year', 'integer')
    .addColumn('donor', 'jsonb', (col) => col.notNull())
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('place', 'text', (col) => col.notNull())
    .addColumn('issued_on', 'date', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('issued_by_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status IN ('ISSUED', 'WITHDRAWN')`))
    .addColumn('withdrawn_at', 'timestamptz')
    .addColumn('withdrawn_by_name', 'text')
    .addColumn('withdraw_reason', 'text')
    .addColumn('replaces_id', bytewiseText, (col) => deferrableReference(col, 'receipts.id', 'set null'))
    .addColumn('file_path', 'text', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull().check(sql`file_size >= 0`))
    .addUniqueConstraint('receipts_sequence_key', ['club_id', 'sequence'])
    .execute()
  // ReceiptRepository.page: the club's receipts newest first, read in this index's order.
  await sql`CREATE INDEX receipts_page ON receipts (club_id, issued_at DESC, sequence DESC)`.execute(db)
  // The reference's check when a receipt would go (never): the few that replace another.
  await sql`CREATE INDEX receipts_by_replaced ON receipts (replaces_id) WHERE replaces_id IS NOT NULL`.execute(db)

  await db.schema
    .createTable('receipt_donation_locks')
    .addColumn('donation_id', bytewiseText, (col) => deferrableReference(col.primaryKey(), 'donations.id', 'cascade'))
    .addColumn('receipt_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'receipts.id', 'cascade'))
    .addColumn('club_id', bytewiseText, (col) => col.notNull())
    .execute()
  await sql`CREATE INDEX receipt_donation_locks_by_receipt ON receipt_donation_locks (receipt_id)`.execute(db)

  await db.schema
    .createTable('receipt_settings')
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.primaryKey(), 'clubs.id', 'cascade'))
    .addColumn('place', 'text')
    .addColumn('signer_name', 'text')
    .addColumn('signer_role', 'text')
    .addColumn('germany', 'jsonb')
    .addColumn('next_sequence', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`next_sequence >= 1`),
    )
    .addColumn('updated_at', 'timestamptz')
    // A row the counter made alone has no settings; one with settings has all of them.
    .addCheckConstraint(
      'receipt_settings_complete',
      sql`updated_at IS NULL OR (place IS NOT NULL AND signer_name IS NOT NULL AND signer_role IS NOT NULL)`,
    )
    .execute()

  await db.schema.alterTable('donation_checkouts').addColumn('receipt_address', 'jsonb').execute()
  await db.schema.alterTable('donations').addColumn('receipt_address', 'jsonb').execute()
  await sql`CREATE INDEX donations_with_receipt_address ON donations (club_id, day)
    WHERE receipt_address IS NOT NULL`.execute(db)
}
