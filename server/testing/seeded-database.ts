/** An embedded database in memory with the demo seed, for the tests of server/db. */
import { openDatabase } from '#server/db/database.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { loadDemoSeed } from '#server/db/seed.ts'

export const seededDatabase = async (): Promise<OpenDatabase> => {
  const database = await openDatabase({})
  await loadDemoSeed(database, Date.now())
  return database
}
