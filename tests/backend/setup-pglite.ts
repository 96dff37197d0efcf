/** Vitest setup of the project `domain:pglite`: the server on embedded PostgreSQL, in memory. */
import { useSqlBackend } from './setup-sql.ts'

useSqlBackend(undefined)
