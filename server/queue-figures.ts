/**
 * The queues the server works off in the background, read for a metrics scrape (server/metrics.ts): the
 * mail outbox (through its pending index) and the staged uploads. One read-only unit of work, cancelled at
 * `signal` like a request's, so a busy database delays a scrape by at most its time limit.
 */
import { sql } from 'kysely'
import type { OpenDatabase } from './db/database.ts'

export interface QueueFigures {
  /** Mails neither sent nor given up. */
  readonly mailPending: number
  /** Of those, the ones due for an attempt now. */
  readonly mailDue: number
  /** When the oldest pending mail was queued (epoch ms), or null. */
  readonly mailOldestPending: number | null
  /** Uploads no record has claimed. */
  readonly stagedUploads: number
  /** When the oldest of them was staged (epoch ms), or null. */
  readonly stagedOldest: number | null
}

const epochMs = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso))

export const readQueueFigures = (database: OpenDatabase, signal: AbortSignal): Promise<QueueFigures> =>
  database.transaction(
    async (trx) => {
      const mail = await trx
        .selectFrom('mail_outbox')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .select((eb) => [
          eb.fn.countAll<number>().as('pending'),
          sql<number>`count(*) FILTER (WHERE next_attempt_at IS NULL OR next_attempt_at <= now())`.as('due'),
          eb.fn.min<string | null>('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow()
      const staged = await trx
        .selectFrom('file_blobs')
        .where('claimed_at', 'is', null)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<string | null>('staged_at').as('oldest')])
        .executeTakeFirstOrThrow()
      return {
        mailPending: Number(mail.pending),
        mailDue: Number(mail.due),
        mailOldestPending: epochMs(mail.oldest),
        stagedUploads: Number(staged.count),
        stagedOldest: epochMs(staged.oldest),
      }
    },
    true,
    signal,
  )
