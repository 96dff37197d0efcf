/**
 * The tables `club_types` and `club_roles`: the named catalogues (domain/named-catalogue.ts), alike but
 * for their names and a club role's rights (`manage_money`, `manage_members`). Each keeps its names
 * unique without regard to case (`<table>_name_key`).
 */
import type { NamedCatalogue } from '#domain/ports.ts'
import type { ClubRoleRecord, NamedRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { rethrowDuplicate } from './rows.ts'

const toNamed = (row: Row<'club_types'>): NamedRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
})

export const namedRow = (record: NamedRecord): NewRow<'club_types'> => ({
  id: record.id,
  name: record.name,
  created_at: record.createdAt,
})

const toClubRole = (row: Row<'club_roles'>): ClubRoleRecord => ({
  ...toNamed(row),
  manageMoney: row.manage_money,
  manageMembers: row.manage_members,
})

export const clubRoleRow = (record: ClubRoleRecord): NewRow<'club_roles'> => ({
  ...namedRow(record),
  manage_money: record.manageMoney,
  manage_members: record.manageMembers,
})

export const clubTypeCatalogue = (trx: Trx): NamedCatalogue => {
  const onDuplicate = rethrowDuplicate({ club_types_name_key: 'club-type-name' })
  return {
    get: async (id) => {
      const row = await trx.selectFrom('club_types').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toNamed(row) : null
    },
    list: async () => (await trx.selectFrom('club_types').selectAll().execute()).map(toNamed),
    insert: async (record) => {
      await trx.insertInto('club_types').values(namedRow(record)).execute().catch(onDuplicate)
    },
    update: async (record) => {
      await trx
        .updateTable('club_types')
        .set({ name: record.name })
        .where('id', '=', record.id)
        .execute()
        .catch(onDuplicate)
    },
    delete: async (id) => {
      await trx.deleteFrom('club_types').where('id', '=', id).execute()
    },
  }
}

export const clubRoleCatalogue = (trx: Trx): NamedCatalogue<ClubRoleRecord> => {
  const onDuplicate = rethrowDuplicate({ club_roles_name_key: 'club-role-name' })
  return {
    get: async (id) => {
      const row = await trx.selectFrom('club_roles').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toClubRole(row) : null
    },
    list: async () => (await trx.selectFrom('club_roles').selectAll().execute()).map(toClubRole),
    insert: async (record) => {
      await trx.insertInto('club_roles').values(clubRoleRow(record)).execute().catch(onDuplicate)
    },
    update: async (record) => {
      await trx
        .updateTable('club_roles')
        .set({ name: record.name, manage_money: record.manageMoney, manage_members: record.manageMembers })
        .where('id', '=', record.id)
        .execute()
        .catch(onDuplicate)
    },
    delete: async (id) => {
      await trx.deleteFrom('club_roles').where('id', '=', id).execute()
    },
  }
}
