/** The table `memberships`: who belongs to which club, in which club role. */
import type { MembershipRepository } from '#domain/ports.ts'
import type { MembershipRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import type { UserTouched } from './users.ts'

const toMembership = (row: Row<'memberships'>): MembershipRecord => ({
  id: row.id,
  clubId: row.club_id,
  uid: row.uid,
  clubRoleId: row.club_role_id,
  createdAt: row.created_at,
})

export const membershipRow = (membership: MembershipRecord): NewRow<'memberships'> => ({
  id: membership.id,
  club_id: membership.clubId,
  uid: membership.uid,
  club_role_id: membership.clubRoleId,
  created_at: membership.createdAt,
})

const UIDS_PER_QUERY = 10_000

/** `touched` hears of every user whose memberships a write changed (see UserTouched). */
export const membershipRepository = (trx: Trx, touched: UserTouched): MembershipRepository => {
  const list = (column: 'uid' | 'club_id' | 'club_role_id', value: string) =>
    trx
      .selectFrom('memberships')
      .selectAll()
      .where(column, '=', value)
      .execute()
      .then((rows) => rows.map(toMembership))
  return {
    listByUser: (uid) => list('uid', uid),
    listByClub: (clubId) => list('club_id', clubId),
    listByRole: (clubRoleId) => list('club_role_id', clubRoleId),
    countByClub: async (clubId) =>
      Number(
        (
          await trx
            .selectFrom('memberships')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('club_id', '=', clubId)
            .executeTakeFirstOrThrow()
        ).count,
      ),
    countsByRole: async () => {
      const rows = await trx
        .selectFrom('memberships')
        .select(['club_role_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('club_role_id')
        .execute()
      return new Map(rows.map((row) => [row.club_role_id, Number(row.count)]))
    },
    clubsOfUsers: async (uids) => {
      const out = new Map<string, Array<{ id: string; name: string }>>()
      // One query for every user of the list; chunks only keep a very long list under PostgreSQL's limit
      // of parameters in one statement.
      for (let start = 0; start < uids.length; start += UIDS_PER_QUERY) {
        const rows = await trx
          .selectFrom('memberships')
          .innerJoin('clubs', 'clubs.id', 'memberships.club_id')
          .select(['memberships.uid', 'clubs.id', 'clubs.name'])
          .where('memberships.uid', 'in', uids.slice(start, start + UIDS_PER_QUERY))
          .orderBy('clubs.name_key')
          .orderBy('clubs.id')
          .execute()
        for (const row of rows) {
          const list = out.get(row.uid)
          if (list) list.push({ id: row.id, name: row.name })
          else out.set(row.uid, [{ id: row.id, name: row.name }])
        }
      }
      return out
    },
    insert: async (membership) => {
      await trx.insertInto('memberships').values(membershipRow(membership)).execute()
      touched(membership.uid)
    },
    update: async (membership) => {
      await trx
        .updateTable('memberships')
        .set({ club_role_id: membership.clubRoleId })
        .where('id', '=', membership.id)
        .execute()
      touched(membership.uid)
    },
    delete: async (id) => {
      const deleted = await trx.deleteFrom('memberships').where('id', '=', id).returning('uid').executeTakeFirst()
      if (deleted) touched(deleted.uid)
    },
    deleteByUser: async (uid) => {
      await trx.deleteFrom('memberships').where('uid', '=', uid).execute()
      touched(uid)
    },
  }
}
