/**
 * A copy of the seeded tables in the schema `seed_snapshot`, and the test hook that restores it
 * (`POST /__mock/reset` on a server started with test hooks): the contract suite and the domain tests
 * start every case from the seed, as they do on the mocked backend.
 *
 * A restore copies back only the tables written since the last one: a statement trigger on every table
 * notes the table in `seed_snapshot.dirty` (the triggers exist only in a database that holds the demo
 * seed). The restore runs with `session_replication_role = replica`, which holds back the triggers and
 * the foreign keys' actions, so replacing one table leaves the others as they are; every table the
 * request wrote (cascades included) is replaced from the consistent snapshot, so the result is the seed.
 */
import { sql } from 'kysely'
import type { OpenDatabase } from './database.ts'

/** Every table, parents before children. */
export const SNAPSHOT_TABLES = [
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
  'file_blobs',
  'audit_log',
  'settings',
  'mail_outbox',
  'identity_credentials',
  'identity_refresh_tokens',
  'identity_action_codes',
  // Kept by triggers, which the restore holds back: restored with the tables they sum.
  'donation_day_totals',
  'club_counts',
] as const

export const takeSnapshot = async (database: OpenDatabase): Promise<void> => {
  await database.transaction(async (trx) => {
    await sql`CREATE SCHEMA IF NOT EXISTS seed_snapshot`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS seed_snapshot.dirty (table_name text PRIMARY KEY)`.execute(trx)
    await sql`TRUNCATE seed_snapshot.dirty`.execute(trx)
    await sql`
      CREATE OR REPLACE FUNCTION seed_snapshot.mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO seed_snapshot.dirty VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(trx)
    for (const table of SNAPSHOT_TABLES) {
      await sql`DROP TABLE IF EXISTS ${sql.table(`seed_snapshot.${table}`)}`.execute(trx)
      await sql`CREATE TABLE ${sql.table(`seed_snapshot.${table}`)} AS TABLE ${sql.table(table)}`.execute(trx)
      await sql`DROP TRIGGER IF EXISTS seed_snapshot_dirty ON ${sql.table(table)}`.execute(trx)
      await sql`CREATE TRIGGER seed_snapshot_dirty AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION seed_snapshot.mark_dirty()`.execute(trx)
    }
  })
}

export const hasSnapshot = async (database: OpenDatabase): Promise<boolean> =>
  database.transaction(async (trx) => {
    const result = await sql<{
      present: boolean
    }>`SELECT to_regclass('seed_snapshot.dirty') IS NOT NULL AS present`.execute(trx)
    return result.rows[0]?.present === true
  })

/** Restores every table written since the last restore to the snapshot, in one transaction. */
export const restoreSnapshot = async (database: OpenDatabase): Promise<void> => {
  await database.transaction(async (trx) => {
    const dirty = new Set(
      (await sql<{ table_name: string }>`SELECT table_name FROM seed_snapshot.dirty`.execute(trx)).rows.map(
        (row) => row.table_name,
      ),
    )
    if (dirty.size === 0) return
    await sql`SET LOCAL session_replication_role = replica`.execute(trx)
    for (const table of SNAPSHOT_TABLES) {
      if (!dirty.has(table)) continue
      await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
      await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(`seed_snapshot.${table}`)}`.execute(trx)
    }
    await sql`DELETE FROM seed_snapshot.dirty`.execute(trx)
  })
}
