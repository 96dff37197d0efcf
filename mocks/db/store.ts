/**
 * The in-memory store: one immutable state value, changed only through transactions. A transaction
 * copies a table the first time it writes to it (copy on write), so a failing request leaves the
 * committed state untouched, and reading 10 000 donations costs no copy at all.
 */
import type { DbState, RecordOf, Singletons, SingletonName, TableName, Tables } from './types.ts'

export interface TableReader<R> {
  get(id: string): R | undefined
  has(id: string): boolean
  values(): IterableIterator<R>
  readonly size: number
}

export class Tx {
  readonly #base: DbState
  readonly #tables = new Map<TableName, Map<string, unknown>>()
  readonly #singletons: Partial<Record<SingletonName, unknown>> = {}
  #written = false

  constructor(base: DbState) {
    this.#base = base
  }

  /** The table as this transaction sees it (its own writes included). */
  table<T extends TableName>(name: T): TableReader<RecordOf<T>> {
    return this.map(name) as unknown as TableReader<RecordOf<T>>
  }

  /** The underlying map: stable identity until written, so derived indexes can be cached by it. */
  map<T extends TableName>(name: T): Tables[T] {
    return (this.#tables.get(name) ?? this.#base.tables[name]) as Tables[T]
  }

  #writable(name: TableName): Map<string, unknown> {
    let table = this.#tables.get(name)
    if (!table) {
      table = new Map(this.#base.tables[name] as ReadonlyMap<string, unknown>)
      this.#tables.set(name, table)
    }
    this.#written = true
    return table
  }

  put<T extends TableName>(name: T, id: string, record: RecordOf<T>): RecordOf<T> {
    this.#writable(name).set(id, record)
    return record
  }

  delete(name: TableName, id: string): void {
    if (this.map(name).has(id)) this.#writable(name).delete(id)
  }

  singleton<K extends SingletonName>(key: K): Singletons[K] {
    return (key in this.#singletons ? this.#singletons[key] : this.#base.singletons[key]) as Singletons[K]
  }

  setSingleton<K extends SingletonName>(key: K, value: Singletons[K]): void {
    this.#singletons[key] = value
    this.#written = true
  }

  get written(): boolean {
    return this.#written
  }

  /** The state with this transaction's writes applied. */
  result(): DbState {
    if (!this.#written) return this.#base
    const tables = { ...this.#base.tables } as Record<TableName, unknown>
    for (const [name, table] of this.#tables) tables[name] = table
    return {
      tables: tables as unknown as Tables,
      singletons: { ...this.#base.singletons, ...this.#singletons } as Singletons,
    }
  }
}

export interface Store {
  readonly state: DbState
  /**
   * Runs `work` on a draft; its writes are committed only when it returns (a throw discards them).
   * For setup code and tests; refused while an asynchronous transaction is under way, whose commit
   * would otherwise lose this one's writes.
   */
  transact<T>(work: (tx: Tx) => T): T
  /**
   * The same for asynchronous work (the domain's operations): transactions run one after another, so
   * two requests never commit over each other.
   */
  transactAsync<T>(work: (tx: Tx) => Promise<T>): Promise<T>
  /** Reads without the possibility to commit. */
  read<T>(work: (tx: Tx) => T): T
  replace(state: DbState): void
  /** Called after every commit that changed something (persistence in the browser). */
  subscribe(listener: (state: DbState) => void): () => void
}

export const createStore = (initial: DbState): Store => {
  let state = initial
  const listeners = new Set<(state: DbState) => void>()
  const notify = () => listeners.forEach((listener) => listener(state))
  let queue: Promise<unknown> = Promise.resolve()
  let running = 0
  // A reset (`replace`) while a transaction runs wins: that transaction's writes are dropped.
  let generation = 0
  const commit = (tx: Tx, startedIn = generation) => {
    if (tx.written && startedIn === generation) {
      state = tx.result()
      notify()
    }
  }
  return {
    get state() {
      return state
    },
    transact(work) {
      if (running > 0) throw new Error('A synchronous transaction cannot run while an asynchronous one is under way.')
      const tx = new Tx(state)
      const result = work(tx)
      commit(tx)
      return result
    },
    transactAsync<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      running += 1
      const run = async () => {
        try {
          const startedIn = generation
          const tx = new Tx(state)
          const result = await work(tx)
          commit(tx, startedIn)
          return result
        } finally {
          running -= 1
        }
      }
      const next = queue.then(run, run)
      queue = next.catch(() => undefined)
      return next
    },
    read(work) {
      return work(new Tx(state))
    },
    replace(next) {
      generation += 1
      state = next
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
