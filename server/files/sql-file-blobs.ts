/**
 * The server's `FileBlobs`: a row in `file_blobs` per stored file (server/files/file-store.ts: the disk or an
 * S3 bucket), written in the request's transaction. What happens in the store follows the transaction:
 * - `stage` puts the received file in place and removes it again when the transaction rolls back;
 * - `keep` (bytes the backend made, a receipt's PDF) writes them to a temporary file as an upload is
 *   received, places that claimed at once, and removes it again when the transaction rolls back;
 * - `release` deletes the row and removes the file only once the transaction has committed.
 * So a failed request leaves no file behind, and a committed one no row without its file. A crash between
 * commit and removal leaves a file without a row: the sweep (server/files/sweep.ts) finds it.
 */
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { BlobContent, BlobInfo, ClaimResult, FileBlobs } from '#domain/ports.ts'
import type { Trx } from '#server/db/database.ts'
import type { TransactionEffects } from '#server/identity/transaction-effects.ts'
import type { FileStore } from './file-store.ts'

const toInfo = (row: { path: string; size: number; content_type: string; claimed_at: string | null }): BlobInfo => ({
  path: row.path,
  size: row.size,
  contentType: row.content_type,
  claimed: row.claimed_at !== null,
})

export const sqlFileBlobs = (trx: Trx, store: FileStore, effects: TransactionEffects): FileBlobs => {
  const row = (path: string) =>
    trx
      .selectFrom('file_blobs')
      .select(['path', 'size', 'content_type', 'claimed_at'])
      .where('path', '=', path)
      .executeTakeFirst()

  return {
    get: async (path) => {
      const found = await row(path)
      return found ? toInfo(found) : null
    },

    stage: async (path, upload, contentType, now) => {
      const tempPath = upload.content
      if (typeof tempPath !== 'string') throw new Error('The server stages uploads from temporary files.')
      const inserted = await trx
        .insertInto('file_blobs')
        .values({ path, size: upload.size, content_type: contentType, staged_at: new Date(now), claimed_at: null })
        .onConflict((conflict) => conflict.column('path').doNothing())
        .returning('path')
        .executeTakeFirst()
      if (!inserted) return false
      // No row had this path, so a file there is a stray a crash left: it may be replaced.
      await store.place(tempPath, path, contentType, true)
      effects.onRollback(`remove the staged file ${path}`, async () => {
        if (await store.isPlacedFrom(tempPath, path)) await store.remove(path)
      })
      return true
    },

    // As `stage`, from a temporary file of the store's own (no limit but the bytes' own size). The temporary
    // file stays until the transaction has settled: a rollback removes the placed file only if it is still
    // the one placed from it (a transaction that took the path after the rollback may have placed its own).
    keep: async (path, bytes, contentType, now) => {
      const inserted = await trx
        .insertInto('file_blobs')
        .values({
          path,
          size: bytes.length,
          content_type: contentType,
          staged_at: new Date(now),
          claimed_at: new Date(now),
        })
        .onConflict((conflict) => conflict.column('path').doNothing())
        .returning('path')
        .executeTakeFirst()
      if (!inserted) return false
      const { tempPath } = await store.receive(Readable.from([Buffer.from(bytes)]), bytes.length)
      try {
        await store.place(tempPath, path, contentType, true)
      } catch (error) {
        await store.discardTemp(tempPath)
        throw error
      }
      effects.onRollback(`remove the kept file ${path}`, async () => {
        try {
          if (await store.isPlacedFrom(tempPath, path)) await store.remove(path)
        } finally {
          await store.discardTemp(tempPath)
        }
      })
      effects.onCommit(`discard the temporary file of ${path}`, () => store.discardTemp(tempPath))
      return true
    },

    readBytes: async (path) => {
      if (!(await row(path))) return null
      const file = await store.open(path)
      return file ? new Uint8Array(await buffer(file.stream)) : null
    },

    claim: async (path, expected, now): Promise<ClaimResult> => {
      const found = await trx
        .selectFrom('file_blobs')
        .select(['size', 'content_type', 'claimed_at'])
        .where('path', '=', path)
        .forUpdate()
        .executeTakeFirst()
      if (!found) return 'missing'
      if (found.claimed_at !== null) return 'in-use'
      if (found.size !== expected.size) return 'size-differs'
      if (found.content_type !== expected.contentType) return 'type-differs'
      await trx
        .updateTable('file_blobs')
        .set({ claimed_at: new Date(now) })
        .where('path', '=', path)
        .execute()
      return 'claimed'
    },

    release: async (path) => {
      const deleted = await trx.deleteFrom('file_blobs').where('path', '=', path).returning('path').executeTakeFirst()
      if (deleted) effects.onCommit(`remove the released file ${path}`, () => store.remove(path))
    },

    open: async (path): Promise<BlobContent | null> => {
      const found = await row(path)
      if (!found) return null
      const file = await store.open(path)
      if (!file) return null
      return { ...toInfo(found), size: file.size, content: file.stream }
    },

    sign: async (text) => store.sign(text),
    verify: async (text, signature) => store.verify(text, signature),
    ...(store.directLink
      ? { directLink: (path, response, validity) => store.directLink!(path, response, validity) }
      : {}),
  }
}
