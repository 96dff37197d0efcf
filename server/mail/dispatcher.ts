/**
 * Delivers the mail outbox over SMTP, after the requests that queued the mails have committed.
 *
 * - When: every `pollMs` (5 s), and at once when a committed transaction queued mail (`wake`, wired in
 *   server/mail/mail.ts). One pass at a time per process; a wake during a pass runs one more pass after it.
 * - How: a pass claims due mails in batches (outbox.ts: an attempt counted, a lease taken, rows another
 *   dispatcher holds skipped), sends each with the transport outside any transaction, and marks it sent.
 * - Failures: the attempt's error is recorded and the mail is due again after a back-off (30 s, doubling,
 *   at most an hour); after `maxAttempts` (10, about three hours) it is given up with an error log line.
 *   A mail older than `maxAgeMs` (a day) when its turn comes is given up unsent: its links have expired,
 *   and a developer database that switches to SMTP does not send a backlog of old mails.
 * - At least once: a mail is marked sent after the SMTP server accepted it; a crash (or a failed write)
 *   in between sends it again when its lease ends. The Message-ID is stable (message.ts).
 * - One dispatcher per database: on PostgreSQL several server processes may run one each, the claims
 *   never overlap (`FOR UPDATE SKIP LOCKED`); PGlite belongs to one process.
 */
import type { Clock } from '#domain/ports.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import type { Logger } from '#server/logger.ts'
import { outboxMessage } from './message.ts'
import { claimDueMails, markGivenUp, markRetry, markSent, releaseClaims } from './outbox.ts'
import type { ClaimedMail } from './outbox.ts'
import type { MailTransport } from './smtp.ts'

const SECOND = 1000
const HOUR = 3600 * SECOND

/** 30 s after the first failed attempt, doubling, at most an hour. */
export const defaultRetryDelayMs = (attempts: number): number =>
  Math.min(30 * SECOND * 2 ** Math.max(0, attempts - 1), HOUR)

export interface MailDispatcherOptions {
  readonly database: OpenDatabase
  readonly transport: MailTransport
  readonly logger: Logger
  /** The sender (`MAIL_FROM`). */
  readonly from: string
  /** Put in front of the mails' app links (`APP_ORIGIN`). */
  readonly appOrigin: string
  readonly clock?: Clock
  readonly pollMs?: number
  /** Mails claimed at once. */
  readonly batchSize?: number
  readonly maxAttempts?: number
  /** The pause after the `attempts`-th failed attempt. */
  readonly retryDelayMs?: (attempts: number) => number
  /** How long a claim holds a mail; longer than a batch can take to send. */
  readonly leaseMs?: number
  readonly maxAgeMs?: number
  /** Hears the outcome of each attempt (metrics). */
  readonly onOutcome?: (outcome: 'sent' | 'retry' | 'given-up') => void
}

export interface MailDispatcher {
  /** Polls every `pollMs` and answers `wake`. */
  start(): void
  /** Mail was committed: deliver it now (when started). */
  wake(): void
  /** One pass now (or joins the running one): resolves with the number of mails delivered. */
  tick(): Promise<number>
  /** Stops polling, lets the running pass finish its current mail, hands back the rest, closes the transport. */
  stop(): Promise<void>
}

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'unknown error'

export const createMailDispatcher = (options: MailDispatcherOptions): MailDispatcher => {
  const { database, transport, logger } = options
  const clock = options.clock ?? { now: () => Date.now() }
  const pollMs = options.pollMs ?? 5 * SECOND
  const batchSize = options.batchSize ?? 10
  const maxAttempts = options.maxAttempts ?? 10
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs
  const leaseMs = options.leaseMs ?? 10 * 60 * SECOND
  const maxAgeMs = options.maxAgeMs ?? 24 * HOUR

  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | null = null
  let again = false

  const describe = (mail: ClaimedMail) => ({
    mailId: mail.id,
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    attempts: mail.attempts,
    // The request that queued the mail: its lines and these share the id.
    reqId: mail.requestId ?? undefined,
  })

  /** Sends one claimed mail and records the outcome; true when it was delivered. */
  const deliver = async (mail: ClaimedMail): Promise<boolean> => {
    const now = clock.now()
    if (now - Date.parse(mail.createdAt) > maxAgeMs) {
      await markGivenUp(database, mail.id, `not sent: older than ${Math.round(maxAgeMs / HOUR)} h`, now)
      logger.warn(describe(mail), 'mail given up unsent: too old to deliver')
      options.onOutcome?.('given-up')
      return false
    }
    try {
      await transport.send(outboxMessage(mail, options))
    } catch (error) {
      const reason = messageOf(error)
      const failedAt = clock.now()
      if (mail.attempts >= maxAttempts) {
        await markGivenUp(database, mail.id, reason, failedAt)
        logger.error({ ...describe(mail), err: error }, `mail not delivered: giving up after ${mail.attempts} attempts`)
        options.onOutcome?.('given-up')
      } else {
        const next = failedAt + retryDelayMs(mail.attempts)
        await markRetry(database, mail.id, reason, next)
        logger.warn(
          { ...describe(mail), err: error, nextAttemptAt: new Date(next).toISOString() },
          'mail delivery failed; it is tried again',
        )
        options.onOutcome?.('retry')
      }
      return false
    }
    try {
      await markSent(database, mail.id, clock.now())
    } catch (error) {
      // Sent, but not marked: sent again when the lease ends (at least once).
      logger.warn({ ...describe(mail), err: error }, 'mail sent but not marked as sent; it may be sent again')
    }
    logger.info(describe(mail), 'mail sent')
    options.onOutcome?.('sent')
    return true
  }

  const pass = async (): Promise<number> => {
    let delivered = 0
    for (;;) {
      let batch: ClaimedMail[]
      try {
        batch = await claimDueMails(database, clock.now(), leaseMs, batchSize)
      } catch (error) {
        logger.warn({ err: error }, 'mail: could not read the outbox; trying again later')
        return delivered
      }
      for (const [index, mail] of batch.entries()) {
        if (stopped) {
          await releaseClaims(
            database,
            batch.slice(index).map((claimed) => claimed.id),
          ).catch((error: unknown) => logger.warn({ err: error }, 'mail: could not hand back claimed mails'))
          return delivered
        }
        try {
          if (await deliver(mail)) delivered++
        } catch (error) {
          // Recording the outcome failed (the database): the lease makes the mail due again.
          logger.warn({ ...describe(mail), err: error }, 'mail: could not record a delivery attempt')
        }
      }
      if (batch.length < batchSize || stopped) return delivered
    }
  }

  const schedule = () => {
    clearTimeout(timer)
    if (!started || stopped) return
    timer = setTimeout(() => void run(), pollMs)
    timer.unref()
  }

  const run = (): Promise<number> => {
    if (stopped) return Promise.resolve(0)
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let delivered = 0
      do {
        again = false
        delivered += await pass()
      } while (again && !stopped)
      return delivered
    })().finally(() => {
      running = null
      schedule()
    })
    return running
  }

  return {
    start: () => {
      if (started || stopped) return
      started = true
      void run()
    },
    wake: () => {
      if (started && !stopped) void run()
    },
    tick: () => run(),
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
      transport.close()
    },
  }
}
