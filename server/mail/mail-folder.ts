/**
 * Without SMTP, a local developer still wants to read what the portal sent (an invitation's link, a
 * release notice): with `MAIL_DIR` set, every committed outbox mail is also written there as one `.eml`
 * file, the message exactly as it would go out over SMTP (absolute links, Message-ID), which any mail
 * program or text editor opens. `npm start` sets it to `DATA_DIR/mail`. The outbox table stays the record;
 * the folder is a convenience and holds tokens, so it is meant for a developer's machine, not production.
 *
 * nodemailer's stream transport builds the RFC 822 message, so the file is what the SMTP path would send.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { OutgoingMail } from '#domain/records.ts'
import { outboxMessage } from './message.ts'
import { nodemailerMessage } from './smtp.ts'

export interface MailFolderOptions {
  readonly dir: string
  readonly from: string
  readonly appOrigin: string
  /** The file's time stamp (tests). */
  readonly now?: () => Date
}

/** A file name that sorts by time and says what the mail is: `2026-11-24T10-15-00-123Z-INVITATION-<id>.eml`. */
const fileNameOf = (at: Date, kind: string, id: string) => `${at.toISOString().replace(/[:.]/g, '-')}-${kind}-${id}.eml`

export const mailFolderWriter = (options: MailFolderOptions) => {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (mails: readonly OutgoingMail[]): Promise<string[]> => {
    await mkdir(options.dir, { recursive: true })
    const files: string[] = []
    for (const mail of mails) {
      const id = randomUUID()
      const message = outboxMessage({ id, ...mail }, options)
      const built = await transporter.sendMail(nodemailerMessage(message))
      const file = path.join(options.dir, fileNameOf(options.now?.() ?? new Date(), mail.kind, id))
      await writeFile(file, built.message as Buffer)
      files.push(file)
    }
    return files
  }
}
