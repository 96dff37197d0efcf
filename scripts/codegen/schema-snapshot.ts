/**
 * Writes the schema the migrations create (server/db/schema-dump.ts) to the fixture
 * server/db/migrations/schema-snapshot.json, which server/db/migrations/schema-snapshot.test.ts compares
 * every fresh database with:
 *
 *   node scripts/codegen/schema-snapshot.ts            on an embedded database (PGlite) in memory
 *   DATABASE_URL=… node scripts/codegen/schema-snapshot.ts   on a fresh database of that PostgreSQL server
 *   node scripts/codegen/schema-snapshot.ts --print    to standard output instead of the fixture
 *
 * Regenerate it only with a new migration: a change to the fixture without one means an existing
 * database and a new one would differ.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase } from '#server/db/database.ts'
import { dumpSchema } from '#server/db/schema-dump.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'

export const SNAPSHOT_FILE = path.resolve(import.meta.dirname, '../../server/db/migrations/schema-snapshot.json')

const { values } = parseArgs({ options: { print: { type: 'boolean', default: false } } })

const url = process.env.DATABASE_URL
const scratch = url ? await createScratchDatabase(url, 'vp_schema') : null
try {
  const database = await openDatabase({ url: scratch?.url, onConnectionError: () => undefined })
  try {
    const text = `${JSON.stringify(await dumpSchema(database.db), null, 2)}\n`
    if (values.print) process.stdout.write(text)
    else {
      writeFileSync(SNAPSHOT_FILE, text)
      console.warn(`Wrote ${path.relative(process.cwd(), SNAPSHOT_FILE)} (${database.kind}).`)
    }
  } finally {
    await database.close()
  }
} finally {
  await scratch?.drop()
}
