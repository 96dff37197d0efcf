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

/** The client stopped sending: no byte of the body for longer than the idle limit. */
export class StalledUploadError extends Error {
  readonly idleMs: number
  constructor(idleMs: number) {
    super(`No byte of the body arrived for ${idleMs} ms.`)
    this.name = 'StalledUploadError'
    this.idleMs = idleMs
  }
}

/**
 * Calls `onIdle` once when `body` has sent no byte for `idleMs` (from now, then from each chunk); the
 * returned function stops watching. A body that stops arriving would otherwise hold its connection, its
 * temporary file and a request slot until the whole request's time limit, minutes later.
 */
export const watchIdle = (body: Readable, idleMs: number | undefined, onIdle: (error: Error) => void): (() => void) => {
  if (!idleMs) return () => undefined
  let timer = setTimeout(() => onIdle(new StalledUploadError(idleMs)), idleMs)
  const onData = () => {
    clearTimeout(timer)
    timer = setTimeout(() => onIdle(new StalledUploadError(idleMs)), idleMs)
  }
  body.on('data', onData)
  return () => {
    clearTimeout(timer)
    body.off('data', onData)
  }
}

export interface ReceiveOptions {
  /** Milliseconds the body may send nothing before it is given up (StalledUploadError); unset: no limit. */
  readonly idleTimeoutMs?: number | undefined
}

export interface ReceivedBytes {
  readonly size: number
  /** The first bytes, for the domain's content check. */
  readonly head: Uint8Array
  /** The bytes in the form the backend's file store takes them (a temporary file's path, or the bytes). */
  readonly content: unknown
}

export interface UploadReceiver {
  /**
   * Reads `body` whole, at most `maxBytes` (TooLargeError beyond, AbortedUploadError when the client goes,
   * StalledUploadError when it stops sending). Whatever fails, nothing of the body is kept.
   */
  receive(body: Readable, maxBytes: number, options?: ReceiveOptions): Promise<ReceivedBytes>
  /** Forgets what `receive` kept (nothing when it is gone already). */
  discard(received: ReceivedBytes): Promise<void>
}
