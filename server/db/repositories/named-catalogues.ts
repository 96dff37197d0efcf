/**
 * The tables `club_types` and `club_roles`: the named catalogues (domain/named-catalogue.ts), alike but
 * for their names. Each keeps its names unique without regard to case (`<table>_name_key`).
 */
import type { DuplicateKeyError, NamedCatalogue } from '#domain/ports.ts'
import type { NamedRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { rethrowDuplicate } from './rows.ts'

export type NamedCatalogueTable = 'club_types' | 'club_roles'

const DUPLICATE: Readonly<Record<NamedCatalogueTable, DuplicateKeyError['key']>> = {
  club_types: 'club-type-name',
  club_roles: 'club-role-name',
}

const toNamed = (row: Row<NamedCatalogueTable>): NamedRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
})

export const namedRow = (record: NamedRecord): NewRow<NamedCatalogueTable> => ({
  id: record.id,
  name: record.name,
  created_at: record.createdAt,
})

export const namedCatalogue = (trx: Trx, table: NamedCatalogueTable): NamedCatalogue => {
  const onDuplicate = rethrowDuplicate({ [`${table}_name_key`]: DUPLICATE[table] })
  return {
    get: async (id) => {
      const row = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toNamed(row) : null
    },
    list: async () => (await trx.selectFrom(table).selectAll().execute()).map(toNamed),
    insert: async (record) => {
      await trx.insertInto(table).values(namedRow(record)).execute().catch(onDuplicate)
    },
    update: async (record) => {
      await trx.updateTable(table).set({ name: record.name }).where('id', '=', record.id).execute().catch(onDuplicate)
    },
    delete: async (id) => {
      await trx.deleteFrom(table).where('id', '=', id).execute()
    },
  }
}
