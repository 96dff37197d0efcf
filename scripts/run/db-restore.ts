/**
 * `npm run db:restore -- <backup directory> --yes`: replaces the database and the uploaded files with a
 * backup made by `npm run db:backup` (server/backup/restore.ts, docs/operations.md "Backups").
 *
 * Without --yes it only says what it would replace. It refuses a backup of the other kind (PostgreSQL or
 * PGlite), of a newer schema than this code knows, or one whose parts do not match their checksums. Stop
 * the servers first; a PGlite data directory in use is refused. Reads the server's configuration like
 * db:backup: DATABASE_URL or DATA_DIR, FILES_DIR.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError, dataLocationOf } from '#server/backup/backup-format.ts'
import { planRestore, restoreBackup } from '#server/backup/restore.ts'
import { readConfig } from '#server/config.ts'
import { ConfigError } from '#server/env.ts'

const say = (line = '') => process.stdout.write(`${line}\n`)
const fail = (message: string, code = 1): never => {
  process.stderr.write(`db:restore: ${message}\n`)
  process.exit(code)
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { yes: { type: 'boolean', default: false } },
})
if (positionals.length !== 1) fail('usage: npm run db:restore -- <backup directory> --yes', 2)
const backupDir = path.resolve(positionals[0] ?? '')

let location
try {
  location = dataLocationOf(readConfig([], process.env))
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  fail(error.message, 2)
}
if (!location) process.exit(2)

try {
  const { manifest, replaces } = await planRestore(backupDir, location)
  const files = manifest.files.included ? `${manifest.files.count} files` : 'no files'
  say(`Backup of ${manifest.createdAt}: ${manifest.kind}, migration ${manifest.migration}, ${files}.`)
  say('Restoring it replaces:')
  for (const line of replaces) say(`  ${line}`)
  if (!values.yes) fail('nothing was changed. Stop the servers, then run again with --yes to restore.')
  await restoreBackup(backupDir, location, say)
  say()
  say(`Restored. Start the servers again; they migrate the database from ${manifest.migration} if the code is newer.`)
} catch (error) {
  if (error instanceof BackupError) fail(error.message)
  throw error
}
