/**
 * An outbox mail as it leaves over SMTP. The domain composes mails with links relative to the app
 * (`/acceptInvitation?token=…`, domain/mails.ts), which the mocked mailbox and the outbox keep as they are;
 * a delivered mail needs them absolute, so the app's origin (`APP_ORIGIN`) goes in front of the link in
 * the text. The Message-ID is the outbox id: a mail delivered twice (at least once, see dispatcher.ts)
 * carries the same id both times, which lets a mail system recognise the copy.
 */
import type { MailKind } from '#domain/records.ts'

export interface OutboxMessage {
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly messageId: string
  readonly headers: Readonly<Record<string, string>>
}

export interface MessageSource {
  readonly id: string
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly text: string
  readonly link: string
}

/** The app link absolute: `appOrigin` in front of a relative one; an absolute link stays. */
export const absoluteLink = (appOrigin: string, link: string): string =>
  /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `${appOrigin.replace(/\/+$/, '')}${link.startsWith('/') ? '' : '/'}${link}`

/** The domain of the sender's address (`Vereinsportal <no-reply@vereinsportal.at>` → `vereinsportal.at`). */
export const senderDomain = (from: string): string => /@([^\s<>@]+?)>?\s*$/.exec(from)?.[1] ?? 'vereinsportal.at'

export const outboxMessage = (
  mail: MessageSource,
  options: { readonly from: string; readonly appOrigin: string },
): OutboxMessage => ({
  from: options.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.link === '' ? mail.text : mail.text.split(mail.link).join(absoluteLink(options.appOrigin, mail.link)),
  messageId: `<${mail.id}@${senderDomain(options.from)}>`,
  headers: { 'X-Vereinsportal-Mail': mail.kind },
})
