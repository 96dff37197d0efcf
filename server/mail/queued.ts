/**
 * Which mails a transaction queued, told once it has committed: the outbox mailer (server/mail/outbox.ts)
 * notes each mail against its transaction, and `signalQueuedMail` wraps the database so that a committed
 * transaction hands its mails on (the dispatcher wakes up; without SMTP, a log line per mail). A
 * transaction that rolls back, or is retried after a serialization conflict, hands on nothing from the
 * failed attempt: only the attempt that committed counts.
 */
import type { OutgoingMail } from '#domain/records.ts'
import type { OpenDatabase } from '#server/db/database.ts'

const queuedByTransaction = new WeakMap<object, OutgoingMail[]>()

/** Called by the outbox mailer after it wrote `mail` in the transaction `trx`. */
export const noteQueued = (trx: object, mail: OutgoingMail): void => {
  const queued = queuedByTransaction.get(trx)
  if (queued) queued.push(mail)
  else queuedByTransaction.set(trx, [mail])
}

const takeQueued = (trx: object): OutgoingMail[] => {
  const queued = queuedByTransaction.get(trx) ?? []
  queuedByTransaction.delete(trx)
  return queued
}

/**
 * The database, whose write transactions call `onCommitted` with the mails they queued, after the commit
 * (never for a transaction that queued none). An error of `onCommitted` is reported to `onError` and does
 * not fail the request, which has committed.
 */
export const signalQueuedMail = (
  database: OpenDatabase,
  onCommitted: (mails: readonly OutgoingMail[]) => void,
  onError: (error: unknown) => void,
): OpenDatabase => ({
  ...database,
  // Everything the caller asked for passes through: the request's time limit and the serial key too.
  transaction: async (work, readOnly = false, signal, serialKey) => {
    let queued: OutgoingMail[] = []
    const result = await database.transaction(
      async (trx) => {
        queued = []
        const value = await work(trx)
        queued = takeQueued(trx)
        return value
      },
      readOnly,
      signal,
      serialKey,
    )
    if (queued.length > 0) {
      try {
        onCommitted(queued)
      } catch (error) {
        onError(error)
      }
    }
    return result
  },
})
