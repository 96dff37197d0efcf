import { openDatabase } from './server/db/database.ts'
import { loadState } from './server/db/seed.ts'
import { benchState } from './scripts/bench-data.ts'
const db = await openDatabase({ url: process.env.DATABASE_URL })
await loadState(db, benchState(Date.now(), { clubs: 10000, donations: 100000 }))
await db.close()
console.log('loaded')
