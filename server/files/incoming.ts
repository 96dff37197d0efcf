/**
 * An upload's body streamed into a temporary file on this machine, with a byte count: 413 as soon as it
 * passes the limit, and nothing of a refused or cut-off upload stays. The first bytes are kept for the
 * domain's content check. Both stores receive this way; the bytes reach the store only once checked.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import type { WriteStream } from 'node:fs'
import { readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { FILE_KIND_HEAD_BYTES } from '#checks/file-kind.ts'
import { problem } from '#domain/problem.ts'
import { AbortedUploadError, TooLargeError, watchIdle } from '#server/uploads.ts'
import type { ReceiveOptions } from '#server/uploads.ts'
import type { IncomingFile } from './file-store.ts'

/** The disk is full, or the server's user has used up its quota. */
export const isOutOfSpace = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code
  return code === 'ENOSPC' || code === 'EDQUOT'
}

export const storageFull = (): Error =>
  problem('insufficient-storage', 'The server’s file storage is full; nothing was kept.')

type OpenWrite = (path: string, options: { flags: string; mode: number }) => WriteStream

/**
 * Given up when the body sends nothing for `options.idleTimeoutMs` (StalledUploadError); a full disk is
 * the 507 problem. `open` is the file system's write (the tests put a failing one in).
 */
export const receiveInto = (
  folder: string,
  body: Readable,
  maxBytes: number,
  options: ReceiveOptions = {},
  open: OpenWrite = createWriteStream,
): Promise<IncomingFile> =>
  new Promise<IncomingFile>((resolvePromise, reject) => {
    const tempPath = join(folder, randomUUID())
    const out = open(tempPath, { flags: 'wx', mode: 0o600 })
    let size = 0
    const head: Buffer[] = []
    let headLength = 0
    let failed = false
    const fail = (error: Error) => {
      if (failed) return
      failed = true
      stopWatching()
      body.off('data', onData)
      // Stop reading; what was written goes.
      body.pause()
      // The file may still be opening: remove it only once the stream has closed (else the open can
      // recreate it after the unlink), and answer only after that, so a refused upload leaves nothing.
      const removeThenReject = () => {
        void unlink(tempPath)
          .catch(() => undefined)
          .then(() => reject(error))
      }
      if (out.closed) removeThenReject()
      else {
        out.once('close', removeThenReject)
        out.destroy()
      }
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) return fail(new TooLargeError(maxBytes))
      if (headLength < FILE_KIND_HEAD_BYTES) {
        head.push(chunk.subarray(0, FILE_KIND_HEAD_BYTES - headLength))
        headLength += Math.min(chunk.length, FILE_KIND_HEAD_BYTES - headLength)
      }
      if (!out.write(chunk)) {
        body.pause()
        out.once('drain', () => body.resume())
      }
    }
    body.on('data', onData)
    const stopWatching = watchIdle(body, options.idleTimeoutMs, fail)
    body.once('error', (error) => fail(error))
    body.once('aborted', () => fail(new AbortedUploadError()))
    body.once('close', () => {
      // A request stream that closes before 'end' was cut off by the client.
      if (!body.readableEnded) fail(new AbortedUploadError())
    })
    out.once('error', (error) => fail(isOutOfSpace(error) ? storageFull() : error))
    body.once('end', () => {
      stopWatching()
      if (failed) return
      // The last bytes are written on end: a full disk may refuse them only now.
      out.end((error?: Error | null) => {
        if (failed) return
        if (error) return fail(isOutOfSpace(error) ? storageFull() : error)
        resolvePromise({ tempPath, size, head: new Uint8Array(Buffer.concat(head)) })
      })
    })
  })

/** The temporary files in `folder` and when each last changed (the sweep removes those left behind). */
export const scanIncoming = async (folder: string): Promise<Array<{ tempPath: string; modifiedMs: number }>> => {
  const temps: Array<{ tempPath: string; modifiedMs: number }> = []
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    const info = await stat(join(folder, entry)).catch(() => null)
    if (info) temps.push({ tempPath: join(folder, entry), modifiedMs: info.mtimeMs })
  }
  return temps
}
