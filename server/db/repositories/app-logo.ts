/** The table `app_logo`: at most one row, the portal's logo (its bytes: server/files). */
import type { AppLogoRepository } from '#domain/ports.ts'
import type { AppLogoRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

const toAppLogo = (row: Row<'app_logo'>): AppLogoRecord => ({
  id: row.id,
  name: row.name,
  path: row.path,
  contentType: row.content_type as AppLogoRecord['contentType'],
  size: row.size,
  uploadedAt: row.uploaded_at,
})

export const appLogoRow = (logo: AppLogoRecord): NewRow<'app_logo'> => ({
  id: logo.id,
  name: logo.name,
  path: logo.path,
  content_type: logo.contentType,
  size: logo.size,
  uploaded_at: logo.uploadedAt,
})

export const appLogoRepository = (trx: Trx): AppLogoRepository => ({
  get: async () => {
    const row = await trx.selectFrom('app_logo').selectAll().executeTakeFirst()
    return row ? toAppLogo(row) : null
  },
  set: async (logo) => {
    await trx.deleteFrom('app_logo').execute()
    if (logo) await trx.insertInto('app_logo').values(appLogoRow(logo)).execute()
  },
})
