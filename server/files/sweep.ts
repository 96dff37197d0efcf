/**
 * The sweep: what a closed tab, a failed recording or a crash left in file storage goes away.
 * - staged uploads (rows no record claimed) older than `stagedMaxAgeMs`: row and file;
 * - stored files without a row (a crash between a commit and the removal it deferred, or between the
 *   link and the commit of an upload) older than `stagedMaxAgeMs`;
 * - temporary files of uploads that never finished, older than `stagedMaxAgeMs`.
 * The age keeps running uploads safe: an upload's files are younger than any request may take.
 * Runs once on start and then every `intervalMs` (FILE_SWEEP_INTERVAL_MS, server/files/config.ts); with
 * several processes on one database only one of them sweeps each time (server/db/job-runs.ts).
 */
import { sql } from 'kysely'
import type { OpenDatabase } from '#server/db/database.ts'
import { runClaimed } from '#server/db/job-runs.ts'
import type { Logger } from '#server/logger.ts'
import type { FileStore } from './file-store.ts'

export interface SweepResult {
  readonly staged: number
  readonly strays: number
  readonly temps: number
}

export const sweepFiles = async (
  database: OpenDatabase,
  files: FileStore,
  now: number,
  stagedMaxAgeMs: number,
): Promise<SweepResult> => {
  const cutoff = now - stagedMaxAgeMs
  // Rows first, in a transaction; their files once it has committed.
  const expired = await database.transaction(async (trx) =>
    (
      await trx
        .deleteFrom('file_blobs')
        .where('claimed_at', 'is', null)
        .where('staged_at', '<', new Date(cutoff).toISOString())
        .returning('path')
        .execute()
    ).map((row) => row.path),
  )
  for (const path of expired) await files.remove(path)

  const { files: onDisk, temps } = await files.scan()
  const candidates = onDisk.filter((file) => file.modifiedMs < cutoff).map((file) => file.path)
  let strays = 0
  for (let start = 0; start < candidates.length; start += 500) {
    const batch = candidates.slice(start, start + 500)
    const known = new Set(
      (
        await database.transaction(
          (trx) =>
            trx
              .selectFrom('file_blobs')
              .select('path')
              .where(sql<boolean>`path = ANY(${batch})`)
              .execute(),
          true,
        )
      ).map((row) => row.path),
    )
    for (const path of batch) {
      if (known.has(path)) continue
      await files.remove(path)
      strays += 1
    }
  }

  let oldTemps = 0
  for (const temp of temps) {
    if (temp.modifiedMs >= cutoff) continue
    await files.discardTemp(temp.tempPath)
    oldTemps += 1
  }
  return { staged: expired.length, strays, temps: oldTemps }
}

/** The sweep's name among the periodic jobs (server/db/job-runs.ts). */
export const FILE_SWEEP_JOB = 'file-sweep'

/**
 * A little under the interval: each process's timer drifts, and a claim must not miss its turn by a few
 * milliseconds. Without an interval (a sweep on start only) processes starting together sweep once.
 */
const spacingOf = (intervalMs: number): number => (intervalMs > 0 ? intervalMs * 0.9 : 60_000)

/**
 * One sweep unless another process has swept within the interval: the result, or null when skipped.
 */
export const sweepOnce = async (
  database: OpenDatabase,
  files: FileStore,
  options: { intervalMs: number; stagedMaxAgeMs: number; now?: () => number },
): Promise<SweepResult | null> => {
  const now = options.now ?? Date.now
  const run = await runClaimed(database, FILE_SWEEP_JOB, spacingOf(options.intervalMs), () =>
    sweepFiles(database, files, now(), options.stagedMaxAgeMs),
  )
  return run.ran ? run.result : null
}

/** Sweeps now and then every `intervalMs`; returns how to stop (a sweep running then finishes). */
export const startFileSweep = (
  database: OpenDatabase,
  files: FileStore,
  logger: Logger,
  options: { intervalMs: number; stagedMaxAgeMs: number; now?: () => number },
): (() => void) => {
  let running: Promise<void> | null = null
  const sweep = () => {
    running ??= sweepOnce(database, files, options)
      .then((result) => {
        if (result && result.staged + result.strays + result.temps > 0)
          logger.info(result, 'file sweep removed leftovers')
      })
      .catch((error: unknown) => logger.error({ err: error }, 'file sweep failed'))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(sweep, 0)
  const timer = options.intervalMs > 0 ? setInterval(sweep, options.intervalMs) : null
  first.unref()
  timer?.unref()
  return () => {
    clearTimeout(first)
    if (timer) clearInterval(timer)
  }
}
