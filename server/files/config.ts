/**
 * The file storage's settings, from the environment:
 *
 *   FILES_DIR                 where files live (default `<DATA_DIR>/files`)
 *   FILE_LINK_SECRET          the key of signed download links; several servers must share one
 *                             (default: a random key kept in `<FILES_DIR>/.link-secret`)
 *   FILE_SWEEP_INTERVAL_MS    how often the sweep runs (3 600 000: hourly; 0: only on start)
 *   STAGED_UPLOAD_MAX_AGE_MS  how long an upload may wait to be recorded (3 600 000: an hour)
 */
import { join, resolve } from 'node:path'

export interface FileConfig {
  readonly dir: string
  readonly linkSecret: string | undefined
  readonly sweepIntervalMs: number
  readonly stagedMaxAgeMs: number
}

const HOUR_MS = 60 * 60 * 1000

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value)
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}

export const readFileConfig = (dataDir: string, env: NodeJS.ProcessEnv = process.env): FileConfig => ({
  dir: env.FILES_DIR ? resolve(env.FILES_DIR) : join(dataDir, 'files'),
  linkSecret: env.FILE_LINK_SECRET || undefined,
  sweepIntervalMs: int(env.FILE_SWEEP_INTERVAL_MS, HOUR_MS),
  stagedMaxAgeMs: Math.max(60_000, int(env.STAGED_UPLOAD_MAX_AGE_MS, HOUR_MS)),
})
