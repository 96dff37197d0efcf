/**
 * The database: PostgreSQL everywhere. Embedded (PGlite, PostgreSQL compiled to WebAssembly, data in a
 * directory) by default; a PostgreSQL server when a connection string is given. Migrations run on open.
 *
 * Transactions: on a PostgreSQL server every unit of work is a SERIALIZABLE transaction, retried a few
 * times when PostgreSQL reports a serialization conflict, so the domain's checks (last administrator,
 * unique names) hold under concurrent requests. PGlite is one connection in one process: units of work
 * take turns (a queue), which is the same guarantee.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Transaction } from 'kysely'
import pg from 'pg'
import { migrationProvider } from './migrations.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>
export type Trx = Transaction<Database>

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite. */
  url?: string | undefined
  /** PGlite's data directory; absent: in memory (tests). */
  dataDir?: string | undefined
  /** Connections of the pool (PostgreSQL server only). */
  poolSize?: number
}

export interface OpenDatabase {
  readonly db: Db
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction (see above); `readOnly` work cannot write. */
  transaction<T>(work: (trx: Trx) => Promise<T>, readOnly?: boolean): Promise<T>
  /** True when a query gets through (readiness). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

const INT8 = 20
const DATE = 1082
// Counts and sums come back as int8; every one of them fits a double. Days stay `YYYY-MM-DD` strings.
const toNumber = (value: string): number => Number(value)
const asString = (value: string): string => value

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 4

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined

export const openDatabase = async (options: DatabaseOptions): Promise<OpenDatabase> => {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10)
  return openPglite(options.dataDir)
}

const migrate = async (db: Db): Promise<void> => {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
}

const openPglite = async (dataDir: string | undefined): Promise<OpenDatabase> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir, { parsers: { [INT8]: toNumber, [DATE]: asString } })
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) })
  let queue: Promise<unknown> = Promise.resolve()
  /** One unit of work at a time on the single connection. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
  await exclusive(() => migrate(db))
  return {
    db,
    kind: 'pglite',
    transaction: (work) => exclusive(() => db.transaction().execute(work)),
    ping: () => exclusive(async () => (await pglite.query('SELECT 1')).rows.length === 1).catch(() => false),
    close: async () => {
      await exclusive(async () => undefined)
      await db.destroy()
    },
  }
}

const openPostgres = async (url: string, poolSize: number): Promise<OpenDatabase> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? toNumber : oid === DATE ? asString : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  await migrate(db)
  return {
    db,
    kind: 'postgres',
    transaction: async (work, readOnly = false) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const builder = db.transaction().setIsolationLevel(readOnly ? 'repeatable read' : 'serializable')
          return await (readOnly ? builder.setAccessMode('read only') : builder).execute(work)
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(codeOf(error) ?? '')) throw error
          await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10))
        }
      }
    },
    ping: async () => {
      try {
        await pool.query('SELECT 1')
        return true
      } catch {
        return false
      }
    },
    close: () => db.destroy(),
  }
}

export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505'
export const constraintOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'constraint' in error ? String((error as { constraint: unknown }).constraint) : undefined
