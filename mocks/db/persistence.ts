/**
 * Saving the store across page reloads (browser). The generated seed donations are not saved: they are
 * rebuilt from the persisted `seedAt` exactly as they were (the seed is deterministic), which keeps the
 * saved state small. Only donations made later would be saved (the API has no call that adds one yet).
 */
import { SEED_DONATION_PREFIX, SEED_VERSION, buildSeed, isUnreadSeedDonations } from './seed.ts'
import { TABLE_NAMES } from './types.ts'
import type { DbState, Singletons, TableName, Tables } from './types.ts'

/** Bump when the record shapes change: older saved states are then dropped for a fresh seed. */
const FORMAT = 3

interface SavedState {
  format: number
  seedVersion: number
  tables: Record<TableName, unknown[]>
  singletons: Singletons
}

/**
 * Each table's JSON by the identity of its map: a transaction copies only the tables it writes, so saving
 * after a change serializes those and reuses the text of all others.
 */
const tableJson = new WeakMap<ReadonlyMap<string, unknown>, string>()

const serializeTable = (name: TableName, table: ReadonlyMap<string, unknown>): string => {
  let json = tableJson.get(table)
  if (json === undefined) {
    // Unread seed donations are all generated ones: nothing to save, and no reason to build them.
    const records =
      name !== 'donations'
        ? [...table.values()]
        : isUnreadSeedDonations(table)
          ? []
          : [...table.values()].filter((record) => !(record as { id: string }).id.startsWith(SEED_DONATION_PREFIX))
    json = JSON.stringify(records)
    tableJson.set(table, json)
  }
  return json
}

/** The same text as `JSON.stringify(SavedState)`, assembled from the per-table cache. */
export const serializeState = (state: DbState): string => {
  const tables = TABLE_NAMES.map((name) => `${JSON.stringify(name)}:${serializeTable(name, state.tables[name])}`).join(',')
  return `{"format":${FORMAT},"seedVersion":${SEED_VERSION},"tables":{${tables}},"singletons":${JSON.stringify(state.singletons)}}`
}

const keyOf = (name: TableName, record: Record<string, unknown>): string =>
  String(name === 'campaigns' ? record.documentId : name === 'paymentAccounts' ? record.accountId : name === 'users' || name === 'credentials' ? record.uid : name === 'refreshTokens' ? record.token : name === 'oobCodes' ? record.code : record.id)

/** The saved state, or null when there is none usable (absent, corrupt or from another seed version). */
export const deserializeState = (text: string | null): DbState | null => {
  if (!text) return null
  try {
    const saved = JSON.parse(text) as SavedState
    if (saved.format !== FORMAT || saved.seedVersion !== SEED_VERSION || typeof saved.singletons?.seedAt !== 'number') return null
    const seed = buildSeed(saved.singletons.seedAt)
    const tables = {} as Record<TableName, ReadonlyMap<string, unknown>>
    for (const name of TABLE_NAMES) {
      const records = saved.tables[name]
      if (!Array.isArray(records)) return null
      const map = new Map<string, unknown>(records.map((record) => [keyOf(name, record as Record<string, unknown>), record]))
      if (name === 'donations') {
        // No donations of its own: the seed's table as it is (built only when something reads it).
        if (map.size === 0) {
          tables[name] = seed.tables.donations
          continue
        }
        const merged = new Map(seed.tables.donations as ReadonlyMap<string, unknown>)
        for (const [id, record] of map) merged.set(id, record)
        tables[name] = merged
      } else tables[name] = map
    }
    return { tables: tables as unknown as Tables, singletons: saved.singletons }
  } catch {
    return null
  }
}
