/**
 * Periodic work done once across all server processes on one database (the file sweep, the check of
 * every user's custom claims): each process asks on its own schedule, and the one that moves the job's
 * `next_run_at` forward runs it; every other one skips until that time has come again
 * (docs/decisions/0035-several-processes-on-one-database.md). On PGlite, one process, it spaces the runs
 * the same way.
 *
 * A run that dies halfway is not retried before its next time: every such job catches up with what an
 * earlier run left undone.
 */
import { sql } from 'kysely'
import type { OpenDatabase } from './database.ts'

/**
 * Whether this process may run `job` now; if so, no other may before `spacingMs` have passed. The time is
 * the database's, so the processes agree on it.
 */
export const claimJobRun = (database: OpenDatabase, job: string, spacingMs: number): Promise<boolean> =>
  database.transaction(async (trx) => {
    const claimed = await sql<{ name: string }>`
      INSERT INTO job_runs (name, started_at, next_run_at)
      VALUES (${job}, now(), now() + make_interval(secs => ${Math.max(0, spacingMs) / 1000}::double precision))
      ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at, next_run_at = excluded.next_run_at
        WHERE job_runs.next_run_at <= excluded.started_at
      RETURNING name`.execute(trx)
    return claimed.rows.length === 1
  })

/**
 * Runs `work` when this process claims the run (claimJobRun); `skipped` when another process has it.
 */
export const runClaimed = async <T>(
  database: OpenDatabase,
  job: string,
  spacingMs: number,
  work: () => Promise<T>,
): Promise<{ readonly ran: true; readonly result: T } | { readonly ran: false }> => {
  if (!(await claimJobRun(database, job, spacingMs))) return { ran: false }
  return { ran: true, result: await work() }
}
