/**
 * The request that queued a mail (its `X-Request-Id`, or the id the server gave it): the dispatcher sends
 * the mail later, maybe in another process, and names that request in its log lines, so an operator
 * follows one request from its answer to the delivery of its mail. Null for mails queued by no request.
 */
import type { Kysely } from 'kysely'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('mail_outbox').addColumn('request_id', 'text').execute()
}
