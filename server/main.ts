/**
 * `npm run server`: the real backend on PostgreSQL (PGlite in DATA_DIR by default, a PostgreSQL server
 * with DATABASE_URL). Runs on plain Node 24 (type stripping), like mocks/server.ts.
 *
 *   PORT (8080), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL, LOG_LEVEL (info),
 *   BODY_LIMIT_BYTES (1 MiB), REQUEST_TIMEOUT_MS (15000), CORS_ORIGINS (comma-separated)
 *   SMTP_URL (unset: mails stay in the outbox), MAIL_FROM, APP_ORIGIN (the links in delivered mails)
 *   FIREBASE_PROJECT_ID (+ GOOGLE_APPLICATION_CREDENTIALS) or FIREBASE_AUTH_EMULATOR_HOST: Firebase Auth;
 *     neither: the local identity (development and tests; refused with NODE_ENV=production)
 *   FILES_DIR (DATA_DIR/files), FILE_LINK_SECRET, FILE_SWEEP_INTERVAL_MS, STAGED_UPLOAD_MAX_AGE_MS: uploads
 *   FILES_STORE=s3 with S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_PUBLIC_ENDPOINT, S3_FORCE_PATH_STYLE,
 *     S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (or the SDK's default credentials), S3_PREFIX, S3_DOWNLOADS
 *     (presigned | proxy): uploads in a bucket on the S3 API, for servers on several machines
 *   METRICS_TOKEN: `GET /metrics` (Prometheus text) on PORT for `Authorization: Bearer <token>` (at least
 *     24 characters); unset: /metrics is 404 there. METRICS_PORT: /metrics on a listener of its own as well,
 *     bound to METRICS_HOST (127.0.0.1), the token asked there too when set. server/metrics.ts lists them.
 *   HOST stays 127.0.0.1 unless set; set to another address with the Auth emulator or the local identity,
 *     the server warns at start (the emulator accepts unsigned tokens).
 *   UPLOAD_TIMEOUT_MS, UPLOAD_IDLE_TIMEOUT_MS: how long an upload may take, and may send nothing
 *   IDENTITY_PENDING_GRACE_MS, IDENTITY_RECONCILE_INTERVAL_MS: with Firebase Auth, when account changes a
 *     crash left unsettled are settled (server/identity/account-reconciler.ts)
 *   Every variable is checked (server/config.ts): a wrong value stops the server with a message.
 *   --demo         load the demo seed into an empty database on start (PORTAL_DEMO=1)
 *   --test-hooks   POST /__mock/reset and /__mock/mailbox for tests (PORTAL_TEST_HOOKS=1)
 *
 * SIGTERM or SIGINT: stop accepting connections, let running requests finish (at most 20 s), stop the
 * mail dispatcher (the mail it is sending finishes), close the database, exit.
 */
import { createStripeProvider } from './payments/stripe-provider.ts'
import { openSimulatedProviderState } from './payments/simulated-provider-state.ts'
import { pino } from 'pino'
import { buildApp } from './app.ts'
import { serverControlPlane } from './control-plane.ts'
import { createServerBackend } from './backend.ts'
import { createTestClock } from './test-clock.ts'
import { loadConfig, startupWarnings } from './config.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { openDatabase } from './db/database.ts'
import { runClaimed } from './db/job-runs.ts'
import { isEmpty, loadDemoSeed } from './db/seed.ts'
import { openFileStore } from './files/open-store.ts'
import { startFileSweep } from './files/sweep.ts'
import { startAccountReconciler } from './identity/account-reconciler.ts'
import { startFirebaseAuth } from './identity/firebase-identity.ts'
import { localSigningKey } from './identity/local-signing-key.ts'
import { startMail } from './mail/mail.ts'
import { createServerMetrics, serveMetrics } from './metrics.ts'

const SHUTDOWN_GRACE_MS = 20_000
/** Processes starting within this time of one that checked every user's custom claims skip the check. */
const CLAIMS_CHECK_SPACING_MS = 15 * 60_000

const config = loadConfig()
const logger = pino({ level: config.logLevel, base: { service: 'vereinsportal-server' } })

process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))
for (const warning of startupWarnings(config)) logger.warn(warning)
// Counted from the start, whether or not anyone may scrape them (server/metrics.ts).
const metrics = createServerMetrics({ processMetrics: true })

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  poolSize: config.poolSize,
  // A request's statements stop where the request does (its unit of work is cancelled at that time too).
  statementTimeoutMs: config.requestTimeoutMs,
  onConnectionError: (error) =>
    logger.warn({ err: error }, 'a database connection failed while idle; the pool replaces it'),
}).catch((error: unknown) => {
  // Another server process has the PGlite data: the message says what to do, a stack trace would not.
  if (!(error instanceof DataDirInUseError)) throw error
  logger.fatal(error.message)
  console.error(error.message)
  process.exit(1)
})
metrics.watchDatabase(database)
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`
if (config.demo && (await isEmpty(database))) {
  const started = performance.now()
  const seeded = await loadDemoSeed(database, Date.now())
  logger.info({ ...seeded, ms: Math.round(performance.now() - started) }, 'demo seed loaded')
}

const firebase = config.identity.kind === 'firebase' ? startFirebaseAuth(config.identity) : undefined
const mail = startMail(database, config, logger, { dispatcher: { onOutcome: metrics.mailDelivery } })
const { store: files, where: filesWhere } = await openFileStore(config.files).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(2)
})
// Stripe when its keys are set (docs/payments.md); else the simulated provider, with its pages on this server.
const payments =
  config.payments.provider === 'stripe'
    ? createStripeProvider({
        secretKey: config.payments.secretKey,
        webhookSecret: config.payments.webhookSecret,
        host: config.payments.api?.host,
        port: config.payments.api?.port,
        protocol: config.payments.api?.protocol,
      })
    : undefined
logger.info({ provider: config.payments.provider }, 'card provider')
// Several processes on a PostgreSQL server: the simulated provider's checkouts are seen by all of them.
const providerState =
  !payments && config.databaseUrl
    ? openSimulatedProviderState(config.databaseUrl, (error) =>
        logger.warn({ err: error }, 'a connection of the simulated provider failed while idle'),
      )
    : undefined
// With test hooks the journeys may move the domain's clock (a later year's tax transmission).
const testClock = config.testHooks ? createTestClock() : undefined
const backend = createServerBackend(mail.database, {
  ...(testClock ? { clock: testClock } : {}),
  logger,
  firebaseAuth: firebase?.auth,
  firebasePasswordCheck: firebase?.checkPassword,
  files,
  payments,
  ...(providerState ? { simulatedProviderState: providerState.state } : {}),
  // Every process on the database signs the local identity's tokens with the same key.
  ...(firebase ? {} : { signingKey: await localSigningKey(database) }),
  observer: metrics,
  // PGlite's pending account changes live beside its data (on a PostgreSQL server: a table).
  pendingAccountsDir: `${config.dataDir}/identity-pending`,
})
const app = await buildApp({
  backend,
  config,
  logger,
  metrics,
  controlPlane: serverControlPlane(backend, { testHooks: config.testHooks, clock: testClock }),
})
await app.listen({ port: config.port, host: config.host })
const metricsListener =
  config.metricsPort === undefined
    ? undefined
    : await serveMetrics(metrics, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken })
// Users from before the custom claims (storage.rules), or whose update failed, get theirs; in the background,
// by one process of those starting together (a rolling restart checks once).
const { syncAllClaims } = backend
if (syncAllClaims)
  void runClaimed(database, 'custom-claims-check', CLAIMS_CHECK_SPACING_MS, syncAllClaims)
    .then((run) =>
      run.ran
        ? logger.info({ users: run.result }, 'custom claims checked for every user')
        : logger.info('custom claims: another process has checked them recently'),
    )
    .catch((error: unknown) => logger.error({ err: error }, 'custom claims could not be checked at start'))
const stopFileSweep = startFileSweep(database, files, logger, {
  intervalMs: config.files.sweepIntervalMs,
  stagedMaxAgeMs: config.files.stagedMaxAgeMs,
})
// Account changes a crash left between Firebase Auth and the database: settled at start, then periodically.
const stopReconciler =
  firebase && backend.pendingAccounts
    ? startAccountReconciler({
        auth: firebase.auth,
        database,
        pending: backend.pendingAccounts,
        now: () => Date.now(),
        logger,
        ...config.identityReconcile,
      })
    : () => undefined
logger.info(
  {
    database: where,
    testHooks: config.testHooks,
    files: filesWhere,
    mail: mail.mode === 'smtp' ? 'SMTP (SMTP_URL)' : 'outbox only (no SMTP_URL)',
    identity:
      config.identity.kind === 'firebase'
        ? `Firebase Auth, project ${config.identity.projectId}${config.identity.emulatorHost ? ` (emulator at ${config.identity.emulatorHost})` : ''}`
        : 'local identity (development only)',
    metrics:
      [
        config.metricsToken ? `GET /metrics on port ${config.port} with METRICS_TOKEN` : null,
        metricsListener ? `http://${config.metricsHost}:${metricsListener.port}/metrics` : null,
      ]
        .filter(Boolean)
        .join(', ') || 'off (neither METRICS_TOKEN nor METRICS_PORT)',
  },
  `Vereinsportal backend listening on http://${config.host}:${config.port} (API under /api/backend/v1)`,
)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down: finishing running requests')
  const deadline = setTimeout(() => {
    logger.error('running requests did not finish in time; exiting')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  deadline.unref()
  stopFileSweep()
  stopReconciler()
  void app
    .close()
    .then(() => metricsListener?.close())
    .then(() => mail.stop())
    .then(() => providerState?.close())
    .then(() => database.close())
    .then(() => {
      logger.info('stopped')
      process.exit(0)
    })
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
