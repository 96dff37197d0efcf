/** The table `files`: a club's images and documents (their bytes: server/files). */
import type { FileRepository } from '#domain/ports.ts'
import type { FileRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { groupByClub } from './rows.ts'

const toFile = (row: Row<'files'>): FileRecord => ({
  id: row.id,
  clubId: row.club_id,
  kind: row.kind as FileRecord['kind'],
  label: row.label as FileRecord['label'],
  name: row.name,
  path: row.path,
  contentType: row.content_type,
  size: row.size,
  uploadedAt: row.uploaded_at,
})

export const fileRow = (file: FileRecord): NewRow<'files'> => ({
  id: file.id,
  club_id: file.clubId,
  kind: file.kind,
  label: file.label,
  name: file.name,
  path: file.path,
  content_type: file.contentType,
  size: file.size,
  uploaded_at: file.uploadedAt,
})

export const fileRepository = (trx: Trx): FileRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toFile(row) : null
  },
  listByClub: async (clubId) =>
    (await trx.selectFrom('files').selectAll().where('club_id', '=', clubId).execute()).map(toFile),
  listByClubs: async (clubIds) => {
    if (clubIds.length === 0) return new Map()
    return groupByClub(
      (
        await trx
          .selectFrom('files')
          .selectAll()
          .where('club_id', 'in', [...clubIds])
          .execute()
      ).map(toFile),
    )
  },
  insert: async (file) => {
    await trx.insertInto('files').values(fileRow(file)).execute()
  },
  delete: async (id) => {
    await trx.deleteFrom('files').where('id', '=', id).execute()
  },
})
