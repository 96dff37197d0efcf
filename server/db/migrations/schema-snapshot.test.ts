/**
 * The migrations create exactly the schema of the fixture schema-snapshot.json (written by
 * `node scripts/codegen/schema-snapshot.ts`), which databases created by earlier versions of the migrations
 * have too; and a database that has them applies none again, also when several processes open it at
 * once. On PGlite, or with DATABASE_URL set (npm run test:postgres) on fresh databases of that server.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { dumpSchema } from '#server/db/schema-dump.ts'
import type { SchemaDump } from '#server/db/schema-dump.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { MIGRATIONS } from './provider.ts'

const snapshot = JSON.parse(readFileSync(path.join(import.meta.dirname, 'schema-snapshot.json'), 'utf8')) as SchemaDump

const url = process.env.DATABASE_URL
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** Where a database lives that outlives one opening: a scratch database, or a PGlite data directory. */
const newLocation = async (): Promise<{ url?: string; dataDir?: string }> => {
  if (url) {
    const scratch = await createScratchDatabase(url, 'vp_schema')
    cleanups.push(scratch.drop)
    return { url: scratch.url }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-schema-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  return { dataDir }
}

const open = async (location: { url?: string; dataDir?: string }, poolSize = 2): Promise<OpenDatabase> => {
  const database = await openDatabase({ ...location, poolSize, onConnectionError: () => undefined })
  cleanups.push(() => database.close())
  return database
}

const applied = async (database: OpenDatabase): Promise<Array<{ name: string; timestamp: string }>> =>
  (
    await sql<{
      name: string
      timestamp: string
    }>`SELECT name, timestamp::text AS timestamp FROM kysely_migration ORDER BY name`.execute(database.db)
  ).rows

describe('migrations', () => {
  it('are the files of this folder, each under its file name, in order', () => {
    const files = readdirSync(import.meta.dirname)
      .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort()
    expect(Object.keys(MIGRATIONS)).toEqual(files)
    expect(files).toEqual(snapshot.migrations)
  })

  it('create the schema of the snapshot', { timeout: 120_000 }, async () => {
    const database = await open(url ? await newLocation() : {})
    expect(await dumpSchema(database.db)).toEqual(snapshot)
  })

  it('are applied once: opening a migrated database again applies none', { timeout: 120_000 }, async () => {
    const location = await newLocation()
    let seen: Array<Array<{ name: string; timestamp: string }>>
    let schema: SchemaDump
    if (url) {
      // Several processes starting at once on a fresh database, each with a pool of one connection: one
      // applies them under the lock (also before the migrator's own tables exist), the others wait.
      const openings = await Promise.all([1, 2, 3, 4].map(() => open(location, 1)))
      seen = await Promise.all(openings.map(applied))
      schema = await dumpSchema(openings[3]!.db)
    } else {
      // PGlite is one process per data directory: opened again after closing.
      const database = await openDatabase(location)
      seen = [await applied(database)]
      schema = await dumpSchema(database.db)
      await database.close()
    }
    expect(schema).toEqual(snapshot)
    const first = seen[0]!
    for (const other of seen) expect(other).toEqual(first)
    expect(first.map((row) => row.name)).toEqual(snapshot.migrations)
    const again = await open(location)
    expect(await applied(again)).toEqual(first)
  })
})
