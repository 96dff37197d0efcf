/**
 * Where an upload's bytes go while they arrive, before the domain has checked them: a temporary file on
 * the server's disk (server/files/disk-store.ts), or memory in the mocked backend's server. The API route
 * of an upload (server/api-routes.ts) streams the request into a receiver and hands the domain what it
 * received; the receiver discards it afterwards.
 */
import type { Readable } from 'node:stream'

/** The body passed the limit; the rest is not read. */
export class TooLargeError extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`The body is larger than ${limit} bytes.`)
    this.name = 'TooLargeError'
    this.limit = limit
  }
}

/** The client stopped sending (closed the tab, aborted the upload). */
export class AbortedUploadError extends Error {
  constructor() {
    super('The upload was aborted by the client.')
    this.name = 'AbortedUploadError'
  }
}

export interface ReceivedBytes {
  readonly size: number
  /** The first bytes, for the domain's content check. */
  readonly head: Uint8Array
  /** The bytes in the form the backend's file store takes them (a temporary file's path, or the bytes). */
  readonly content: unknown
}

export interface UploadReceiver {
  /** Reads `body` whole, at most `maxBytes` (TooLargeError beyond, AbortedUploadError when the client goes). */
  receive(body: Readable, maxBytes: number): Promise<ReceivedBytes>
  /** Forgets what `receive` kept (nothing when it is gone already). */
  discard(received: ReceivedBytes): Promise<void>
}
