/**
 * The domain tests' client: real requests (a `Request` in, a `Response` out) to the backend under test,
 * signed in as a seed account where asked. The same calls run against every store.
 */
import { backendUnderTest } from './backend-under-test.ts'

export const ORIGIN = 'http://localhost:3000'
export const API = `${ORIGIN}/api/backend/v1`

export interface CallOptions {
  /** Sign in as this user (e-mail); default: no token. */
  as?: string
  /** A raw Authorization header value (wins over `as`). */
  authorization?: string
  body?: unknown
  /** A body sent as is (e.g. malformed JSON). */
  rawBody?: string
  /** Bytes sent as the body (an upload), with `contentType` (default application/octet-stream). */
  bytes?: Uint8Array
  contentType?: string
  query?: Record<string, string | number | boolean | undefined>
}

export interface CallResult<T = unknown> {
  status: number
  body: T
  headers: Headers
}

/** A `call` that sends its requests with `send`, signing in with tokens from `tokenFor`. */
export const createCallClient =
  (send: (request: Request) => Promise<Response>, tokenFor: (email: string) => string | Promise<string>) =>
  // Tests read nested fields of many shapes; they state the type where it matters.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async <T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> => {
    const url = new URL(path.startsWith('/__mock') ? `${ORIGIN}${path}` : `${API}${path}`)
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value))
    const headers = new Headers({ Accept: 'application/json' })
    const authorization = options.authorization ?? (options.as ? `Bearer ${await tokenFor(options.as)}` : undefined)
    if (authorization) headers.set('Authorization', authorization)
    let body: string | Uint8Array<ArrayBuffer> | undefined
    if (options.bytes !== undefined) {
      body = new Uint8Array(options.bytes)
      headers.set('Content-Type', options.contentType ?? 'application/octet-stream')
    } else {
      if (options.rawBody !== undefined) body = options.rawBody
      else if (options.body !== undefined) body = JSON.stringify(options.body)
      if (body !== undefined) headers.set('Content-Type', 'application/json')
    }
    const response = await send(new Request(url, { method, headers, body }))
    const text = await response.text()
    // JSON answers parsed; anything else (a downloaded file) as text.
    const json = /json/.test(response.headers.get('content-type') ?? 'application/json')
    return {
      status: response.status,
      body: (text ? (json ? JSON.parse(text) : text) : undefined) as T,
      headers: response.headers,
    }
  }

/** A request to the backend under test (see backend-under-test.ts). */
export const call = createCallClient(
  (request) => backendUnderTest().handle(request),
  (email) => backendUnderTest().idTokenFor(email),
)

/** The problem kind of an error answer (`…/problems/<kind>`). */
export const kindOf = (result: CallResult): string | undefined =>
  (result.body as { type?: string } | undefined)?.type?.split('/').pop()

export interface SentMail {
  id: string
  to: string
  kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'INVITATION' | 'CLUB_RELEASED'
  subject: string
  text: string
  link: string
  sentAt: string
}

/** The mails the backend has sent, newest first. */
export const sentMails = async (): Promise<SentMail[]> => (await call<SentMail[]>('GET', '/__mock/mailbox')).body

/** A valid ID token for a user of the store. */
export const idTokenFor = (email: string): Promise<string> => backendUnderTest().idTokenFor(email)
