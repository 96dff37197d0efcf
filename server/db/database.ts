/**
 * The database: PostgreSQL everywhere. Embedded (PGlite, PostgreSQL compiled to WebAssembly, data in a
 * directory) by default; a PostgreSQL server when a connection string is given. Migrations run on open.
 *
 * Transactions: on a PostgreSQL server every unit of work is a SERIALIZABLE transaction, retried a few
 * times (with growing, jittered waits; then 503) when PostgreSQL reports a serialization conflict, so the domain's checks (last administrator,
 * unique names) hold under concurrent requests. PGlite is one connection in one process: units of work
 * take turns (a queue), which is the same guarantee.
 *
 * Several server processes may share one PostgreSQL server (their migrations take turns under a lock);
 * PGlite's data directory belongs to one process, and a second one is refused (./data-dir-lock.ts).
 *
 * A unit of work given an abort signal (a request's time limit) is cancelled when it fires: the work's
 * promise is abandoned, its transaction rolls back, and every further query of the abandoned work is
 * refused, so nothing of it commits after the 503 (CancellationGuard). On a PostgreSQL server its
 * statements also stop at `statementTimeoutMs`.
 *
 * A database that cannot be reached (refused or ended connections, PostgreSQL shutting down or starting,
 * out of connections, a closed PGlite) fails a unit of work with the problem `unavailable` (503 with
 * `Retry-After`, server/db/unreachable.ts): nothing was changed, and the client may try again.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import type {
  KyselyPlugin,
  LogEvent,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { CancelledError, untilCancelled } from '#domain/ports.ts'
import { problem } from '#domain/problem.ts'
import { migrationProvider } from './migrations/provider.ts'
import { lockDataDir } from './data-dir-lock.ts'
import type { Database } from './schema.ts'
import { databaseUnreachable, isDatabaseUnreachable } from './unreachable.ts'

export type Db = Kysely<Database>
/** What the adapters query through: a transaction, or (read-only work) the database itself. */
export type Trx = Kysely<Database>

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite. */
  url?: string | undefined
  /** PGlite's data directory; absent: in memory (tests). */
  dataDir?: string | undefined
  /** Connections of the pool (PostgreSQL server only). */
  poolSize?: number
  /**
   * A connection of the pool failed while idle (the server restarted, an administrator ended it). The
   * pool replaces it; without a listener the failure would end the process.
   */
  onConnectionError?: (error: Error) => void
  /** How long one statement of a cancellable unit of work may run (PostgreSQL server only). */
  statementTimeoutMs?: number | undefined
  /**
   * How long a unit of work waits for a connection of the pool (a free one, or a new one to a server that
   * does not answer) before it is `unavailable` (PostgreSQL server only; default 10 s).
   */
  connectTimeoutMs?: number | undefined
}

export interface OpenDatabase {
  readonly db: Db
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `work` in one transaction (see above). `readOnly` work runs without one: on PGlite it has the
   * connection to itself anyway; on a PostgreSQL server each query reads what is committed when it runs.
   */
  transaction<T>(
    work: (trx: Trx) => Promise<T>,
    readOnly?: boolean,
    signal?: AbortSignal,
    /** Write work with the same key takes turns (UnitOfWork.run); PGlite's work takes turns anyway. */
    serialKey?: string,
  ): Promise<T>
  /**
   * PostgreSQL server only: statements that commit on their own, at once, on connections of their own
   * (never one a running unit of work holds, so a burst of requests that each need one cannot wait for
   * each other). What must be durable before a unit of work calls out (server/identity/pending-accounts.ts).
   * PGlite has one connection, which the running unit of work holds: none there.
   */
  readonly outside?: Db
  /** True when a query gets through (readiness). */
  ping(): Promise<boolean>
  /** The connections now: how many exist, how many are idle, how much work waits for one (metrics). */
  pool(): PoolUse
  /** Hears of every statement and unit of work from now on, until the returned function is called (metrics). */
  observe(observer: DatabaseObserver): () => void
  close(): Promise<void>
}

/**
 * The connections of a database. PGlite has one connection and queues the units of work: `waiting` is that
 * queue (the one running not counted).
 */
export interface PoolUse {
  readonly max: number
  readonly total: number
  readonly idle: number
  readonly waiting: number
}

export interface DatabaseObserver {
  /** A statement finished (`failed`: with an error) after `ms`. */
  query?(ms: number, failed: boolean): void
  /** A unit of work ended after `ms`, its wait for the connection and its retries included. */
  transaction?(ms: number, readOnly: boolean, committed: boolean): void
  /** A transaction conflicted (serialization failure, deadlock) and runs again. */
  retry?(): void
}

/** The observers of one database. */
class Observers {
  readonly #all = new Set<DatabaseObserver>()
  add(observer: DatabaseObserver): () => void {
    this.#all.add(observer)
    return () => void this.#all.delete(observer)
  }
  /** Kysely's log: every statement, with its duration. */
  readonly log = (event: LogEvent): void => {
    for (const observer of this.#all) observer.query?.(event.queryDurationMillis, event.level === 'error')
  }
  retry(): void {
    for (const observer of this.#all) observer.retry?.()
  }
  /** `run`, timed for the observers. */
  async timed<T>(readOnly: boolean, run: () => Promise<T>): Promise<T> {
    if (this.#all.size === 0) return run()
    const started = performance.now()
    let committed = false
    try {
      const result = await run()
      committed = true
      return result
    } finally {
      const ms = performance.now() - started
      for (const observer of this.#all) observer.transaction?.(ms, readOnly, committed)
    }
  }
}

const INT8 = 20
const DATE = 1082
const TIMESTAMPTZ = 1184
// Counts and sums come back as int8; every one of them fits a double. Days stay `YYYY-MM-DD` strings.
const toNumber = (value: string): number => Number(value)
const asString = (value: string): string => value

/**
 * `2026-05-01 08:30:00.123456+00` (PostgreSQL's text form in the UTC session every connection uses) →
 * `2026-05-01T08:30:00.123Z`, the contract's form, without a Date in between (lists read thousands).
 */
export const timestamptzToIso = (text: string): string => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/.exec(text)
  if (!match) return new Date(text).toISOString()
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`
}

const PARSERS = { [INT8]: toNumber, [DATE]: asString, [TIMESTAMPTZ]: timestamptzToIso }

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01'])
/**
 * Many writers of one row (a popular campaign's totals of the day, as the card provider's events arrive
 * together) conflict again and again: each round only one commits. Waits grow exponentially with full
 * jitter, so the others spread out instead of meeting again; about 2.5 s of waiting at most.
 */
const MAX_ATTEMPTS = 10
const retryDelayMs = (attempt: number): number => Math.random() * Math.min(640, 10 * 2 ** attempt)

/** Refuses every query once `signal` has fired: abandoned work cannot write after its rollback. */
class CancellationGuard implements KyselyPlugin {
  readonly #signal: AbortSignal
  constructor(signal: AbortSignal) {
    this.#signal = signal
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#signal.aborted) throw new CancelledError()
    return args.node
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

/**
 * `work` on `trx`, abandoned as soon as `signal` fires: the promise rejects with CancelledError (so the
 * caller's transaction rolls back) while the work's own queries are refused from then on.
 */
const cancellable = <T>(trx: Trx, work: (trx: Trx) => Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return work(trx)
  if (signal.aborted) return Promise.reject(new CancelledError())
  return untilCancelled(work(trx.withPlugin(new CancellationGuard(signal))), signal)
}

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined

export const openDatabase = async (options: DatabaseOptions): Promise<OpenDatabase> => {
  const observers = new Observers()
  const opened = options.url
    ? await openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.onConnectionError ?? ((error) => console.error('[database]', error.message)),
        options.statementTimeoutMs,
        options.connectTimeoutMs ?? 10_000,
        observers,
      )
    : await openPglite(options.dataDir, observers)
  return {
    ...opened,
    transaction: async (work, readOnly = false, signal, serialKey) => {
      try {
        return await observers.timed(readOnly, () => opened.transaction(work, readOnly, signal, serialKey))
      } catch (error) {
        if (isDatabaseUnreachable(error)) throw databaseUnreachable()
        throw error
      }
    },
    observe: (observer) => observers.add(observer),
  }
}

const migrate = async (db: Db): Promise<void> => {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
}

/**
 * The key of the session lock every process takes around its migrations (any number, the same in every
 * version): Kysely's migrator locks only once its own tables exist, and processes starting together on a
 * fresh database would race to create those.
 */
const MIGRATION_LOCK_KEY = 7_311_020_110

/**
 * Migrations on a PostgreSQL server, one process at a time: the others wait for the lock and then find
 * nothing left to apply. Lock, migrations and unlock use one connection (a pool of one must not wait for
 * a second); a process that dies holding the lock loses its connection and with it the lock.
 */
const migrateLocked = (db: Db): Promise<void> =>
  db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection)
    try {
      await migrate(connection)
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection)
    }
  })

const openPglite = async (
  dataDir: string | undefined,
  observers: Observers,
): Promise<Omit<OpenDatabase, 'observe'>> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // PGlite has no lock of its own: a second process on the same files would corrupt them.
  const lock = dataDir ? lockDataDir(dataDir) : undefined
  let pglite: PGlite
  try {
    pglite = await PGlite.create(dataDir, { parsers: PARSERS })
  } catch (error) {
    lock?.release()
    throw error
  }
  await pglite.exec(`SET TIME ZONE 'UTC'`)
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log: observers.log })
  let queue: Promise<unknown> = Promise.resolve()
  /** Units of work queued or running. */
  let pending = 0
  /** One unit of work at a time on the single connection. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1
    const next = queue.then(work, work).finally(() => {
      pending -= 1
    })
    queue = next.catch(() => undefined)
    return next
  }
  await exclusive(() => migrate(db))
  return {
    db,
    kind: 'pglite',
    transaction: (work, readOnly = false, signal) =>
      exclusive(() =>
        readOnly ? cancellable(db, work, signal) : db.transaction().execute((trx) => cancellable(trx, work, signal)),
      ),
    ping: () => exclusive(async () => (await pglite.query('SELECT 1')).rows.length === 1).catch(() => false),
    pool: () => ({ max: 1, total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) }),
    close: async () => {
      await exclusive(async () => undefined)
      try {
        await db.destroy()
      } finally {
        lock?.release()
      }
    },
  }
}

const openPostgres = async (
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void,
  statementTimeoutMs: number | undefined,
  connectTimeoutMs: number,
  observers: Observers,
): Promise<Omit<OpenDatabase, 'observe'>> => {
  const limitStatements = async (trx: Trx, signal: AbortSignal | undefined) => {
    if (signal && statementTimeoutMs && Number.isInteger(statementTimeoutMs))
      await sql.raw(`SET LOCAL statement_timeout = ${statementTimeoutMs}`).execute(trx)
  }
  const newPool = (max: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: connectTimeoutMs,
      // Every session in UTC: timestamps come back in the form timestamptzToIso reads.
      options: '-c TimeZone=UTC',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          PARSERS[oid as keyof typeof PARSERS] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    pool.on('error', onConnectionError)
    // A connection that ends while a unit of work holds it (PostgreSQL restarting) fails that work's query;
    // the client's own error event, with no listener while it is checked out, would end the process.
    pool.on('connect', (client) => client.on('error', () => undefined))
    return pool
  }
  const pool = newPool(poolSize)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observers.log })
  // Opened on first use: most processes never need it.
  const outside = new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => newPool(2) }) })
  try {
    await migrateLocked(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return {
    db,
    kind: 'postgres',
    transaction: async (work, readOnly = false, signal, serialKey) => {
      if (readOnly) return cancellable(db, work, signal)
      const withRetries = async (on: Db) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await on
              .transaction()
              .setIsolationLevel('serializable')
              .execute(async (trx) => {
                await limitStatements(trx, signal)
                return cancellable(trx, work, signal)
              })
          } catch (error) {
            if (!RETRYABLE.has(codeOf(error) ?? '')) throw error
            // Still conflicting: the client may try again later (503), nothing of the work was written.
            if (attempt >= MAX_ATTEMPTS)
              throw problem('unavailable', 'The database is busy with the same data; try again.')
            observers.retry()
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)))
          }
        }
      }
      if (serialKey === undefined) return withRetries(db)
      // A session lock taken before the transaction begins, so its snapshot already sees what the previous
      // holder committed: holders take turns instead of conflicting, in every process on this database.
      return db.connection().execute(async (connection) => {
        await sql`SELECT pg_advisory_lock(hashtext(${serialKey}))`.execute(connection)
        try {
          return await withRetries(connection)
        } finally {
          await sql`SELECT pg_advisory_unlock(hashtext(${serialKey}))`.execute(connection)
        }
      })
    },
    ping: async () => {
      try {
        await pool.query('SELECT 1')
        return true
      } catch {
        return false
      }
    },
    pool: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    outside,
    close: async () => {
      await outside.destroy()
      await db.destroy()
    },
  }
}

export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505'
export const constraintOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'constraint' in error ? String(error.constraint) : undefined
