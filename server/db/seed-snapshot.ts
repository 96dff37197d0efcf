/**
 * A copy of the seeded tables in the schema `seed_snapshot`, and the test hook that restores it
 * (`POST /__mock/reset` on a server started with test hooks): the contract suite and the domain tests
 * start every case from the seed, as they do on the mocked backend.
 *
 * The donations (10 000+, and never written through the API) are restored only when their number
 * changed: their foreign keys are deferred for the restore, so the clubs and campaigns they point to
 * can be replaced under them.
 */
import { sql } from 'kysely'
import type { OpenDatabase } from './database.ts'

/** Every table, parents before children. */
const TABLES = [
  'users',
  'club_types',
  'club_roles',
  'clubs',
  'memberships',
  'invitations',
  'files',
  'campaigns',
  'donations',
  'payment_accounts',
  'onboarding_links',
  'app_logo',
  'settings',
  'mail_outbox',
  'identity_credentials',
  'identity_refresh_tokens',
  'identity_action_codes',
] as const

export const takeSnapshot = async (database: OpenDatabase): Promise<void> => {
  await database.transaction(async (trx) => {
    await sql`CREATE SCHEMA IF NOT EXISTS seed_snapshot`.execute(trx)
    for (const table of TABLES) {
      await sql`DROP TABLE IF EXISTS ${sql.table(`seed_snapshot.${table}`)}`.execute(trx)
      await sql`CREATE TABLE ${sql.table(`seed_snapshot.${table}`)} AS TABLE ${sql.table(table)}`.execute(trx)
    }
  })
}

export const hasSnapshot = async (database: OpenDatabase): Promise<boolean> =>
  database.transaction(async (trx) => {
    const result = await sql<{ present: boolean }>`SELECT to_regclass('seed_snapshot.users') IS NOT NULL AS present`.execute(trx)
    return result.rows[0]?.present === true
  })

/** Restores every table to the snapshot, in one transaction. */
export const restoreSnapshot = async (database: OpenDatabase): Promise<void> => {
  await database.transaction(async (trx) => {
    await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx)
    const counts = await sql<{ now: number; seeded: number }>`
      SELECT (SELECT count(*) FROM donations) AS now, (SELECT count(*) FROM seed_snapshot.donations) AS seeded`.execute(trx)
    const donationsChanged = Number(counts.rows[0]?.now) !== Number(counts.rows[0]?.seeded)
    const tables = TABLES.filter((table) => table !== 'donations' || donationsChanged)
    for (const table of [...tables].reverse()) await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
    for (const table of tables) await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(`seed_snapshot.${table}`)}`.execute(trx)
  })
}
