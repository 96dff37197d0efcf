/**
 * The real backend's composition: the domain over the SQL adapters in one transaction per request, an
 * identity provider (Firebase Auth through firebase-admin, or the local identity: the offline twin of
 * Firebase Auth with its accounts in the same database, for development and tests) and the simulated
 * card provider. server/app.ts puts HTTP in front of it (server/server-app.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDomainBackend } from '#domain/backend.ts'
import type { DomainBackend } from '#domain/backend.ts'
import { randomIds } from '#domain/ids.ts'
import type { Clock, PaymentEventLog, Ports, UnitOfWork } from '#domain/ports.ts'
import { offlineIdentityProvider } from '#adapters/offline-identity/offline-identity.ts'
import type { IdentityStore } from '#adapters/offline-identity/offline-identity.ts'
import {
  createSimulatedProvider,
  deliveryRequest,
  SIMULATED_WEBHOOK_SECRET,
} from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { SharedProviderState, SimulatedProvider } from '#adapters/simulated-card-provider/simulated-provider.ts'
import type { PaymentProvider } from '#domain/payment-provider.ts'
import type { ReceiptRenderer } from '#domain/receipt-document.ts'
import { pdfkitReceiptRenderer } from '#adapters/receipt-pdf/render-receipt.ts'
import type { OpenDatabase, Trx } from './db/database.ts'
import { sqlRateLimitCounters } from './db/rate-limit-counters.ts'
import { sqlIdentityStore } from './db/repositories/identity.ts'
import { userRepository } from './db/repositories/users.ts'
import { sqlPorts } from './db/sql-ports.ts'
import { claimsProjection } from './identity/custom-claims.ts'
import { firebaseIdentityProvider } from './identity/firebase-identity.ts'
import type { PasswordCheck } from './identity/firebase-identity.ts'
import { directoryPendingAccounts, sqlPendingAccounts } from './identity/pending-accounts.ts'
import type { PendingAccounts } from './identity/pending-accounts.ts'
import { TransactionEffects } from './identity/transaction-effects.ts'
import type { Logger } from './logger.ts'
import { outboxMailer } from './mail/outbox.ts'
import type { FileStore } from './files/file-store.ts'
import { diskUploads } from './files/disk-uploads.ts'
import { temporaryDiskFiles } from './files/temporary.ts'
import { sqlFileBlobs } from './files/sql-file-blobs.ts'
import type { Auth } from 'firebase-admin/auth'
import type { HttpBackend } from './app.ts'

export interface ServerBackend extends HttpBackend {
  readonly domain: DomainBackend
  readonly database: OpenDatabase
  readonly clock: Clock
  /** Who signs users in: the local identity serves its sign-in protocol under /__mock/identity. */
  readonly identity: 'local' | 'firebase'
  /** The unit of work the domain runs in. */
  readonly unitOfWork: UnitOfWork
  /** The card provider; the simulated one also has its hosted checkout page on this server. */
  readonly payments: PaymentProvider
  /** Where uploaded files live (server/files). */
  readonly files: FileStore
  /** Runs work with the ports and the identity's store in one transaction (test hooks, provider page). */
  transact<T>(work: (ports: Ports, identity: IdentityStore) => Promise<T>, readOnly?: boolean): Promise<T>
  /**
   * With Firebase Auth: sets every stored user's custom claims from the database (server start), so users
   * who existed before the claims were kept, or whose update failed, get them. Resolves with the count.
   */
  syncAllClaims?: () => Promise<number>
  /**
   * With Firebase Auth: where account changes wait until their transaction has settled, for the
   * reconciler (server/identity/account-reconciler.ts).
   */
  readonly pendingAccounts?: PendingAccounts
}

export interface ServerBackendOptions {
  clock?: Clock
  /** The key the local identity signs ID tokens with; random per process by default. */
  signingKey?: Uint8Array
  /** Firebase Auth (firebase-admin); without it the local identity signs users in. */
  firebaseAuth?: Auth
  /** With Firebase Auth: how passwords are checked (the Identity Toolkit; startFirebaseAuth makes it). */
  firebasePasswordCheck?: PasswordCheck
  /** Where uploaded files live; absent: a temporary folder removed when the process exits (tests). */
  files?: FileStore
  /** The card provider for donations (Stripe, server/payments/); absent: the simulated one. */
  payments?: PaymentProvider
  /** Makes receipts' PDFs; absent: pdfkit (adapters/receipt-pdf/). */
  receiptRenderer?: ReceiptRenderer
  /**
   * Rate-limit counters in the database, shared by every process on it. Default: on a PostgreSQL server
   * (several processes may serve it); PGlite serves one process, which counts in memory.
   */
  sharedRateLimits?: boolean
  /** The simulated provider's state shared by several processes (server/payments/); absent: in memory. */
  simulatedProviderState?: SharedProviderState
  /**
   * With Firebase Auth on PGlite: the folder of the pending account changes (beside the data, so they
   * survive the process); absent: a temporary folder (tests). On a PostgreSQL server they are a table.
   */
  pendingAccountsDir?: string
  logger: Logger
  /** Hears of what the metrics count here (server/metrics.ts). */
  observer?: BackendObserver
}

export interface BackendObserver {
  /** A card provider's event was applied for the first time and committed, `lagMs` after the provider created it. */
  paymentEventApplied?(lagMs: number): void
}

/** The event log, telling `observer` of each event applied once its transaction has committed. */
const observedPaymentEvents = (
  events: PaymentEventLog,
  effects: TransactionEffects,
  observer: BackendObserver | undefined,
): PaymentEventLog => {
  const applied = observer?.paymentEventApplied?.bind(observer)
  if (!applied) return events
  return {
    record: async (event) => {
      const first = await events.record(event)
      if (first) {
        const lagMs = Date.parse(event.receivedAt) - event.createdAt
        effects.onCommit('count the payment event', async () => applied(lagMs))
      }
      return first
    },
  }
}

/** Where provider account changes wait until they settle: a table on a PostgreSQL server, else files. */
const pendingAccountsFor = (database: OpenDatabase, dir: string | undefined): PendingAccounts => {
  if (database.outside) return sqlPendingAccounts(database.outside, database.db)
  if (dir) return directoryPendingAccounts(dir)
  const temporary = mkdtempSync(join(tmpdir(), 'vereinsportal-pending-'))
  process.once('exit', () => rmSync(temporary, { recursive: true, force: true }))
  return directoryPendingAccounts(temporary)
}

export const createServerBackend = (database: OpenDatabase, options: ServerBackendOptions): ServerBackend => {
  const clock = options.clock ?? { now: () => Date.now() }
  const signingKey = options.signingKey ?? new Uint8Array(randomBytes(32))
  const now = () => clock.now()
  const identityStoreOf = (trx: Trx) =>
    sqlIdentityStore(trx, outboxMailer(trx, now, randomIds), { signingKey, tokenLifetimeSeconds: 3600 })
  const { firebaseAuth, logger } = options
  const passwordCheck: PasswordCheck =
    options.firebasePasswordCheck ??
    (() => Promise.reject(new Error('No password check was given for Firebase Auth (firebasePasswordCheck).')))
  const files = options.files ?? temporaryDiskFiles()
  const pendingAccounts = firebaseAuth ? pendingAccountsFor(database, options.pendingAccountsDir) : undefined
  /**
   * With Firebase Auth, each user's custom claims (storage.rules) follow the role and clubs stored here:
   * read in a transaction of their own, after the one that changed them has committed.
   */
  const claims = firebaseAuth
    ? claimsProjection(
        firebaseAuth,
        async (uid) => {
          const found = await database.transaction((trx) => userRepository(trx).getWithClubIds(uid), true)
          return found && { role: found.user.role, clubIds: found.clubIds }
        },
        logger,
      )
    : undefined
  // Its events reach the webhook operation as an HTTP delivery would (signed, the raw body).
  const payments: PaymentProvider =
    options.payments ??
    createSimulatedProvider({
      webhookSecret: SIMULATED_WEBHOOK_SECRET,
      now,
      token: () => randomIds.token(12),
      deliver: async (payload, signature) => {
        const response = await domain.execute('receivePaymentEvent', deliveryRequest(payload, signature))
        if (response.status !== 200)
          throw new Error(`The webhook answered ${response.status}: ${JSON.stringify(response.body)}`)
      },
      onDeliveryError: (error) => logger.error({ err: error }, 'simulated provider: delivery failed'),
      ...(options.simulatedProviderState ? { shared: options.simulatedProviderState } : {}),
    })
  const portsOf = (trx: Trx, effects: TransactionEffects): Ports => {
    const ports = sqlPorts(trx, {
      now,
      ids: randomIds,
      payments,
      receiptRenderer: options.receiptRenderer ?? pdfkitReceiptRenderer,
      identity: (identityTrx) =>
        firebaseAuth && pendingAccounts
          ? firebaseIdentityProvider(firebaseAuth, effects, pendingAccounts, now, passwordCheck)
          : offlineIdentityProvider(identityStoreOf(identityTrx)),
      fileBlobs: (blobTrx) => sqlFileBlobs(blobTrx, files, effects),
      userTouched: claims?.tracker(effects),
    })
    return { ...ports, paymentEvents: observedPaymentEvents(ports.paymentEvents, effects, options.observer) }
  }
  /**
   * One transaction, and the identity provider's changes made in it: undone when it rolls back, deferred
   * steps run once it has committed. On PostgreSQL a transaction may be attempted more than once
   * (serialization failures): every attempt but the committed one is undone.
   */
  const withEffects = async <T>(
    readOnly: boolean,
    work: (trx: Trx, effects: TransactionEffects) => Promise<T>,
    signal?: AbortSignal,
    serialKey?: string,
  ) => {
    const attempts: TransactionEffects[] = []
    try {
      const result = await database.transaction(
        (trx) => {
          const effects = new TransactionEffects()
          attempts.push(effects)
          return work(trx, effects)
        },
        readOnly,
        signal,
        serialKey,
      )
      const committed = attempts.pop()
      for (const failed of attempts) await failed.rolledBack(logger)
      await committed?.committed(logger)
      return result
    } catch (error) {
      for (const failed of attempts) await failed.rolledBack(logger)
      throw error
    }
  }
  const unitOfWork: UnitOfWork = {
    run: (mode, work, signal, serialKey) =>
      withEffects(mode === 'read', (trx, effects) => work(portsOf(trx, effects)), signal, serialKey),
  }
  const domain = createDomainBackend(unitOfWork, clock, {
    onUnexpected: (operationId, error) => logger.error({ err: error, operationId }, 'operation failed'),
  })
  return {
    domain,
    database,
    clock,
    unitOfWork,
    payments,
    simulatedProvider: options.payments ? undefined : (payments as SimulatedProvider),
    files,
    uploads: diskUploads(files),
    ready: () => database.ping(),
    rateLimitCounters:
      (options.sharedRateLimits ?? database.kind === 'postgres') ? sqlRateLimitCounters(database) : undefined,
    now,
    identity: firebaseAuth ? 'firebase' : 'local',
    ...(pendingAccounts ? { pendingAccounts } : {}),
    transact: (work, readOnly = false) =>
      withEffects(readOnly, (trx, effects) => work(portsOf(trx, effects), identityStoreOf(trx))),
    ...(claims
      ? {
          syncAllClaims: async () => {
            const uids = (await database.transaction((trx) => userRepository(trx).list(), true)).map((user) => user.uid)
            await claims.project(uids)
            return uids.length
          },
        }
      : {}),
  }
}
