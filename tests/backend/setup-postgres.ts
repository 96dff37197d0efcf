/** Vitest setup of the project `domain:postgres`: the server on the PostgreSQL server of DATABASE_URL. */
import { registerSqlBackend } from './setup-sql.ts'

const url = process.env.DATABASE_URL
if (!url) throw new Error('The project domain:postgres needs DATABASE_URL.')
registerSqlBackend(url)
