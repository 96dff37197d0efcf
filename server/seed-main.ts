/**
 * `npm run server:seed`: loads the demo seed (the mocked backend's clubs, accounts and donations) into
 * an empty database: PGlite in DATA_DIR (default .data), or DATABASE_URL.
 */
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { isEmpty, loadDemoSeed } from './db/seed.ts'

const config = loadConfig()
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
})
try {
  if (!(await isEmpty(database))) {
    console.error(
      'The database already holds data; the demo seed goes only into an empty one. Use another DATA_DIR (or database) or delete this one.',
    )
    process.exitCode = 1
  } else {
    const started = performance.now()
    const seeded = await loadDemoSeed(database, Date.now())
    console.log(
      `Demo seed loaded into ${config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/pglite`}: ${seeded.clubs} clubs, ${seeded.users} users, ${seeded.donations} donations (${Math.round(performance.now() - started)} ms).`,
    )
  }
} finally {
  await database.close()
}
