/**
 * One mocked backend: the domain over the in-memory store, a clock, the store's seed, and the faults the
 * control plane injects (a delay, failures of named operations). The ways of serving it each make one:
 * MSW in the browser and in Vitest (mocks/browser.ts, mocks/node.ts), the server's Fastify app in
 * `npm run mock:server` (mocks/server.ts).
 */
import { createDomainBackend } from '#domain/backend.ts'
import type { OperationId } from '#openapi/generated/operations.ts'
import { problemResponse } from '#domain/operation.ts'
import type { ApiRequest, ApiResponse, ExecuteRequestOptions } from '#domain/operation.ts'
import { ProblemError, kindForStatus } from '#domain/problem.ts'
import { takeInjectedFailure } from './control/control.ts'
import type { Ports } from '#domain/ports.ts'
import type { ReceiptRenderer } from '#domain/receipt-document.ts'
import type * as ReceiptPdf from '#adapters/receipt-pdf/render-receipt.ts'
import { createMemoryFileBlobs, type KeptFileArchive } from './db/memory-file-blobs.ts'
import { memoryIdentityStore, memoryPorts, memoryUnitOfWork } from './db/memory-ports.ts'
import { seedInstant } from '#adapters/demo-seed/seed.ts'
import { seedState } from './db/seed-state.ts'
import { createStore } from './db/store.ts'
import type { Store } from './db/store.ts'
import type { DbState } from './db/types.ts'
import { mintIdToken } from '#adapters/offline-identity/offline-identity.ts'
import type { IdentityStore } from '#adapters/offline-identity/offline-identity.ts'
import { newSigningKey } from '#adapters/offline-identity/tokens.ts'
import { randomIds } from '#domain/ids.ts'
import {
  createSimulatedProvider,
  deliveryRequest,
  SIMULATED_WEBHOOK_SECRET,
} from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { ProviderMemory, SimulatedProvider } from '#adapters/simulated-card-provider/simulated-provider.ts'

export interface MockBackendOptions {
  /** The clock; tests may move it. Defaults to Date.now. */
  now?: () => number
  /** A state to start from instead of the seed (restored browser state). */
  initialState?: DbState
  /**
   * The key the offline identity signs ID tokens with: the browser passes the one it keeps with the saved
   * state, so a reload keeps the session. Defaults to a fresh random key: per backend, so per process.
   */
  signingKey?: Uint8Array
  /**
   * Where the simulated card provider keeps its own state (the browser: localStorage), so its checkout
   * sessions outlive the page that made them. Defaults to memory only.
   */
  providerMemory?: ProviderMemory
  /**
   * Makes receipts' PDFs. Defaults to pdfkit's (adapters/receipt-pdf/), loaded on the first receipt: Node
   * only (tests, mock:server). The browser passes its own (mocks/browser.ts).
   */
  receiptRenderer?: ReceiptRenderer
  /** Where the receipts' PDFs outlive the backend (the browser's IndexedDB); absent: in memory only. */
  keptFileArchive?: KeptFileArchive
}

/**
 * Not a literal, so that no bundler follows it: pdfkit and the fonts it reads with node:fs stay out of the
 * browser's mocked backend, which imports this module but never renders with the default.
 */
const PDFKIT_RENDERER_MODULE: string = '#adapters/receipt-pdf/render-receipt.ts'
let pdfkitRenderer: Promise<ReceiptRenderer> | null = null

/** pdfkit's renderer, its module imported on first use (and again after a failed import). */
export const nodeReceiptRenderer: ReceiptRenderer = {
  render: async (document) => {
    pdfkitRenderer ??= (import(/* @vite-ignore */ PDFKIT_RENDERER_MODULE) as Promise<typeof ReceiptPdf>).then(
      (module) => module.pdfkitReceiptRenderer,
      (error: unknown) => {
        pdfkitRenderer = null
        throw error
      },
    )
    return (await pdfkitRenderer).render(document)
  },
}

export interface MockBackend {
  readonly store: Store
  now(): number
  /** Back to the seed: data, mailbox and faults. */
  reset(): void
  /** An operation as the domain answers it, after the injected delay and failure, if any. */
  execute(operationId: OperationId, request: ApiRequest, options?: ExecuteRequestOptions): Promise<ApiResponse>
  /** Moves the clock to `instant` (epoch ms), from where it runs on; null: the given clock again (`/__mock/clock`). */
  setClock(instant: number | null): void
  /** A valid ID token for a user of the store (e.g. a seed account), as the offline sign-in issues it now. */
  idTokenFor(email: string): string
  /** The simulated card provider this backend's donations are paid at (its hosted checkout page uses it). */
  readonly payments: SimulatedProvider
  /** Runs work with the ports (and the identity's store) in one transaction: the control plane's actions. */
  transact<T>(work: (ports: Ports, identity: IdentityStore) => Promise<T>): Promise<T>
}

export const freshSeed = (now: number): DbState => seedState(seedInstant(now))

export const createMockBackend = (options: MockBackendOptions = {}): MockBackend => {
  const system = options.now ?? (() => Date.now())
  let clockOffset = 0
  const now = () => system() + clockOffset
  const signingKey = options.signingKey ?? newSigningKey()
  const store = createStore(options.initialState ?? freshSeed(now()))
  // Uploads sent to this backend's uploadFile: in memory only, forgotten on reset.
  const fileBlobs = createMemoryFileBlobs(options.keptFileArchive)
  const receiptRenderer = options.receiptRenderer ?? nodeReceiptRenderer
  // Its events reach this backend's webhook operation as an HTTP delivery would (signed, the raw body).
  const payments: SimulatedProvider = createSimulatedProvider({
    webhookSecret: SIMULATED_WEBHOOK_SECRET,
    now,
    token: () => randomIds.token(12),
    deliver: async (payload, signature) => {
      const response = await backend.execute('receivePaymentEvent', deliveryRequest(payload, signature))
      if (response.status !== 200)
        throw new Error(`The webhook answered ${response.status}: ${JSON.stringify(response.body)}`)
    },
    onDeliveryError: (error) => console.error('[simulated provider]', error),
    memory: options.providerMemory,
  })
  const domain = createDomainBackend(
    memoryUnitOfWork(store, { now, signingKey, fileBlobs, payments, receiptRenderer }),
    { now },
    { onUnexpected: (id, error) => console.error('[mock backend]', id, error) },
  )
  const backend: MockBackend = {
    store,
    now,
    payments,
    setClock: (instant) => {
      clockOffset = instant === null ? 0 : instant - system()
    },
    reset: () => {
      clockOffset = 0
      store.replace(freshSeed(now()))
      fileBlobs.clear()
      // Forgotten before it returns: the simulated provider here has no shared state to wait for.
      void payments.forget()
    },
    execute: async (operationId, request, options) => {
      const { delayMs } = store.state.singletons.faults
      // An upload's preflight and its operation are one request: delayed once.
      if (delayMs > 0 && !options?.preflight) await new Promise((resolve) => setTimeout(resolve, delayMs))
      const injected = await takeInjectedFailure(store, operationId)
      if (injected === null) return domain.execute(operationId, request, options)
      return problemResponse(
        new ProblemError(
          kindForStatus(injected),
          `Failure injected for ${operationId} by the mock fault settings.`,
          undefined,
          injected,
        ),
        request.path,
      )
    },
    idTokenFor: (email) => {
      const { tables, singletons } = store.state
      const wanted = email.trim().toLowerCase()
      const user = [...tables.users.values()].find((candidate) => candidate.email === wanted)
      if (!user) throw new Error(`No user with the e-mail address ${email} in the mocked backend.`)
      const validAfter = tables.credentials.get(user.uid)?.sessionsValidAfter ?? 0
      return mintIdToken(user, validAfter, now(), singletons.faults.tokenLifetimeSeconds, signingKey)
    },
    transact: (work) =>
      store.transactAsync((tx) =>
        work(
          memoryPorts(tx, { now, signingKey, fileBlobs, payments, receiptRenderer }),
          memoryIdentityStore(tx, now, signingKey),
        ),
      ),
  }
  return backend
}
