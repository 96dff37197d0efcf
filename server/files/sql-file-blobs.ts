/**
 * The server's `FileBlobs`: a row in `file_blobs` per file on disk (server/files/disk-store.ts), written in
 * the request's transaction. What happens on disk follows the transaction:
 * - `stage` links the received file into place and undoes the link when the transaction rolls back;
 * - `release` deletes the row and removes the file only once the transaction has committed.
 * So a failed request leaves no file behind, and a committed one no row without its file. A crash between
 * commit and removal leaves a file without a row: the sweep (server/files/sweep.ts) finds it.
 */
import type { BlobContent, BlobInfo, ClaimResult, FileBlobs } from '#domain/ports.ts'
import type { Trx } from '#server/db/database.ts'
import type { TransactionEffects } from '#server/identity/transaction-effects.ts'
import type { DiskFiles } from './disk-store.ts'

const toInfo = (row: { path: string; size: number; content_type: string; claimed_at: string | null }): BlobInfo => ({
  path: row.path,
  size: row.size,
  contentType: row.content_type,
  claimed: row.claimed_at !== null,
})

export const sqlFileBlobs = (trx: Trx, disk: DiskFiles, effects: TransactionEffects): FileBlobs => {
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
      await disk.place(tempPath, path, true)
      effects.onRollback(`remove the staged file ${path}`, async () => {
        if (await disk.isLinkOf(tempPath, path)) await disk.remove(path)
      })
      return true
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
      if (deleted) effects.onCommit(`remove the released file ${path}`, () => disk.remove(path))
    },

    open: async (path): Promise<BlobContent | null> => {
      const found = await row(path)
      if (!found) return null
      const file = await disk.open(path)
      if (!file) return null
      return { ...toInfo(found), size: file.size, content: file.stream }
    },

    sign: async (text) => disk.sign(text),
    verify: async (text, signature) => disk.verify(text, signature),
  }
}
