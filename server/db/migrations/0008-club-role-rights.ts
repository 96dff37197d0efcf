/**
 * Rights inside a club (docs/decisions/0031-rights-inside-a-club.md): each club role says whether its
 * holders may manage the club's money (bank details, card-provider onboarding, refunds) and its members.
 * Both are false for every role but two of the catalogue the portal started with: the chair (the role a
 * registering club's first person gets, `cr-obmann`, "Obmann/Obfrau") gets both, the treasurer
 * (`cr-kassier`, "Kassier/in") the money right. They are found by id, or by their name where a database
 * has them under other ids.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('club_roles')
    .addColumn('manage_money', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('manage_members', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await sql`UPDATE club_roles SET manage_money = true, manage_members = true
    WHERE id = 'cr-obmann' OR lower(name) IN ('obmann/obfrau', 'obfrau/obmann', 'obmann', 'obfrau')`.execute(db)
  await sql`UPDATE club_roles SET manage_money = true
    WHERE id = 'cr-kassier' OR lower(name) IN ('kassier/in', 'kassier', 'kassierin')`.execute(db)
}
