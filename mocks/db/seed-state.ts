/**
 * The mocked backend's state of the demo seed (adapters/demo-seed): the seed's tables as they are, plus
 * the tables and settings only the mocked backend keeps, empty or at their defaults. The seed's tables are
 * shared, not copied: a reset hands out the cached seed at no cost, persistence.ts caches each table's
 * JSON by the table's identity, and the generated donations stay unbuilt until something reads them.
 */
import { buildSeed } from '#adapters/demo-seed/seed.ts'
import type { DemoData } from '#adapters/demo-seed/demo-data.ts'
import { DEFAULT_FAULTS } from './types.ts'
import type { DbState } from './types.ts'

/** One state per seed build, so a reset within the hour hands out the same state as the last one. */
const states = new WeakMap<DemoData, DbState>()

/** `data` (the seed, or a larger state built from it) as the mocked backend's state. */
export const stateOfDemo = (data: DemoData): DbState => {
  let state = states.get(data)
  if (!state) {
    state = {
      tables: {
        ...data.tables,
        checkouts: new Map(),
        paymentEvents: new Map(),
        refreshTokens: new Map(),
        oobCodes: new Map(),
        mails: new Map(),
        taxTransmissions: new Map(),
        taxDonorNumbers: new Map(),
        receipts: new Map(),
        receiptLocks: new Map(),
        receiptSequences: new Map(),
      },
      singletons: {
        appLogo: data.appLogo,
        globals: data.globals,
        faults: DEFAULT_FAULTS,
        settings: { firebaseEmulatorProject: null },
        seedAt: data.seedAt,
        mailSequence: 0,
      },
    }
    states.set(data, state)
  }
  return state
}

/** The seed built for `seedAt` (seedInstant: the start of an hour), as the mocked backend's state. */
export const seedState = (seedAt: number): DbState => stateOfDemo(buildSeed(seedAt))
