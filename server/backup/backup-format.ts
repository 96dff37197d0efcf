/**
 * What a backup is (docs/decisions/0038-backup-format.md): a directory holding
 *   manifest.json           kind, when, the schema's migration, sizes and the SHA-256 of every part
 *   database.dump           PostgreSQL: `pg_dump --format=custom`
 *   database.pglite.tar.gz  PGlite: its data directory as PGlite dumps it (`dumpDataDir`)
 *   files/                  the uploaded files (FILES_DIR), absent when they live in object storage
 * and where a backup or restore finds the database and the files: the server's own configuration.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { ServerConfig } from '#server/config.ts'

export const MANIFEST_FILE = 'manifest.json'
export const FILES_FOLDER = 'files'
export const BACKUP_FORMAT = 'vereinsportal-backup'
export const FORMAT_VERSION = 1

export type DatabaseKind = 'postgres' | 'pglite'

export const DATABASE_FILE: Record<DatabaseKind, string> = {
  postgres: 'database.dump',
  pglite: 'database.pglite.tar.gz',
}

export interface FileEntry {
  /** Below FILES_DIR, with `/`. */
  readonly path: string
  readonly size: number
  readonly sha256: string
}

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT
  readonly formatVersion: number
  readonly kind: DatabaseKind
  readonly createdAt: string
  /** The last migration the database had applied (server/db/migrations/provider.ts). */
  readonly migration: string
  readonly database: {
    readonly file: string
    readonly size: number
    readonly sha256: string
    /** What wrote it: `pg_dump (PostgreSQL) 16.4` or `PGlite 0.5.16`. */
    readonly tool: string
  }
  readonly files:
    | { readonly included: true; readonly count: number; readonly size: number; readonly entries: readonly FileEntry[] }
    | { readonly included: false; readonly reason: string }
}

/** Where the data lives, from the server's configuration (server/config.ts). */
export interface DataLocation {
  readonly kind: DatabaseKind
  /** PostgreSQL: DATABASE_URL. */
  readonly databaseUrl: string | undefined
  /** PGlite: `<DATA_DIR>/pglite`, as server/main.ts opens it. */
  readonly pgliteDir: string
  /** FILES_DIR. */
  readonly filesDir: string
  /** FILES_STORE=s3: the files are objects in a bucket, not in FILES_DIR. */
  readonly filesInObjectStorage: boolean
}

export const dataLocationOf = (config: ServerConfig): DataLocation => ({
  kind: config.databaseUrl ? 'postgres' : 'pglite',
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pglite'),
  filesDir: config.files.dir,
  filesInObjectStorage: config.files.s3 !== undefined,
})

/** A refusal the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

export const sha256Of = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .once('error', reject)
      .once('end', () => resolve(hash.digest('hex')))
  })

/** Uploads still arriving (server/files/disk-store.ts): never part of a backup. */
const INCOMING = '.incoming'

/** Every file below `root` but the uploads still arriving, sorted; none when `root` does not exist. */
export const listFiles = async (root: string): Promise<string[]> => {
  const found: string[] = []
  const walk = async (folder: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      if (folder === root && entry.name === INCOMING) continue
      const full = join(folder, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile()) found.push(relative(root, full).split(sep).join('/'))
    }
  }
  await walk(root)
  return found.sort()
}

export const readManifest = async (backupDir: string): Promise<BackupManifest> => {
  let text: string
  try {
    text = await readFile(join(backupDir, MANIFEST_FILE), 'utf8')
  } catch {
    throw new BackupError(`${backupDir} is not a backup: it has no ${MANIFEST_FILE}.`)
  }
  const manifest = JSON.parse(text) as Partial<BackupManifest>
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== 'number')
    throw new BackupError(`${join(backupDir, MANIFEST_FILE)} is not the manifest of a Vereinsportal backup.`)
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new BackupError(
      `The backup has format version ${manifest.formatVersion}; this code reads up to ${FORMAT_VERSION}. Restore it with the newer code that made it.`,
    )
  return manifest as BackupManifest
}

/** A connection string without its password, to show; the tools get the password from PGPASSWORD. */
export const withoutPassword = (url: string): string => {
  const parsed = new URL(url)
  parsed.password = ''
  return parsed.toString()
}
