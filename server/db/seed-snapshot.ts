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
import type { OpenDatabase, Trx } from './database.ts'

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
  'club_tax',
  'tax_donors',
  'tax_consents',
  'donations',
  'payment_accounts',
  'onboarding_links',
  'donation_checkouts',
  'payment_events',
  'tax_transmissions',
  'tax_transmission_parts',
  'receipts',
  'receipt_donation_locks',
  'receipt_settings',
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

/**
 * Per table, the columns a restore copies back: those of the snapshot's copy that the table has and that
 * are not generated (PostgreSQL computes `donations.counted_cents` itself and refuses a value for it). A
 * snapshot taken before a migration added columns lacks them; the restore leaves them at their defaults.
 */
const copiedColumns = async (trx: Trx, tables: readonly string[]): Promise<Map<string, string[]>> => {
  const rows = (
    await sql<{ table_name: string; column_name: string }>`
      SELECT live.relname AS table_name, live_column.attname AS column_name
      FROM pg_class live
      JOIN pg_namespace live_schema ON live_schema.oid = live.relnamespace AND live_schema.nspname = 'public'
      JOIN pg_attribute live_column ON live_column.attrelid = live.oid
      JOIN pg_class saved ON saved.relname = live.relname
      JOIN pg_namespace saved_schema ON saved_schema.oid = saved.relnamespace AND saved_schema.nspname = 'seed_snapshot'
      JOIN pg_attribute saved_column ON saved_column.attrelid = saved.oid AND saved_column.attname = live_column.attname
      WHERE live.relname = ANY(${[...tables]}::text[])
        AND live_column.attnum > 0 AND NOT live_column.attisdropped AND live_column.attgenerated = ''
        AND NOT saved_column.attisdropped
      ORDER BY live.relname, live_column.attnum`.execute(trx)
  ).rows
  const out = new Map<string, string[]>()
  for (const row of rows) {
    const list = out.get(row.table_name)
    if (list) list.push(row.column_name)
    else out.set(row.table_name, [row.column_name])
  }
  return out
}

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
    const columns = await copiedColumns(trx, [...dirty])
    for (const table of SNAPSHOT_TABLES) {
      if (!dirty.has(table)) continue
      const list = sql.join((columns.get(table) ?? []).map((column) => sql.id(column)))
      await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
      await sql`INSERT INTO ${sql.table(table)} (${list}) SELECT ${list} FROM ${sql.table(`seed_snapshot.${table}`)}`.execute(
        trx,
      )
    }
    await sql`DELETE FROM seed_snapshot.dirty`.execute(trx)
  })
}
