/**
 * The tables of the donation receipts (migration 0014): `receipts`, `receipt_donation_locks` (one row per
 * donation an issued receipt covers, its primary key the donation's id) and `receipt_settings` (a club's
 * settings and its receipt counter).
 */
import { sql } from 'kysely'
import { DuplicateKeyError } from '#domain/ports.ts'
import type { ReceiptRepository } from '#domain/ports.ts'
import type { ReceiptRecord, ReceiptSettingsRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json } from './rows.ts'

const toReceipt = (row: Row<'receipts'>): ReceiptRecord => ({
  id: row.id,
  clubId: row.club_id,
  sequence: row.sequence,
  number: row.number,
  kind: row.kind as ReceiptRecord['kind'],
  country: row.country as ReceiptRecord['country'],
  year: row.year,
  donor: row.donor,
  lines: row.lines,
  totalCents: row.total_cents,
  place: row.place,
  issuedOn: row.issued_on,
  issuedAt: row.issued_at,
  issuedByName: row.issued_by_name,
  status: row.status as ReceiptRecord['status'],
  withdrawnAt: row.withdrawn_at,
  withdrawnByName: row.withdrawn_by_name,
  withdrawReason: row.withdraw_reason,
  replacesId: row.replaces_id,
  file: { path: row.file_path, sha256: row.file_sha256, size: row.file_size },
})

export const receiptRow = (receipt: ReceiptRecord): NewRow<'receipts'> => ({
  id: receipt.id,
  club_id: receipt.clubId,
  sequence: receipt.sequence,
  number: receipt.number,
  kind: receipt.kind,
  country: receipt.country,
  year: receipt.year,
  donor: json(receipt.donor),
  lines: json(receipt.lines),
  total_cents: receipt.totalCents,
  place: receipt.place,
  issued_on: receipt.issuedOn,
  issued_at: receipt.issuedAt,
  issued_by_name: receipt.issuedByName,
  status: receipt.status,
  withdrawn_at: receipt.withdrawnAt,
  withdrawn_by_name: receipt.withdrawnByName,
  withdraw_reason: receipt.withdrawReason,
  replaces_id: receipt.replacesId,
  file_path: receipt.file.path,
  file_sha256: receipt.file.sha256,
  file_size: receipt.file.size,
})

/** A row of `receipt_settings` with settings: one the counter made alone (`updated_at` null) has none. */
const toSettings = (row: Row<'receipt_settings'>, updatedAt: string): ReceiptSettingsRecord => ({
  clubId: row.club_id,
  place: row.place ?? '',
  signerName: row.signer_name ?? '',
  signerRole: row.signer_role ?? '',
  germany: row.germany,
  updatedAt,
})

/** The columns of the settings that putSettings writes: never the counter. */
const settingsColumns = (settings: ReceiptSettingsRecord) => ({
  place: settings.place,
  signer_name: settings.signerName,
  signer_role: settings.signerRole,
  germany: settings.germany === null ? null : json(settings.germany),
  updated_at: settings.updatedAt,
})

/** The seed's rows of `receipt_settings`: the settings, and the counter after the seed's receipts. */
export const receiptSettingsRow = (
  settings: ReceiptSettingsRecord,
  nextSequence: number,
): NewRow<'receipt_settings'> => ({
  club_id: settings.clubId,
  ...settingsColumns(settings),
  next_sequence: nextSequence,
})

/** The lock rows of a receipt: one per donation it covers. */
export const receiptLockRows = (receipt: ReceiptRecord): Array<NewRow<'receipt_donation_locks'>> =>
  receipt.lines.map((line) => ({ donation_id: line.donationId, receipt_id: receipt.id, club_id: receipt.clubId }))

export const receiptRepository = (trx: Trx): ReceiptRepository => ({
  // One statement: the row is inserted (first receipt: 1) or its counter incremented, under the row's lock,
  // so a concurrent transaction, in this process or another, waits and gets the next number (on a
  // PostgreSQL server under SERIALIZABLE it fails with a serialization conflict instead, and database.ts
  // runs it again). A rollback leaves a gap.
  nextSequence: async (clubId) => {
    const row = await trx
      .insertInto('receipt_settings')
      .values({ club_id: clubId, next_sequence: 2, updated_at: null })
      .onConflict((conflict) =>
        conflict.column('club_id').doUpdateSet({ next_sequence: sql`receipt_settings.next_sequence + 1` }),
      )
      .returning(sql<number>`next_sequence - 1`.as('sequence'))
      .executeTakeFirstOrThrow()
    return Number(row.sequence)
  },
  get: async (id) => {
    const row = await trx.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toReceipt(row) : null
  },
  // The locks by ON CONFLICT on the donation: one another receipt holds (or a second line of the same
  // donation) is the domain's error, and the transaction stays usable; what this call wrote goes again, so
  // nothing of the refused receipt is left. A lock of a transaction not yet committed is waited for: its
  // commit makes this one the duplicate (on a PostgreSQL server under SERIALIZABLE: a serialization failure,
  // which database.ts retries, and the retry sees the lock), its rollback lets this one through.
  insert: async (receipt) => {
    await trx.insertInto('receipts').values(receiptRow(receipt)).execute()
    if (receipt.lines.length === 0) return
    const locked = await trx
      .insertInto('receipt_donation_locks')
      .values(receiptLockRows(receipt))
      .onConflict((conflict) => conflict.column('donation_id').doNothing())
      .returning('donation_id')
      .execute()
    if (locked.length === receipt.lines.length) return
    await trx.deleteFrom('receipt_donation_locks').where('receipt_id', '=', receipt.id).execute()
    await trx.deleteFrom('receipts').where('id', '=', receipt.id).execute()
    throw new DuplicateKeyError('receipt-donation')
  },
  // Only the withdrawal: the rest of an issued receipt never changes.
  withdraw: async (receipt) => {
    await trx
      .updateTable('receipts')
      .set({
        status: receipt.status,
        withdrawn_at: receipt.withdrawnAt,
        withdrawn_by_name: receipt.withdrawnByName,
        withdraw_reason: receipt.withdrawReason,
      })
      .where('id', '=', receipt.id)
      .execute()
    await trx.deleteFrom('receipt_donation_locks').where('receipt_id', '=', receipt.id).execute()
  },
  // The index `receipts_page` (club, issued_at desc, sequence desc) gives the order.
  page: async (clubId, query) => {
    let filtered = trx.selectFrom('receipts').where('club_id', '=', clubId)
    if (query.from !== null) filtered = filtered.where('issued_on', '>=', query.from)
    if (query.to !== null) filtered = filtered.where('issued_on', '<=', query.to)
    const [rows, total] = await Promise.all([
      filtered
        .selectAll()
        .orderBy('issued_at', 'desc')
        .orderBy('sequence', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      filtered.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toReceipt), totalItems: Number(total.count) }
  },
  issuedForDonations: async (donationIds) => {
    if (donationIds.length === 0) return new Map()
    const rows = await trx
      .selectFrom('receipt_donation_locks')
      .innerJoin('receipts', 'receipts.id', 'receipt_donation_locks.receipt_id')
      .selectAll('receipts')
      .select('receipt_donation_locks.donation_id as locked_donation_id')
      .where('receipt_donation_locks.donation_id', 'in', [...donationIds])
      .execute()
    return new Map(rows.map(({ locked_donation_id, ...row }) => [locked_donation_id, toReceipt(row)]))
  },
  getSettings: async (clubId) => {
    const row = await trx.selectFrom('receipt_settings').selectAll().where('club_id', '=', clubId).executeTakeFirst()
    return row?.updated_at ? toSettings(row, row.updated_at) : null
  },
  putSettings: async (settings) => {
    await trx
      .insertInto('receipt_settings')
      .values({ club_id: settings.clubId, ...settingsColumns(settings) })
      .onConflict((conflict) => conflict.column('club_id').doUpdateSet(settingsColumns(settings)))
      .execute()
  },
})
