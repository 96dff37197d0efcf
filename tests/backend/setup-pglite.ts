/** Vitest setup of the project `domain:pglite`: the server on embedded PostgreSQL, in memory. */
import { registerSqlBackend } from './setup-sql.ts'

registerSqlBackend(undefined, { sharePerProcess: true })
