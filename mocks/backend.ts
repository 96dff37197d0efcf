/**
 * One mocked backend: a store seeded for the current hour, a clock, and the pipeline that runs an
 * operation. The three ways of serving it (browser, Vitest, the Node server) each make one of these and
 * put the same MSW handlers in front of it.
 */
import { buildSeed, seedInstant } from './db/seed.ts'
import { createStore } from './db/store.ts'
import type { Store } from './db/store.ts'
import type { DbState } from './db/types.ts'
import type { OperationId } from './domain/access.ts'
import { executeOperation } from './domain/operation.ts'
import type { ApiRequest, ApiResponse } from './domain/operation.ts'
import { OPERATIONS } from './domain/operations.ts'

export interface MockBackendOptions {
  /** The clock; tests may move it. Defaults to Date.now. */
  now?: () => number
  /** A state to start from instead of the seed (restored browser state). */
  initialState?: DbState
}

export interface MockBackend {
  readonly store: Store
  now(): number
  /** Back to the seed: data, mailbox and faults. */
  reset(): void
  execute(operationId: OperationId, request: ApiRequest): ApiResponse
}

export const freshSeed = (now: number): DbState => buildSeed(seedInstant(now))

export const createMockBackend = (options: MockBackendOptions = {}): MockBackend => {
  const now = options.now ?? (() => Date.now())
  const store = createStore(options.initialState ?? freshSeed(now()))
  return {
    store,
    now,
    reset: () => store.replace(freshSeed(now())),
    execute: (operationId, request) => executeOperation(store, operationId, OPERATIONS[operationId], request, now()),
  }
}
