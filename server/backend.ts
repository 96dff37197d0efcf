/**
 * The real backend's composition: the domain over the SQL adapters in one transaction per request, the
 * local identity (the offline twin of Firebase Auth, accounts in the same database) and the simulated
 * card provider. server/app.ts puts HTTP in front of it.
 */
import { randomBytes } from 'node:crypto'
import { createDomainBackend } from '../domain/backend.ts'
import type { DomainBackend } from '../domain/backend.ts'
import { randomIds } from '../domain/ids.ts'
import type { CardProvider, Clock, Ports, UnitOfWork } from '../domain/ports.ts'
import { offlineIdentityProvider } from '../mocks/identity/offline-identity.ts'
import type { IdentityStore } from '../mocks/identity/offline-identity.ts'
import { PROVIDER_PAGE_PATH } from '../mocks/provider/paths.ts'
import type { OpenDatabase, Trx } from './db/database.ts'
import { outboxMailer, sqlPorts } from './db/sql-ports.ts'
import { sqlIdentityStore } from './db/sql-identity-store.ts'
import type { Logger } from './logger.ts'

/**
 * The card provider until a real one is contracted: account ids in the provider's format, and its
 * hosted onboarding simulated on this server.
 */
export const simulatedCardProvider: CardProvider = {
  newAccountId: () => `acct_${randomIds.token(12).replace(/[-_]/g, 'x')}`,
  onboardingUrl: (linkId, requestOrigin) => `${requestOrigin}${PROVIDER_PAGE_PATH}?link=${encodeURIComponent(linkId)}`,
}

export interface ServerBackend {
  readonly domain: DomainBackend
  readonly database: OpenDatabase
  readonly clock: Clock
  /** Runs work with the ports and the identity's store in one transaction (test hooks, provider page). */
  transact<T>(work: (ports: Ports, identity: IdentityStore) => Promise<T>, readOnly?: boolean): Promise<T>
}

export interface ServerBackendOptions {
  clock?: Clock
  /** The key the local identity signs ID tokens with; random per process by default. */
  signingKey?: Uint8Array
  logger: Logger
}

export const createServerBackend = (database: OpenDatabase, options: ServerBackendOptions): ServerBackend => {
  const clock = options.clock ?? { now: () => Date.now() }
  const signingKey = options.signingKey ?? new Uint8Array(randomBytes(32))
  const now = () => clock.now()
  const identityStoreOf = (trx: Trx) =>
    sqlIdentityStore(trx, outboxMailer(trx, now, randomIds), { signingKey, tokenLifetimeSeconds: 3600 })
  const portsOf = (trx: Trx) =>
    sqlPorts(trx, {
      now,
      ids: randomIds,
      cards: simulatedCardProvider,
      identity: (identityTrx) => offlineIdentityProvider(identityStoreOf(identityTrx)),
    })
  const unitOfWork: UnitOfWork = {
    run: (mode, work) => database.transaction((trx) => work(portsOf(trx)), mode === 'read'),
  }
  const domain = createDomainBackend(unitOfWork, clock, {
    onUnexpected: (operationId, error) => options.logger.error({ err: error, operationId }, 'operation failed'),
  })
  return {
    domain,
    database,
    clock,
    transact: (work, readOnly = false) =>
      database.transaction((trx) => work(portsOf(trx), identityStoreOf(trx)), readOnly),
  }
}
