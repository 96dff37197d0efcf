/**
 * `npm run db:backup [-- <directory>]`: a backup of the database and the uploaded files into a new
 * directory (default `backups/vereinsportal-<kind>-<time>/`), with a manifest of sizes and SHA-256
 * checksums (server/backup/, docs/operations.md "Backups").
 *
 * Reads the server's configuration (server/config.ts): DATABASE_URL (PostgreSQL, dumped with pg_dump) or
 * DATA_DIR (PGlite in DATA_DIR/pglite; stop its server first), FILES_DIR (DATA_DIR/files). With
 * FILES_STORE=s3 the files stay in the bucket and are not part of the backup.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError, dataLocationOf } from '#server/backup/backup-format.ts'
import { backupName, createBackup } from '#server/backup/backup.ts'
import { readConfig } from '#server/config.ts'
import { ConfigError } from '#server/env.ts'

const say = (line = '') => process.stdout.write(`${line}\n`)
const fail = (message: string, code = 1): never => {
  process.stderr.write(`db:backup: ${message}\n`)
  process.exit(code)
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const { positionals } = parseArgs({ allowPositionals: true, options: {} })
if (positionals.length > 1) fail('usage: npm run db:backup [-- <new directory>]', 2)

let location
try {
  location = dataLocationOf(readConfig([], process.env))
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  fail(error.message, 2)
}
if (!location) process.exit(2)

const now = new Date()
const target = path.resolve(positionals[0] ?? path.join('backups', backupName(location.kind, now)))
try {
  const manifest = await createBackup(location, target, say, now)
  say()
  say(`Backup written to ${target}`)
  say(
    `  database   ${manifest.kind}, migration ${manifest.migration}, ${megabytes(manifest.database.size)} (${manifest.database.tool})`,
  )
  say(
    manifest.files.included
      ? `  files      ${manifest.files.count}, ${megabytes(manifest.files.size)}`
      : '  files      not included (FILES_STORE=s3: keep them with the bucket versioning)',
  )
  const shown = target.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), target) : target
  say(`Restore it with: npm run db:restore -- ${shown} --yes`)
} catch (error) {
  if (error instanceof BackupError) fail(error.message)
  throw error
}
