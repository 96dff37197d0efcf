/**
 * The stores a port test runs on alike: the mocked backend's in-memory store and PostgreSQL (PGlite; also
 * a PostgreSQL server when DATABASE_URL is set, where transactions really run at once), both from the demo
 * seed of `now`. A test names the repositories it needs and how the SQL side makes them.
 */
import type { PaymentProvider } from '#domain/payment-provider.ts'
import type { Ports } from '#domain/ports.ts'
import { seedInstant } from '#adapters/demo-seed/seed.ts'
import { memoryPorts } from '#mocks/db/memory-ports.ts'
import { seedState } from '#mocks/db/seed-state.ts'
import { createStore } from '#mocks/db/store.ts'
import type { Store } from '#mocks/db/store.ts'
import { openDatabase } from '#server/db/database.ts'
import type { OpenDatabase, Trx } from '#server/db/database.ts'
import { loadDemoSeed } from '#server/db/seed.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'

export interface StoreUnderTest<P> {
  /** One unit of work: committed when `work` returns, rolled back when it throws. */
  run<T>(work: (ports: P) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** SQL stores only. */
  database?: OpenDatabase
  /** The in-memory store only. */
  store?: Store
}

export const storesUnderTest = <P extends Partial<Ports>>(options: {
  readonly now: number
  /** The scratch database's name prefix on a PostgreSQL server. */
  readonly scratchPrefix: string
  /** The repositories the test uses, over a SQL transaction. */
  readonly sqlPorts: (trx: Trx) => P
}): ReadonlyArray<[string, () => Promise<StoreUnderTest<P>>]> => {
  const { now } = options
  const memoryStore = async (): Promise<StoreUnderTest<P>> => {
    const store = createStore(seedState(seedInstant(now)))
    // Only repositories are used: no card provider is called.
    const memory = { now: () => now, signingKey: new Uint8Array(32), payments: {} as PaymentProvider }
    return {
      run: (work) => store.transactAsync((tx) => work(memoryPorts(tx, memory) as unknown as P)),
      close: async () => undefined,
      store,
    }
  }
  const sqlStore = async (url: string | undefined): Promise<StoreUnderTest<P>> => {
    const scratch = url ? await createScratchDatabase(url, options.scratchPrefix) : null
    const database = await openDatabase({ url: scratch?.url, poolSize: 6, onConnectionError: () => undefined })
    await loadDemoSeed(database, now)
    return {
      run: (work) => database.transaction((trx) => work(options.sqlPorts(trx))),
      close: async () => {
        await database.close()
        await scratch?.drop()
      },
      database,
    }
  }
  const postgres = process.env.DATABASE_URL
  return [
    ['memory', memoryStore],
    ['pglite', () => sqlStore(undefined)],
    ...(postgres ? [['postgres', () => sqlStore(postgres)] as [string, () => Promise<StoreUnderTest<P>>]] : []),
  ]
}
