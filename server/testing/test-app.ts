/**
 * The server app for tests, wired in one place as server/main.ts wires it: the server's backend
 * (server/backend.ts) on a database, the edge (server/app.ts) with the server's control plane, a silent
 * logger, and the local identity's tokens for the seed accounts. `buildEdgeApp` is the edge alone over a
 * stand-in backend, for tests of what the edge decides by itself.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Auth } from 'firebase-admin/auth'
import { pino } from 'pino'
import type { Logger } from 'pino'
import { mintIdToken } from '#adapters/offline-identity/offline-identity.ts'
import type { ApiResponse } from '#domain/operation.ts'
import type { PaymentProvider } from '#domain/payment-provider.ts'
import { JSON_BODY_LIMIT_BYTES } from '#domain/request-body.ts'
import { buildApp } from '#server/app.ts'
import type { AppOptions, EdgeConfig, HttpBackend } from '#server/app.ts'
import { createServerBackend } from '#server/backend.ts'
import type { ServerBackend } from '#server/backend.ts'
import { serverControlPlane } from '#server/control-plane.ts'
import { createTestClock } from '#server/test-clock.ts'
import type { TestClock } from '#server/test-clock.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import type { FileStore } from '#server/files/file-store.ts'
import { createServerMetrics } from '#server/metrics.ts'
import type { ServerMetrics } from '#server/metrics.ts'
import type { PasswordCheck } from '#server/identity/firebase-identity.ts'
import { seededDatabase } from './seeded-database.ts'

export const silentLogger = pino({ level: 'silent' })

/** What the tests' server takes unless they say otherwise. */
export const TEST_EDGE_CONFIG: EdgeConfig = {
  bodyLimit: JSON_BODY_LIMIT_BYTES,
  requestTimeoutMs: 15_000,
  corsOrigins: ['http://localhost:3000'],
}

export interface TestAppOptions {
  /** Default: PGlite in memory with the demo seed. */
  database?: OpenDatabase
  /** Where uploads go; default: a temporary folder removed when the process exits. */
  files?: FileStore
  /** Firebase Auth instead of the local identity. */
  firebaseAuth?: Auth
  /** With `firebaseAuth`: how passwords are checked (startFirebaseAuth's `checkPassword`). */
  firebasePasswordCheck?: PasswordCheck
  config?: Partial<EdgeConfig>
  /** `/__mock/reset` and `/__mock/mailbox`. */
  testHooks?: boolean
  /** The card provider (the Stripe adapter against a stand-in); default: the simulated one. */
  payments?: PaymentProvider
  /** Rate-limit counters in the database (default: on a PostgreSQL server, as the server has them). */
  sharedRateLimits?: boolean
  /** The local identity's token key; default: a random one. */
  signingKey?: Uint8Array
  /** The server's logger (to read its lines); default: silent. */
  logger?: Logger
}

export interface TestApp {
  readonly app: FastifyInstance
  readonly backend: ServerBackend
  readonly database: OpenDatabase
  /** What this app counts (its own registry, as each server process has one). */
  readonly metrics: ServerMetrics
  /** An ID token of the local identity for a user of the database (a seed account). */
  readonly tokenFor: (email: string) => Promise<string>
  /** The domain's clock with test hooks on (`PUT /__mock/clock` moves it), else undefined. */
  readonly clock: TestClock | undefined
  /** Closes the app and the database. */
  readonly close: () => Promise<void>
}

export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = options.database ?? (await seededDatabase())
  const signingKey = options.signingKey ?? new Uint8Array(randomBytes(32))
  const logger = options.logger ?? silentLogger
  const metrics = createServerMetrics()
  const unwatch = metrics.watchDatabase(database)
  // Test hooks may move the domain's clock (PUT /__mock/clock).
  const clock = options.testHooks ? createTestClock() : undefined
  const backend = createServerBackend(database, {
    ...(clock ? { clock } : {}),
    logger,
    signingKey,
    ...(options.sharedRateLimits === undefined ? {} : { sharedRateLimits: options.sharedRateLimits }),
    observer: metrics,
    ...(options.files ? { files: options.files } : {}),
    ...(options.firebaseAuth ? { firebaseAuth: options.firebaseAuth } : {}),
    ...(options.firebasePasswordCheck ? { firebasePasswordCheck: options.firebasePasswordCheck } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
  })
  const app = await buildApp({
    backend,
    config: { ...TEST_EDGE_CONFIG, ...options.config },
    logger,
    metrics,
    controlPlane: serverControlPlane(backend, { testHooks: options.testHooks ?? false, clock }),
  })
  await app.ready()
  return {
    app,
    backend,
    database,
    clock,
    metrics,
    tokenFor: (email) =>
      backend.transact(async (ports, identity) => {
        const user = await ports.users.findByEmail(email.trim().toLowerCase())
        if (!user) throw new Error(`No user with the e-mail address ${email} in the database.`)
        const validAfter = (await identity.credentials.sessionsValidAfter(user.uid)) ?? 0
        return mintIdToken(user, validAfter, backend.clock.now(), 3600, signingKey)
      }, true),
    close: async () => {
      await app.close()
      unwatch()
      await database.close()
    },
  }
}

/** The edge over a stand-in backend: every operation answers 200 `[]` unless `backend.domain` says otherwise. */
export const buildEdgeApp = async (
  backend: Partial<HttpBackend> = {},
  config: Partial<EdgeConfig> = {},
  options: Pick<AppOptions, 'controlPlane'> = {},
): Promise<FastifyInstance> =>
  buildApp({
    backend: {
      domain: { execute: async (): Promise<ApiResponse> => ({ status: 200, body: [] }) },
      uploads: {
        receive: () => Promise.reject(new Error('The stand-in backend takes no uploads.')),
        discard: async () => undefined,
      },
      ready: async () => true,
      now: () => Date.now(),
      transact: () => Promise.reject(new Error('The stand-in backend has no store.')),
      ...backend,
    },
    config: { ...TEST_EDGE_CONFIG, ...config },
    logger: silentLogger,
    ...options,
  })
