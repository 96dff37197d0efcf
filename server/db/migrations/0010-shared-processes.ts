/**
 * What several server processes on one PostgreSQL database share instead of keeping it in memory
 * (docs/decisions/0035-several-processes-on-one-database.md):
 *
 * - `rate_limit_counters`: one counter per limit and client, for the window that ends at `window_ends_at`
 *   (server/rate-limit-store.ts); rows of windows that have ended are deleted now and then;
 * - `job_runs`: when a periodic job (the file sweep, the custom-claims check) may run next: the process
 *   that moves `next_run_at` forward runs it, every other one skips (server/db/job-runs.ts);
 * - `server_secrets`: keys every process must use alike, made by whichever process needs one first (the
 *   local identity's token key);
 * - `simulated_provider_state`: the simulated card provider's accounts, sessions and refunds, so the
 *   hosted checkout works whichever process a browser reaches.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', bytewiseText, (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull().check(sql`hits > 0`))
    .addColumn('window_ends_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_counters_by_window_end')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute()

  await db.schema
    .createTable('job_runs')
    .addColumn('name', bytewiseText, (col) => col.primaryKey())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('next_run_at', 'timestamptz', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', bytewiseText, (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('simulated_provider_state')
    .addColumn('name', bytewiseText, (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .execute()
}
