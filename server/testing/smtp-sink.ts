/**
 * A local SMTP server for tests (smtp-server, from nodemailer's author): accepts every message on
 * 127.0.0.1 without TLS or authentication and keeps it, decoded enough to read (headers with their
 * encoded words, a quoted-printable, base64 or 7-bit text body).
 */
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  readonly envelopeFrom: string
  readonly envelopeTo: string[]
  /** Lower-case names, decoded values. */
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly raw: string
}

export interface SmtpSink {
  readonly port: number
  readonly received: ReceivedMail[]
  close(): Promise<void>
}

const utf8 = (binary: string): string => Buffer.from(binary, 'latin1').toString('utf8')
const hexBytes = (text: string): string =>
  text.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))

const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : utf8(hexBytes(text.replace(/_/g, ' '))),
    )

export const parseMail = (raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMail => {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? utf8(hexBytes(body.replace(/=\r\n/g, '')))
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return { envelopeFrom, envelopeTo, headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''), raw }
}

/** Listens on `port` (a free one from freePort()). */
export const startSmtpSink = async (port: number): Promise<SmtpSink> => {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = session.envelope
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('latin1'),
            envelope.mailFrom ? envelope.mailFrom.address : '',
            envelope.rcptTo.map((address) => address.address),
          ),
        )
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
