/**
 * SMTP through nodemailer, from a connection URL (`SMTP_URL`: `smtp://user:pass@host:587`, `smtps://…:465`;
 * nodemailer's query options such as `?pool=true` apply). Time limits are short, so a dead server fails an
 * attempt quickly and the dispatcher retries later, instead of holding the outbox for minutes.
 */
import nodemailer from 'nodemailer'
import type { OutboxMessage } from './message.ts'

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message; rejects when it did not. */
  send(message: OutboxMessage): Promise<void>
  close(): void
}

/** The message as nodemailer takes it (SMTP here, the `.eml` files of mail-folder.ts). */
export const nodemailerMessage = (message: OutboxMessage) => ({
  from: message.from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  messageId: message.messageId,
  headers: { ...message.headers },
})

export const smtpTransport = (url: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    send: async (message) => {
      await transporter.sendMail(nodemailerMessage(message))
    },
    close: () => transporter.close(),
  }
}

/** `smtp://user:secret@host:587` → `smtp://host:587`: for log lines. */
export const describeSmtpUrl = (url: string): string => {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return '(unparsable SMTP_URL)'
  }
}
