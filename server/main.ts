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
import { pino } from 'pino'
import { buildApp } from './app.ts'
import { serverControlPlane } from './control-plane.ts'
import { createServerBackend } from './backend.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { isEmpty, loadDemoSeed } from './db/seed.ts'
import { createDiskFiles } from './files/disk-store.ts'
import { startFileSweep } from './files/sweep.ts'
import { startAccountReconciler } from './identity/account-reconciler.ts'
import { startFirebaseAuth } from './identity/firebase-identity.ts'
import { startMail } from './mail/mail.ts'

const SHUTDOWN_GRACE_MS = 20_000

const config = loadConfig()
const logger = pino({ level: config.logLevel, base: { service: 'vereinsportal-server' } })

process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  poolSize: config.poolSize,
  // A request's statements stop where the request does (its unit of work is cancelled at that time too).
  statementTimeoutMs: config.requestTimeoutMs,
  onConnectionError: (error) =>
    logger.warn({ err: error }, 'a database connection failed while idle; the pool replaces it'),
})
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`
if (config.demo && (await isEmpty(database))) {
  const started = performance.now()
  const seeded = await loadDemoSeed(database, Date.now())
  logger.info({ ...seeded, ms: Math.round(performance.now() - started) }, 'demo seed loaded')
}

const firebase = config.identity.kind === 'firebase' ? startFirebaseAuth(config.identity) : undefined
const mail = startMail(database, config, logger)
const files = createDiskFiles(config.files.dir, { linkSecret: config.files.linkSecret })
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
const backend = createServerBackend(mail.database, {
  logger,
  firebaseAuth: firebase?.auth,
  files,
  payments,
  // PGlite's pending account changes live beside its data (on a PostgreSQL server: a table).
  pendingAccountsDir: `${config.dataDir}/identity-pending`,
})
const app = await buildApp({ backend, config, logger, controlPlane: serverControlPlane(backend, config) })
await app.listen({ port: config.port, host: config.host })
// Users from before the custom claims (storage.rules), or whose update failed, get theirs; in the background.
void backend
  .syncAllClaims?.()
  .then((count) => logger.info({ users: count }, 'custom claims checked for every user'))
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
    mail: mail.mode === 'smtp' ? 'SMTP (SMTP_URL)' : 'outbox only (no SMTP_URL)',
    identity:
      config.identity.kind === 'firebase'
        ? `Firebase Auth, project ${config.identity.projectId}${config.identity.emulatorHost ? ` (emulator at ${config.identity.emulatorHost})` : ''}`
        : 'local identity (development only)',
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
    .then(() => mail.stop())
    .then(() => database.close())
    .then(() => {
      logger.info('stopped')
      process.exit(0)
    })
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
