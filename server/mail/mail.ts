/**
 * The server's mail, put together (server/main.ts): the domain's mailer writes to the outbox table in the
 * request's transaction (`outboxMailer`, server/mail/outbox.ts), so a failed request sends nothing; what
 * happens after the commit depends on `SMTP_URL`:
 *
 * - set: the dispatcher (dispatcher.ts) delivers the outbox over SMTP, woken by every commit that queued
 *   mail and polling besides;
 * - not set: the mails stay in the outbox, and each one committed gets a log line (recipient and subject,
 *   never the text: its links carry tokens). A developer reads the whole mail as an `.eml` file in
 *   `MAIL_DIR` when set (mail-folder.ts; `npm start` sets it), in the table `mail_outbox`, or with
 *   `--test-hooks` at `GET /__mock/mailbox`.
 */
import type { OpenDatabase } from '#server/db/database.ts'
import { currentRequestId, outsideRequest } from '#server/request-context.ts'
import type { Logger } from '#server/logger.ts'
import { createMailDispatcher } from './dispatcher.ts'
import { mailFolderWriter } from './mail-folder.ts'
import type { MailDispatcher, MailDispatcherOptions } from './dispatcher.ts'
import { signalQueuedMail } from './queued.ts'
import { describeSmtpUrl, smtpTransport } from './smtp.ts'
import type { MailTransport } from './smtp.ts'

export interface MailConfig {
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  readonly appOrigin: string
  readonly mailDir?: string | undefined
}

export interface ServerMail {
  /** The database to build the backend on (server/backend.ts): its commits hand on the mails they queued. */
  readonly database: OpenDatabase
  readonly mode: 'smtp' | 'outbox'
  /** The dispatcher (SMTP only). */
  readonly dispatcher: MailDispatcher | null
  /** Stops the dispatcher (graceful shutdown, before the database closes). */
  stop(): Promise<void>
}

export interface StartMailOptions {
  /** Instead of SMTP to `smtpUrl` (tests). */
  readonly transport?: MailTransport
  /** Dispatcher settings (tests: clock, back-off, polling). */
  readonly dispatcher?: Partial<Omit<MailDispatcherOptions, 'database' | 'transport' | 'logger' | 'from' | 'appOrigin'>>
}

export const startMail = (
  database: OpenDatabase,
  config: MailConfig,
  logger: Logger,
  options: StartMailOptions = {},
): ServerMail => {
  const onError = (error: unknown) => logger.error({ err: error }, 'mail: handling committed mail failed')
  if (!config.smtpUrl) {
    const writeToFolder = config.mailDir
      ? mailFolderWriter({ dir: config.mailDir, from: config.mailFrom, appOrigin: config.appOrigin })
      : null
    return {
      database: signalQueuedMail(
        database,
        (mails) => {
          for (const mail of mails) {
            logger.info(
              { kind: mail.kind, to: mail.to, subject: mail.subject, reqId: currentRequestId() },
              'mail queued in the outbox (no SMTP_URL: not sent)',
            )
          }
          writeToFolder?.(mails).then((files) => {
            for (const file of files) logger.info({ file }, 'mail written to MAIL_DIR')
          }, onError)
        },
        onError,
      ),
      mode: 'outbox',
      dispatcher: null,
      stop: () => Promise.resolve(),
    }
  }
  const dispatcher = createMailDispatcher({
    ...options.dispatcher,
    database,
    transport: options.transport ?? smtpTransport(config.smtpUrl),
    logger,
    from: config.mailFrom,
    appOrigin: config.appOrigin,
  })
  dispatcher.start()
  logger.info(
    { smtp: describeSmtpUrl(config.smtpUrl), from: config.mailFrom, appOrigin: config.appOrigin },
    'mail: delivering the outbox over SMTP',
  )
  return {
    // The pass a commit wakes belongs to no request: each mail names its own (the outbox row's).
    database: signalQueuedMail(database, () => outsideRequest(() => dispatcher.wake()), onError),
    mode: 'smtp',
    dispatcher,
    stop: () => dispatcher.stop(),
  }
}
