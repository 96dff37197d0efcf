/**
 * The table `payment_events`: the card provider's events applied so far, recorded in the transaction that
 * applies each, so an event is applied once however often it arrives.
 */
import type { PaymentEventLog } from '#domain/ports.ts'
import type { PaymentEventRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

export const toPaymentEvent = (row: Row<'payment_events'>): PaymentEventRecord => ({
  id: row.id,
  type: row.type,
  accountId: row.account_id,
  createdAt: Number(row.created_at),
  receivedAt: row.received_at,
})

export const paymentEventRow = (event: PaymentEventRecord): NewRow<'payment_events'> => ({
  id: event.id,
  type: event.type,
  account_id: event.accountId,
  created_at: event.createdAt,
  received_at: event.receivedAt,
})

export const paymentEventLog = (trx: Trx): PaymentEventLog => ({
  // ON CONFLICT: a second transaction recording the same id waits for the first, then inserts nothing and
  // gets false, instead of a unique violation that would abort it. On a PostgreSQL server under
  // SERIALIZABLE, an id committed after this transaction's snapshot is a serialization failure instead,
  // which database.ts retries: the retry sees the row and gets false.
  record: async (event) =>
    (await trx
      .insertInto('payment_events')
      .values(paymentEventRow(event))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()) !== undefined,
})
