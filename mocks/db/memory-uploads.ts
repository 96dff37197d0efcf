/** An upload's bytes in memory while the domain checks them: mock:server's upload receiver (server/uploads.ts). */
import { FILE_KIND_HEAD_BYTES } from '#checks/file-kind.ts'
import { AbortedUploadError, TooLargeError, watchIdle } from '#server/uploads.ts'
import type { UploadReceiver } from '#server/uploads.ts'

export const memoryUploads: UploadReceiver = {
  receive: (body, maxBytes, options = {}) =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      let size = 0
      let settled = false
      const finish = (error: Error | null) => {
        if (settled) return
        settled = true
        stopWatching()
        body.off('data', onData)
        body.off('end', onEnd)
        body.off('error', onError)
        body.off('close', onClose)
        if (error) {
          // No further byte is read; the refusal closes the connection.
          body.pause()
          reject(error)
          return
        }
        const content = new Uint8Array(Buffer.concat(chunks, size))
        resolve({ size, head: content.slice(0, FILE_KIND_HEAD_BYTES), content })
      }
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) finish(new TooLargeError(maxBytes))
        else chunks.push(chunk)
      }
      const onEnd = () => finish(null)
      const onError = (error: Error) => finish(error)
      const onClose = () => finish(new AbortedUploadError())
      body.on('data', onData)
      const stopWatching = watchIdle(body, options.idleTimeoutMs, finish)
      body.on('end', onEnd)
      body.on('error', onError)
      body.on('close', onClose)
    }),
  discard: async () => undefined,
}
