/** The table `users`: the portal's user records. */
import { sql } from 'kysely'
import type { UserRepository } from '#domain/ports.ts'
import type { UserRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { rethrowDuplicate } from './rows.ts'

export const toUser = (row: Row<'users'>): UserRecord => ({
  uid: row.uid,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role as UserRecord['role'],
  emailVerified: row.email_verified,
  phoneNumber: row.phone_number,
  createdAt: row.created_at,
})

export const userRow = (user: UserRecord): NewRow<'users'> => ({
  uid: user.uid,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  role: user.role,
  email_verified: user.emailVerified,
  phone_number: user.phoneNumber,
  created_at: user.createdAt,
})

const onDuplicate = rethrowDuplicate({ users_email_key: 'user-email' })

/**
 * Told the uid of each user whose role or club memberships a write may have changed (bookkeeping only:
 * server/identity/custom-claims.ts projects them into Firebase custom claims after the commit).
 */
export type UserTouched = (uid: string) => void

export const untracked: UserTouched = () => undefined

export const userRepository = (trx: Trx, touched: UserTouched = untracked): UserRepository => ({
  get: async (uid) => {
    const row = await trx.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst()
    return row ? toUser(row) : null
  },
  getWithClubIds: async (uid) => {
    const row = await trx
      .selectFrom('users')
      .selectAll('users')
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(club_id) FROM memberships WHERE memberships.uid = users.uid), '{}')`.as(
          'club_ids',
        ),
      )
      .where('uid', '=', uid)
      .executeTakeFirst()
    if (!row) return null
    const { club_ids: clubIds, ...user } = row
    return { user: toUser(user), clubIds }
  },
  getMany: async (uids) => {
    if (uids.length === 0) return new Map()
    const rows = await trx
      .selectFrom('users')
      .selectAll()
      .where('uid', 'in', [...uids])
      .execute()
    return new Map(rows.map((row) => [row.uid, toUser(row)]))
  },
  findByEmail: async (email) => {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()
    return row ? toUser(row) : null
  },
  list: async () => (await trx.selectFrom('users').selectAll().execute()).map(toUser),
  countByRole: async (role) =>
    Number(
      (
        await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('role', '=', role)
          .executeTakeFirstOrThrow()
      ).count,
    ),
  insert: async (user) => {
    await trx.insertInto('users').values(userRow(user)).execute().catch(onDuplicate)
    touched(user.uid)
  },
  update: async (user) => {
    const { uid: _uid, created_at: _created, ...changes } = userRow(user)
    await trx.updateTable('users').set(changes).where('uid', '=', user.uid).execute().catch(onDuplicate)
    // Any update may carry a new role; the projection skips users whose claims stay the same.
    touched(user.uid)
  },
  delete: async (uid) => {
    await trx.deleteFrom('users').where('uid', '=', uid).execute()
  },
})
