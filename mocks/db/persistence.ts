/**
 * Saving the store across page reloads (browser). The generated seed donations are not saved: they are
 * rebuilt from the persisted `seedAt` exactly as they were (the seed is deterministic), which keeps the
 * saved state small. Only donations made later are saved (those paid at the simulated provider).
 *
 * Passwords are saved only as hashes (adapters/offline-identity/passwords.ts); a state of format 3 or older, which
 * kept them in plain text, is dropped on load for a fresh seed. When the browser refuses to save (storage
 * full, disabled, private mode), `createStatePersistence` reports it to its subscribers, and mocks/browser.ts
 * tells the page, whose demo banner shows it: nothing is lost silently.
 */
import { newSigningKey, signingKeyFromText, signingKeyToText } from '#adapters/offline-identity/tokens.ts'
import { SEED_DONATION_PREFIX, SEED_VERSION, buildSeed, isUnreadSeedDonations } from '#adapters/demo-seed/seed.ts'
import { TABLE_NAMES, TABLES_ADDED_LATER } from './types.ts'
import type { DbState, Singletons, TableName, Tables } from './types.ts'

/**
 * Bump when the record shapes change: older saved states are then dropped for a fresh seed.
 * 4: credentials keep `passwordHash` instead of the password.
 */
const FORMAT = 4

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
  const tables = TABLE_NAMES.map((name) => `${JSON.stringify(name)}:${serializeTable(name, state.tables[name])}`).join(
    ',',
  )
  return `{"format":${FORMAT},"seedVersion":${SEED_VERSION},"tables":{${tables}},"singletons":${JSON.stringify(state.singletons)}}`
}

const keyOf = (name: TableName, record: Record<string, unknown>): string =>
  String(
    name === 'campaigns'
      ? record.documentId
      : name === 'paymentAccounts'
        ? record.accountId
        : name === 'users' || name === 'credentials'
          ? record.uid
          : name === 'refreshTokens'
            ? record.token
            : name === 'oobCodes'
              ? record.code
              : name === 'taxStatus' ||
                  name === 'taxDonorNumbers' ||
                  name === 'receiptSequences' ||
                  name === 'receiptSettings'
                ? record.clubId
                : name === 'receiptLocks'
                  ? record.donationId
                  : record.id,
  )

/** The saved state, or null when there is none usable (absent, corrupt or from another seed version). */
export const deserializeState = (text: string | null): DbState | null => {
  if (!text) return null
  try {
    const saved = JSON.parse(text) as SavedState
    if (saved.format !== FORMAT || saved.seedVersion !== SEED_VERSION || typeof saved.singletons?.seedAt !== 'number')
      return null
    // Only hashes: a credential with anything else (a hand-edited or foreign state) drops the whole state.
    const credentials = saved.tables.credentials as unknown
    if (!Array.isArray(credentials) || !credentials.every(isHashedCredential)) return null
    const seed = buildSeed(saved.singletons.seedAt)
    const tables = {} as Record<TableName, ReadonlyMap<string, unknown>>
    for (const name of TABLE_NAMES) {
      if (saved.tables[name] === undefined && TABLES_ADDED_LATER.has(name)) {
        // Saved before the table existed: the seed's records (the rebuilt donations point at them), or none.
        tables[name] = (seed.tables as Partial<Record<TableName, ReadonlyMap<string, unknown>>>)[name] ?? new Map()
        continue
      }
      const records = saved.tables[name]
      if (!Array.isArray(records)) return null
      const map = new Map<string, unknown>(
        records.map((record) => [keyOf(name, record as Record<string, unknown>), record]),
      )
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

const isHashedCredential = (record: unknown): boolean => {
  if (record === null || typeof record !== 'object') return false
  const { passwordHash, ...rest } = record as Record<string, unknown>
  return typeof passwordHash === 'string' && passwordHash.startsWith('scrypt$') && !('password' in rest)
}

// ------------------------------------------------------------------------------------------ browser storage

/** Where the browser keeps the demo state, and the key the offline identity signs tokens with. */
export const STATE_KEY = 'vereinsportal.mock-backend.state'
export const SIGNING_KEY_KEY = 'vereinsportal.mock-backend.signing-key'

/** Whether the last attempt to save worked; `reason` says why not. */
export interface SaveStatus {
  readonly saved: boolean
  /** `quota`: storage full (QuotaExceededError); `unavailable`: no storage or it refuses (disabled, private mode). */
  readonly reason: 'quota' | 'unavailable' | null
}

const SAVED: SaveStatus = { saved: true, reason: null }

const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)

export interface StatePersistence {
  /** The saved state, or null when there is none usable. */
  load(): DbState | null
  /** This browser's signing key: the one kept, else a new one (kept when storage allows). */
  signingKey(): Uint8Array
  /** Saves the state unless it is what was saved last; a failure is reported, and retried with the next change. */
  save(state: DbState): void
  /** Takes `text` as saved (another tab saved it); false when it is what was saved already. */
  adopt(text: string | null): boolean
  status(): SaveStatus
  /** Called with each change of the status; returns the unsubscribe. */
  subscribe(listener: (status: SaveStatus) => void): () => void
}

/** The demo state in `storage` (localStorage; null when the browser gives none). */
export const createStatePersistence = (storage: Storage | null): StatePersistence => {
  let status: SaveStatus = storage ? SAVED : { saved: false, reason: 'unavailable' }
  const listeners = new Set<(status: SaveStatus) => void>()
  const report = (next: SaveStatus) => {
    if (next.saved === status.saved && next.reason === status.reason) return
    status = next
    for (const listener of listeners) listener(status)
  }
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null
    } catch {
      report({ saved: false, reason: 'unavailable' })
      return null
    }
  }
  const write = (key: string, text: string): boolean => {
    if (!storage) return false
    try {
      storage.setItem(key, text)
      report(SAVED)
      return true
    } catch (error) {
      console.warn('[mock backend] could not save the demo data', error)
      report({ saved: false, reason: isQuotaError(error) ? 'quota' : 'unavailable' })
      return false
    }
  }

  let lastSaved = read(STATE_KEY)
  return {
    load: () => {
      const state = deserializeState(lastSaved)
      if (state === null && lastSaved !== null) {
        // Unusable (an older format, e.g. with plain-text passwords, or corrupt): removed, not kept around.
        try {
          storage?.removeItem(STATE_KEY)
        } catch {
          // Nothing to do: the next save overwrites it.
        }
        lastSaved = null
      }
      return state
    },
    signingKey: () => {
      const kept = signingKeyFromText(read(SIGNING_KEY_KEY))
      if (kept) return kept
      const key = newSigningKey()
      write(SIGNING_KEY_KEY, signingKeyToText(key))
      return key
    },
    save: (state) => {
      const text = serializeState(state)
      if (text === lastSaved) return
      if (write(STATE_KEY, text)) lastSaved = text
    },
    adopt: (text) => {
      if (text === lastSaved) return false
      lastSaved = text
      return true
    },
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
