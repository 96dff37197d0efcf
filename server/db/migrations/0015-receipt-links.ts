/**
 * The donor's receipt link (issue 24): a donation whose donor asked for a receipt gets an unguessable key
 * when the payment arrives; the confirmation mail links to `/spendenbestaetigung/<key>`, where the donor
 * downloads the receipt the club issued. Unique where set (a partial index: null for nearly all donations).
 * Such a receipt is issued with the confirmation, by nobody of the club: `issued_by_name` may be null.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('donations').addColumn('receipt_token', bytewiseText).execute()
  await sql`CREATE UNIQUE INDEX donations_receipt_token ON donations (receipt_token)
    WHERE receipt_token IS NOT NULL`.execute(db)
  await db.schema
    .alterTable('receipts')
    .alterColumn('issued_by_name', (col) => col.dropNotNull())
    .execute()
}
