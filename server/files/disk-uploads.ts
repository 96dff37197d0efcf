/** An upload's bytes in a temporary file on this machine while the domain checks them (server/uploads.ts). */
import type { UploadReceiver } from '#server/uploads.ts'
import type { FileStore } from './file-store.ts'

export const diskUploads = (files: FileStore): UploadReceiver => ({
  receive: async (body, maxBytes, options) => {
    const incoming = await files.receive(body, maxBytes, options)
    return { size: incoming.size, head: incoming.head, content: incoming.tempPath }
  },
  discard: (received) => files.discardTemp(received.content as string),
})
