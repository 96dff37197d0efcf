/**
 * The simulated card provider's state in PostgreSQL (`simulated_provider_state`), for several server
 * processes: a checkout made through one is paid on the hosted page another one serves. Each of the
 * provider's turns reads, changes and writes the state under a transaction lock, so turns of all processes
 * take turns. Development and tests only, like the provider (Stripe keeps its own state).
 *
 * The turns use a small pool of their own: the provider is called inside the portal's units of work
 * (a checkout, a refund), which hold a connection of the main pool while they wait for it.
 */
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { SharedProviderState } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { Trx } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'

const NAME = 'state'
/** Any number, the same in every process: the lock of a turn. */
const TURN_LOCK_KEY = 7_311_020_111

/** The state, each turn in a transaction that `inTransaction` runs (once: no retries). */
export const sqlSimulatedProviderState = (
  inTransaction: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>,
): SharedProviderState => ({
  update: (work) =>
    inTransaction(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${TURN_LOCK_KEY})`.execute(trx)
      const row = await trx
        .selectFrom('simulated_provider_state')
        .select('state')
        .where('name', '=', NAME)
        .executeTakeFirst()
      const { result, text } = work(row?.state ?? null)
      await trx
        .insertInto('simulated_provider_state')
        .values({ name: NAME, state: text })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ state: text }))
        .execute()
      return result
    }),
})

/** The state on the PostgreSQL server of `url`, over a pool of two connections; `close` ends them. */
export const openSimulatedProviderState = (
  url: string,
  onConnectionError: (error: Error) => void,
): { readonly state: SharedProviderState; readonly close: () => Promise<void> } => {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  pool.on('error', onConnectionError)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    // Read committed: after the lock each turn reads what the one before it committed.
    state: sqlSimulatedProviderState((work) => db.transaction().execute(work)),
    close: () => db.destroy(),
  }
}
