/**
 * PGlite's data directory belongs to one process: PGlite takes no lock of its own, and two processes
 * writing the same files would corrupt the database. The process that opens it writes its pid to
 * `<dir>.lock` (with DATA_DIR: `DATA_DIR/pglite.lock`) and removes the file when it closes the database.
 * Another opening is refused with DataDirInUseError while that process lives; a lock whose process is
 * gone (a crash, `kill -9`) is taken over.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'

export class DataDirInUseError extends Error {
  readonly dataDir: string
  constructor(dataDir: string, holder: string) {
    super(
      `The PGlite data directory ${dataDir} is in use by ${holder}. PGlite serves one process only: stop the ` +
        `other process, or give each process a DATA_DIR of its own, or run several processes on one ` +
        `PostgreSQL server (DATABASE_URL).`,
    )
    this.name = 'DataDirInUseError'
    this.dataDir = dataDir
  }
}

export interface DataDirLock {
  release(): void
}

interface LockHolder {
  readonly pid: number
  readonly host: string
}

/** Lock files this process holds: its own pid in a file it does not hold is a stale lock (a pid reused). */
const held = new Set<string>()

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined

const readHolder = (file: string): LockHolder | null => {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : null
  } catch {
    // Gone meanwhile, or cut short by a crash while it was written.
    return null
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return codeOf(error) === 'EPERM'
  }
}

/**
 * An unreadable lock file is stale once it is older than a process takes to write it: a younger one may
 * belong to a process between creating and writing it.
 */
const isOld = (file: string): boolean => {
  try {
    return Date.now() - statSync(file).mtimeMs > 10_000
  } catch {
    return true
  }
}

/** Takes the lock of `dataDir` or throws DataDirInUseError. */
export const lockDataDir = (dataDir: string): DataDirLock => {
  const file = `${dataDir.replace(/[/\\]+$/, '')}.lock`
  const me: LockHolder = { pid: process.pid, host: hostname() }
  for (let attempt = 0; ; attempt++) {
    if (held.has(file)) throw new DataDirInUseError(dataDir, `this process (pid ${me.pid})`)
    let fd: number
    try {
      fd = openSync(file, 'wx', 0o600)
    } catch (error) {
      if (codeOf(error) !== 'EEXIST' || attempt > 0) throw error
      const holder = readHolder(file)
      // Another machine's process (a shared folder) cannot be checked: only its owner may remove the file.
      if (holder && holder.host !== me.host)
        throw new DataDirInUseError(dataDir, `process ${holder.pid} on ${holder.host} (lock file ${file})`)
      if (holder === null && !isOld(file))
        throw new DataDirInUseError(dataDir, `a process that is starting (lock file ${file})`)
      if (holder !== null && holder.pid !== me.pid && isRunning(holder.pid))
        throw new DataDirInUseError(dataDir, `process ${holder.pid} (lock file ${file})`)
      try {
        unlinkSync(file)
      } catch (unlinkError) {
        if (codeOf(unlinkError) !== 'ENOENT') throw unlinkError
      }
      continue
    }
    try {
      writeSync(fd, JSON.stringify(me))
    } finally {
      closeSync(fd)
    }
    held.add(file)
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        held.delete(file)
        try {
          // Only our own: a lock taken over after ours was removed by hand stays.
          if (readHolder(file)?.pid === me.pid) unlinkSync(file)
        } catch {
          // Removed already.
        }
      },
    }
  }
}
