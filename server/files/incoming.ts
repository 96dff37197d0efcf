/**
 * An upload's body streamed into a temporary file on this machine, with a byte count: 413 as soon as it
 * passes the limit, and nothing of a refused or cut-off upload stays. The first bytes are kept for the
 * domain's content check. Both stores receive this way; the bytes reach the store only once checked.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { FILE_KIND_HEAD_BYTES } from '#checks/file-kind.ts'
import { AbortedUploadError, TooLargeError } from '#server/uploads.ts'
import type { IncomingFile } from './file-store.ts'

export const receiveInto = (folder: string, body: Readable, maxBytes: number): Promise<IncomingFile> =>
  new Promise<IncomingFile>((resolvePromise, reject) => {
    const tempPath = join(folder, randomUUID())
    const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 })
    let size = 0
    const head: Buffer[] = []
    let headLength = 0
    let failed = false
    const fail = (error: Error) => {
      if (failed) return
      failed = true
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
    body.once('error', (error) => fail(error))
    body.once('aborted', () => fail(new AbortedUploadError()))
    body.once('close', () => {
      // A request stream that closes before 'end' was cut off by the client.
      if (!body.readableEnded) fail(new AbortedUploadError())
    })
    out.once('error', (error) => fail(error))
    body.once('end', () => {
      if (failed) return
      out.end(() => {
        if (failed) return
        resolvePromise({ tempPath, size, head: new Uint8Array(Buffer.concat(head)) })
      })
    })
  })
