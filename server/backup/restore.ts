/**
 * `npm run db:restore -- <backup> --yes` (scripts/run/db-restore.ts): the database and the files as the
 * backup holds them, replacing what is there. Before anything changes, the backup must fit (its kind, a
 * schema this code knows) and every part must match its SHA-256 in the manifest.
 *
 * - PostgreSQL: everything in the schema `public` is dropped and the dump restored
 *   (`pg_restore --clean --if-exists --no-owner`), all in one transaction run by psql: a restore that fails
 *   leaves the database as it was. Objects of a newer migration that the backup does not know go too, so
 *   the server migrates the restored database forward as it would any older one.
 * - PGlite: the dump is unpacked into a new data directory, opened once, then put in place of the old one.
 * - Files: FILES_DIR is emptied (uploads still arriving aside) and the backup's files copied in.
 * The servers must be stopped first (PGlite refuses to be restored under a running one).
 */
import { copyFile, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { MIGRATIONS } from '#server/db/migrations/provider.ts'
import { BackupError, FILES_FOLDER, listFiles, readManifest, sha256Of, withoutPassword } from './backup-format.ts'
import type { BackupManifest, DataLocation } from './backup-format.ts'
import { pgliteMigration, postgresMigration, refuseIfPgliteInUse } from './backup.ts'
import type { Say } from './backup.ts'
import { connectionOf, runTool } from './postgres-tools.ts'

const KIND_NAME = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const

/** The newest migration this code has. */
const latestMigration = (): string => Object.keys(MIGRATIONS).sort().at(-1) ?? ''

/** Refuses a backup this configuration and code cannot take: another kind, or a schema it does not know. */
export const checkRestorable = (manifest: BackupManifest, location: DataLocation): void => {
  if (manifest.kind !== location.kind) {
    throw new BackupError(
      `The backup is of ${KIND_NAME[manifest.kind]}, but this configuration uses ${KIND_NAME[location.kind]} ` +
        `(${location.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}): restore it where it came from.`,
    )
  }
  if (!(manifest.migration in MIGRATIONS)) {
    const latest = latestMigration()
    throw new BackupError(
      manifest.migration > latest
        ? `The backup's schema is newer (migration ${manifest.migration}) than this code knows (up to ${latest}): restore it with the version of the portal that made it.`
        : `The backup's schema (migration ${manifest.migration}) is not one this code knows.`,
    )
  }
}

/** Every part's size and SHA-256 as the manifest records them; throws naming what differs. */
export const verifyBackup = async (backupDir: string, manifest: BackupManifest): Promise<void> => {
  const differing: string[] = []
  const check = async (file: string, size: number, sha256: string) => {
    const path = join(backupDir, file)
    if (!existsSync(path)) return void differing.push(`${file} is missing`)
    if ((await stat(path)).size !== size || (await sha256Of(path)) !== sha256) differing.push(`${file} has changed`)
  }
  await check(manifest.database.file, manifest.database.size, manifest.database.sha256)
  if (manifest.files.included) {
    for (const entry of manifest.files.entries) await check(`${FILES_FOLDER}/${entry.path}`, entry.size, entry.sha256)
  }
  if (differing.length > 0) {
    const shown = differing.slice(0, 10).join('\n  ')
    const more = differing.length > 10 ? `\n  … and ${differing.length - 10} more` : ''
    throw new BackupError(`The backup does not match its manifest (damaged or changed):\n  ${shown}${more}`)
  }
}

/** Reads and checks a backup (not yet its checksums) and says what restoring it would replace. */
export const planRestore = async (
  backupDir: string,
  location: DataLocation,
): Promise<{ manifest: BackupManifest; replaces: string[] }> => {
  const manifest = await readManifest(backupDir)
  checkRestorable(manifest, location)
  const replaces: string[] = []
  if (location.kind === 'postgres') {
    const url = location.databaseUrl ?? ''
    const now = await postgresMigration(url).catch((error: unknown) => {
      throw new BackupError(`The database at ${withoutPassword(url)} cannot be reached: ${String(error)}`)
    })
    replaces.push(
      `the PostgreSQL database ${withoutPassword(url)} (${now ? `now at migration ${now}` : 'no schema yet'}): everything in its schema public`,
    )
  } else {
    replaces.push(
      `PGlite's data directory ${location.pgliteDir}${existsSync(location.pgliteDir) ? '' : ' (not there yet)'}`,
    )
  }
  if (manifest.files.included) {
    const now = (await listFiles(location.filesDir)).length
    replaces.push(`every file in ${location.filesDir} (${now} now; the backup has ${manifest.files.count})`)
  }
  return { manifest, replaces }
}

/** A SQL string literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * Drops every object of the schema public (but an extension's) and the schemas the dump creates itself,
 * so the restore leaves nothing of the database it replaces. The statements are collected before the
 * first drop: a cascade must not leave a later one naming what is gone.
 */
const dropEverything = (schemas: readonly string[]): string => `
DO $restore$
DECLARE
  statements text[];
  statement text;
BEGIN
  SELECT coalesce(array_agg(item.sql), '{}') INTO statements FROM (
    SELECT format('DROP SCHEMA IF EXISTS %I CASCADE', name) AS sql
      FROM unnest(ARRAY[${schemas.map(literal).join(', ')}]::text[]) AS name
    UNION ALL
    SELECT format('DROP %s IF EXISTS %s CASCADE',
                  CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
                  c.oid::regclass::text)
      FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    UNION ALL
    SELECT format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure::text)
      FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT format('DROP %s IF EXISTS %s CASCADE', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.oid::regtype::text)
      FROM pg_type t
     WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r', 'c')
       AND (t.typrelid = 0 OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  ) AS item;
  FOREACH statement IN ARRAY statements LOOP
    EXECUTE statement;
  END LOOP;
END
$restore$;
`

/** The schemas the dump creates (`pg_restore --list`), public aside. */
const schemasOf = async (dumpFile: string): Promise<string[]> => {
  const list = runTool('pg_restore', ['--list', dumpFile], { stdout: 'pipe' })
  let text = ''
  list.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  await list.done
  return [...text.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)]
    .map((match) => match[1] ?? '')
    .filter((name) => name !== '' && name !== 'public')
}

const restorePostgres = async (url: string, dumpFile: string): Promise<void> => {
  const connection = connectionOf(url)
  const schemas = await schemasOf(dumpFile)
  // psql runs the transaction; it commits only once pg_restore has produced the whole script. Should
  // pg_restore fail, psql's input ends without COMMIT and PostgreSQL rolls the transaction back.
  const psql = runTool('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connection.dbname}`], {
    env: { ...connection.env, PGOPTIONS: '-c client_min_messages=warning' },
    stdin: 'pipe',
  })
  psql.stdin.on('error', () => undefined)
  psql.stdin.write(`BEGIN;\n${dropEverything(schemas)}\n`)
  const script = runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', dumpFile],
    { stdout: 'pipe' },
  )
  script.stdout.pipe(psql.stdin, { end: false })
  const produced = await script.done.then(
    () => null,
    (error: unknown) => error,
  )
  if (produced === null) psql.stdin.write('COMMIT;\n')
  psql.stdin.end()
  await psql.done
  if (produced !== null) throw produced
}

const restorePglite = async (pgliteDir: string, dumpFile: string, migration: string): Promise<void> => {
  refuseIfPgliteInUse(pgliteDir)
  const restoring = `${pgliteDir}.restoring`
  const replaced = `${pgliteDir}.replaced`
  await rm(restoring, { recursive: true, force: true })
  await mkdir(dirname(pgliteDir), { recursive: true })
  const pglite = await PGlite.create(restoring, { loadDataDir: new Blob([new Uint8Array(await readFile(dumpFile))]) })
  try {
    const found = await pgliteMigration(pglite)
    if (found !== migration)
      throw new BackupError(`The restored PGlite database is at migration ${found}, the manifest says ${migration}.`)
  } finally {
    await pglite.close()
  }
  // A server may have started while the dump was unpacked.
  refuseIfPgliteInUse(pgliteDir)
  await rm(replaced, { recursive: true, force: true })
  if (existsSync(pgliteDir)) await rename(pgliteDir, replaced)
  await rename(restoring, pgliteDir)
  await rm(replaced, { recursive: true, force: true })
}

const restoreFiles = async (backupDir: string, manifest: BackupManifest, filesDir: string): Promise<void> => {
  if (!manifest.files.included) return
  await mkdir(filesDir, { recursive: true })
  for (const entry of await readdir(filesDir)) {
    if (entry !== '.incoming') await rm(join(filesDir, entry), { recursive: true, force: true })
  }
  for (const { path } of manifest.files.entries) {
    const target = join(filesDir, ...path.split('/'))
    await mkdir(dirname(target), { recursive: true })
    await copyFile(join(backupDir, FILES_FOLDER, ...path.split('/')), target)
  }
}

/** Restores the backup in `backupDir` over `location` (checked, verified, then replaced). */
export const restoreBackup = async (
  backupDir: string,
  location: DataLocation,
  say: Say = () => undefined,
): Promise<BackupManifest> => {
  const { manifest } = await planRestore(backupDir, location)
  say('Verifying the checksums …')
  await verifyBackup(backupDir, manifest)
  if (location.kind === 'pglite') refuseIfPgliteInUse(location.pgliteDir)
  const dumpFile = join(backupDir, manifest.database.file)
  if (location.kind === 'postgres') {
    say('Restoring the PostgreSQL database (one transaction) …')
    await restorePostgres(location.databaseUrl ?? '', dumpFile)
  } else {
    say(`Restoring PGlite's data directory ${location.pgliteDir} …`)
    await restorePglite(location.pgliteDir, dumpFile, manifest.migration)
  }
  if (manifest.files.included) {
    say(`Restoring ${manifest.files.count} files into ${location.filesDir} …`)
    await restoreFiles(backupDir, manifest, location.filesDir)
  } else {
    say(`Files not restored: ${manifest.files.reason}`)
  }
  return manifest
}
