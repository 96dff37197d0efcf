/**
 * `npm run db:backup` (scripts/run/db-backup.ts): the database and the uploaded files into one new
 * directory with a manifest (server/backup/backup-format.ts).
 *
 * The database first, then the files: a file uploaded meanwhile is copied without a row that knows it
 * (the sweep removes such files after a restore, server/files/sweep.ts); only a file deleted in between is
 * missing from the backup although its row is in the dump. PGlite is one process: its server must be
 * stopped for a backup, and a running one is refused.
 */
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import {
  BACKUP_FORMAT,
  BackupError,
  DATABASE_FILE,
  FILES_FOLDER,
  FORMAT_VERSION,
  MANIFEST_FILE,
  listFiles,
  sha256Of,
} from './backup-format.ts'
import type { BackupManifest, DataLocation, FileEntry } from './backup-format.ts'
import { connectionOf, runTool, toolVersion } from './postgres-tools.ts'

export type Say = (line: string) => void

const MIGRATION_QUERY = 'SELECT max(name) AS name FROM kysely_migration'
const NO_SCHEMA = 'The database has no schema yet (no server has started on it): there is nothing to back up.'

/** `postmaster.pid` exists while a process has the PGlite data directory open (or did not close it). */
export const pgliteInUse = (pgliteDir: string): boolean => existsSync(join(pgliteDir, 'postmaster.pid'))

export const refuseIfPgliteInUse = (pgliteDir: string): void => {
  if (pgliteInUse(pgliteDir))
    throw new BackupError(
      `PGlite's data directory ${pgliteDir} is in use: stop the server on this DATA_DIR first (PGlite is one process). ` +
        `If none runs, the last one did not stop cleanly: start it once and stop it with Ctrl+C.`,
    )
}

/** The package's own version (its exports do not include package.json: read beside its entry). */
const pgliteVersion = async (): Promise<string> => {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
  const manifest = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }
  return `PGlite ${manifest.version}`
}

/** The last migration applied on a PostgreSQL server's database. */
export const postgresMigration = async (url: string): Promise<string | null> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const exists = await client.query<{ found: string | null }>(`SELECT to_regclass('kysely_migration') AS found`)
    if (!exists.rows[0]?.found) return null
    return (await client.query<{ name: string | null }>(MIGRATION_QUERY)).rows[0]?.name ?? null
  } finally {
    await client.end()
  }
}

/** Reads the last migration of an open PGlite. */
export const pgliteMigration = async (pglite: PGlite): Promise<string | null> => {
  const exists = await pglite.query<{ found: string | null }>(`SELECT to_regclass('kysely_migration') AS found`)
  if (!exists.rows[0]?.found) return null
  return (await pglite.query<{ name: string | null }>(MIGRATION_QUERY)).rows[0]?.name ?? null
}

const dumpPostgres = async (url: string, file: string): Promise<{ migration: string; tool: string }> => {
  const migration = await postgresMigration(url)
  if (!migration) throw new BackupError(NO_SCHEMA)
  const connection = connectionOf(url)
  // Custom format: compressed, and pg_restore picks and orders what it restores (docs/decisions/0038).
  await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${connection.dbname}`], {
    env: connection.env,
  }).done
  return { migration, tool: await toolVersion('pg_dump') }
}

const dumpPglite = async (pgliteDir: string, file: string): Promise<{ migration: string; tool: string }> => {
  if (!existsSync(join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`There is no PGlite database in ${pgliteDir} (DATA_DIR/pglite).`)
  refuseIfPgliteInUse(pgliteDir)
  const pglite = await PGlite.create(pgliteDir)
  try {
    const migration = await pgliteMigration(pglite)
    if (!migration) throw new BackupError(NO_SCHEMA)
    const dump = await pglite.dumpDataDir('gzip')
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
    return { migration, tool: await pgliteVersion() }
  } finally {
    await pglite.close()
  }
}

const copyFiles = async (filesDir: string, into: string): Promise<FileEntry[]> => {
  const entries: FileEntry[] = []
  for (const path of await listFiles(filesDir)) {
    const target = join(into, ...path.split('/'))
    await mkdir(dirname(target), { recursive: true })
    await copyFile(join(filesDir, ...path.split('/')), target)
    // The copy's hash and size: what the backup holds, whatever happens to the original meanwhile.
    entries.push({ path, size: (await stat(target)).size, sha256: await sha256Of(target) })
  }
  return entries
}

/** A new directory's name for a backup made at `now`: `vereinsportal-<kind>-20261126T074232Z`. */
export const backupName = (kind: string, now: Date): string =>
  `vereinsportal-${kind}-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`

/**
 * Writes a backup of `location` into the new directory `target` (refused when it exists). It is written
 * into `<target>.partial` first, so a backup that stopped halfway never looks like one.
 */
export const createBackup = async (
  location: DataLocation,
  target: string,
  say: Say = () => undefined,
  now: Date = new Date(),
): Promise<BackupManifest> => {
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new directory for the backup.`)
  const partial = `${target}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true })
  try {
    const databaseFile = DATABASE_FILE[location.kind]
    const databasePath = join(partial, databaseFile)
    say(
      location.kind === 'postgres'
        ? 'Dumping the PostgreSQL database (pg_dump --format=custom) …'
        : `Dumping PGlite's data directory ${location.pgliteDir} …`,
    )
    const dumped =
      location.kind === 'postgres'
        ? await dumpPostgres(location.databaseUrl ?? '', databasePath)
        : await dumpPglite(location.pgliteDir, databasePath)
    const database = {
      file: databaseFile,
      size: (await stat(databasePath)).size,
      sha256: await sha256Of(databasePath),
      tool: dumped.tool,
    }
    let files: BackupManifest['files']
    if (location.filesInObjectStorage) {
      files = {
        included: false,
        reason:
          'FILES_STORE=s3: the files are objects in the bucket, not part of this backup; keep them with the bucket versioning of the object storage (docs/operations.md).',
      }
      say(`Files not included: ${files.reason}`)
    } else {
      say(`Copying the files of ${location.filesDir} …`)
      const entries = await copyFiles(location.filesDir, join(partial, FILES_FOLDER))
      files = {
        included: true,
        count: entries.length,
        size: entries.reduce((sum, entry) => sum + entry.size, 0),
        entries,
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      kind: location.kind,
      createdAt: now.toISOString(),
      migration: dumped.migration,
      database,
      files,
    }
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    await rename(partial, target)
    return manifest
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}
