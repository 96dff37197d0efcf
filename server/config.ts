/**
 * The server's settings, from the environment (and `npm run server -- --flags`), read once per process
 * and checked: a value that is set but wrong stops the server with a message naming it (server/env.ts).
 * Everything has a default that runs on a developer's machine; production sets NODE_ENV=production and is
 * then refused what must never run there (the local identity and the test hooks).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  ConfigError,
  flag,
  hostAndPort,
  hostName,
  httpUrl,
  oneOf,
  optionalPort,
  originList,
  port,
  prefixedSecret,
  readEnvironment,
  text,
  wholeNumber,
} from './env.ts'
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts'
import type { RateLimits } from './rate-limits.ts'
import { readContentSources } from './security-headers.ts'
import type { ContentSources } from './security-headers.ts'

export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Where PGlite keeps its data (and, later, uploaded files). */
  readonly dataDir: string
  /** A PostgreSQL server instead of PGlite. */
  readonly databaseUrl: string | undefined
  readonly production: boolean
  /** Load the demo seed into an empty database on start. */
  readonly demo: boolean
  /**
   * The test control plane: `POST /__mock/reset` (back to the demo seed) and `/__mock/mailbox` (the
   * outbox). Never in production.
   */
  readonly testHooks: boolean
  /** Bytes of a JSON body; a larger one is refused (413) before it is read. */
  readonly bodyLimit: number
  /** Milliseconds a request may take before it is answered with 503. */
  readonly requestTimeoutMs: number
  /**
   * Milliseconds a whole request may take to arrive (UPLOAD_TIMEOUT_MS, default 2 minutes): uploads of up
   * to 10 MB on a slow line need longer than an operation may run. JSON bodies are small (BODY_LIMIT_BYTES).
   */
  readonly uploadTimeoutMs?: number
  /**
   * Milliseconds an upload's body may send nothing before it is cut off with 408 (UPLOAD_IDLE_TIMEOUT_MS,
   * default 30 s): a stalled client gives back its connection and temporary file long before
   * UPLOAD_TIMEOUT_MS would.
   */
  readonly uploadIdleTimeoutMs?: number
  /**
   * With Firebase Auth: how old a provider account change whose request never finished must be before
   * the reconciler settles it (IDENTITY_PENDING_GRACE_MS, default 10 minutes; longer than
   * REQUEST_TIMEOUT_MS), and how often it looks (IDENTITY_RECONCILE_INTERVAL_MS, default a minute;
   * 0: only at start). server/identity/account-reconciler.ts.
   */
  readonly identityReconcile: { readonly graceMs: number; readonly intervalMs: number }
  /** Origins whose pages may call the API from the browser (CORS). */
  readonly corsOrigins: readonly string[]
  readonly logLevel: string
  readonly poolSize: number
  /**
   * Who signs users in: Firebase Auth (FIREBASE_PROJECT_ID, or the Auth emulator with the standard
   * FIREBASE_AUTH_EMULATOR_HOST) or, when neither is set, the local identity (development and tests only).
   */
  readonly identity: IdentityConfig
  /** The built app to serve beside the API (STATIC_DIR, `npm start`); none: the API alone. */
  readonly staticDir?: string | undefined
  /**
   * Whose `X-Forwarded-For`/`-Proto` to believe (TRUST_PROXY: `true` for any, or the proxies' addresses
   * and CIDRs, comma-separated): the client IP of the rate limits, HTTPS for HSTS. Default: nobody's.
   */
  readonly trustProxy?: boolean | string
  /** Requests per minute and client IP (server/rate-limits.ts); 0 switches one off. */
  readonly rateLimits?: RateLimits
  /** What the served app may load and call besides its own origin (CSP, server/security-headers.ts). */
  readonly contentSources?: ContentSources
  /** Where mail goes out (SMTP_URL, nodemailer's connection URL); unset: mails stay in the outbox (server/mail). */
  readonly smtpUrl: string | undefined
  /** The sender of every mail (MAIL_FROM). */
  readonly mailFrom: string
  /** Without SMTP: a folder that also gets each committed mail as an `.eml` file (MAIL_DIR; server/mail). */
  readonly mailDir?: string | undefined
  /** The app's origin (APP_ORIGIN), put in front of the app links of delivered mails. */
  readonly appOrigin: string
  /** Uploaded files (server/files). */
  readonly files: FileConfig
  /** The card provider: Stripe Connect when its keys are set, else the simulated provider. */
  readonly payments: PaymentsConfig
}

/**
 * The card provider (domain/payment-provider.ts):
 *   STRIPE_SECRET_KEY       `sk_test_…`/`sk_live_…` or a restricted key `rk_test_…`/`rk_live_…`
 *   STRIPE_WEBHOOK_SECRET   `whsec_…`, the webhook endpoint's signing secret; set both or neither
 *   STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL
 *                           a stand-in for api.stripe.com (tests, stripe-mock); never in production
 * Without the keys the simulated provider takes the payments (development, tests, the demo).
 */
export type PaymentsConfig =
  | {
      readonly provider: 'stripe'
      readonly secretKey: string
      readonly webhookSecret: string
      /** From the key: test mode (`_test_`) or live. */
      readonly mode: 'test' | 'live'
      /** A stand-in for Stripe's API; unset: api.stripe.com:443 over https. */
      readonly api?: {
        readonly host: string
        readonly port: number | undefined
        readonly protocol: 'http' | 'https'
      }
    }
  | { readonly provider: 'simulated' }

/**
 * Where uploaded files live and how long they wait:
 *   FILES_DIR                 default `<DATA_DIR>/files`
 *   FILE_LINK_SECRET          the key of signed download links; several servers must share one
 *                             (default: a random key kept in `<FILES_DIR>/.link-secret`)
 *   FILE_SWEEP_INTERVAL_MS    how often the sweep runs (3 600 000: hourly; 0: only on start)
 *   STAGED_UPLOAD_MAX_AGE_MS  how long an upload may wait to be recorded (at least a minute; default an hour)
 */
export interface FileConfig {
  readonly dir: string
  readonly linkSecret: string | undefined
  readonly sweepIntervalMs: number
  readonly stagedMaxAgeMs: number
}

const HOUR_MS = 60 * 60 * 1000

export const DEFAULT_MAIL_FROM = 'Vereinsportal <no-reply@vereinsportal.at>'
/** The app of `npm run dev:server`. */
export const DEFAULT_APP_ORIGIN = 'http://localhost:5173'

export type IdentityConfig =
  | { readonly kind: 'local' }
  | { readonly kind: 'firebase'; readonly projectId: string; readonly emulatorHost: string | undefined }

/** The project the Auth emulator runs in development (`demo-` projects never reach Google). */
export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'

const readIdentity = (emulatorHost: string | undefined, projectId: string | undefined): IdentityConfig => {
  if (!emulatorHost && !projectId) return { kind: 'local' }
  return { kind: 'firebase', projectId: projectId ?? EMULATOR_PROJECT_ID, emulatorHost }
}

/** The portal's own pages: the hosts src/api/client.ts maps to a backend, and local development. */
export const DEFAULT_CORS_ORIGINS = [
  'https://portal.vereinsportal.at',
  'https://portal-dev.vereinsportal.at',
  'https://registrierung.vereinsportal.at',
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
]

/** The server's environment, each variable checked (server/env.ts): a wrong value stops the server. */
const ENVIRONMENT = {
  PORT: port(8080),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: text,
  NODE_ENV: text,
  PORTAL_DEMO: flag,
  PORTAL_TEST_HOOKS: flag,
  BODY_LIMIT_BYTES: wholeNumber(1024 * 1024, 1024),
  REQUEST_TIMEOUT_MS: wholeNumber(15_000, 100),
  UPLOAD_TIMEOUT_MS: wholeNumber(120_000, 1000),
  UPLOAD_IDLE_TIMEOUT_MS: wholeNumber(30_000, 100),
  IDENTITY_PENDING_GRACE_MS: wholeNumber(10 * 60_000, 1000),
  IDENTITY_RECONCILE_INTERVAL_MS: wholeNumber(60_000),
  CORS_ORIGINS: originList,
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  DATABASE_POOL_SIZE: wholeNumber(10, 1, 1000),
  FIREBASE_AUTH_EMULATOR_HOST: hostAndPort,
  FIREBASE_PROJECT_ID: text,
  GCLOUD_PROJECT: text,
  STATIC_DIR: text,
  TRUST_PROXY: text,
  RATE_LIMIT_SIGN_IN_PER_MINUTE: wholeNumber(DEFAULT_RATE_LIMITS.signInPerMinute),
  RATE_LIMIT_PUBLIC_PER_MINUTE: wholeNumber(DEFAULT_RATE_LIMITS.publicPerMinute),
  SMTP_URL: text,
  MAIL_FROM: text,
  MAIL_DIR: text,
  APP_ORIGIN: httpUrl,
  FILES_DIR: text,
  FILE_LINK_SECRET: text,
  FILE_SWEEP_INTERVAL_MS: wholeNumber(HOUR_MS),
  STAGED_UPLOAD_MAX_AGE_MS: wholeNumber(HOUR_MS, 60_000),
  FIREBASE_STORAGE_BUCKET: text,
  FIREBASE_STORAGE_EMULATOR_HOST: hostAndPort,
  CSP_CONNECT_SRC: text,
  CSP_IMG_SRC: text,
  STRIPE_SECRET_KEY: prefixedSecret(
    ['sk_test_', 'sk_live_', 'rk_test_', 'rk_live_'],
    'the secret key (or a restricted key) from the Stripe Dashboard, Developers → API keys; not the publishable pk_ key',
  ),
  STRIPE_WEBHOOK_SECRET: prefixedSecret(
    ['whsec_'],
    "the webhook endpoint's signing secret (Dashboard → Developers → Webhooks, or what `stripe listen` prints)",
  ),
  STRIPE_API_HOST: hostName,
  STRIPE_API_PORT: optionalPort,
  STRIPE_API_PROTOCOL: oneOf(['https', 'http'], 'https'),
}

/** Variables whose value a message never shows. */
const SECRETS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'FILE_LINK_SECRET'] as const

type Environment = ReturnType<typeof readEnvironment<typeof ENVIRONMENT>>

/** The card provider from the STRIPE_ variables; throws ConfigError when they do not fit together. */
const readPayments = (read: Environment, env: NodeJS.ProcessEnv): PaymentsConfig => {
  const key = read.STRIPE_SECRET_KEY
  const secret = read.STRIPE_WEBHOOK_SECRET
  const standIn = (['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'] as const).filter((name) =>
    env[name]?.trim(),
  )
  if (!key && !secret) {
    if (standIn.length === 0) return { provider: 'simulated' }
    throw new ConfigError([
      `${standIn.join(', ')}: a stand-in for Stripe's API needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET as well`,
    ])
  }
  if (!key || !secret) {
    const missing = key ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'
    throw new ConfigError([
      `${missing} is not set: Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (neither: the simulated provider)`,
    ])
  }
  if (!read.STRIPE_API_HOST && standIn.length > 0) {
    throw new ConfigError([`${standIn.join(', ')}: set STRIPE_API_HOST too, or none of them (api.stripe.com)`])
  }
  return {
    provider: 'stripe',
    secretKey: key,
    webhookSecret: secret,
    mode: /^[sr]k_test_/.test(key) ? 'test' : 'live',
    ...(read.STRIPE_API_HOST
      ? { api: { host: read.STRIPE_API_HOST, port: read.STRIPE_API_PORT, protocol: read.STRIPE_API_PROTOCOL } }
      : {}),
  }
}

/**
 * A change is settled only once no request that made it can still commit: a grace period within the
 * request time limit would delete the account of a registration about to succeed.
 */
const readIdentityReconcile = (read: Environment): ServerConfig['identityReconcile'] => {
  if (read.IDENTITY_PENDING_GRACE_MS <= read.REQUEST_TIMEOUT_MS)
    throw new ConfigError([
      `IDENTITY_PENDING_GRACE_MS=${read.IDENTITY_PENDING_GRACE_MS}: must be longer than REQUEST_TIMEOUT_MS (${read.REQUEST_TIMEOUT_MS})`,
    ])
  return { graceMs: read.IDENTITY_PENDING_GRACE_MS, intervalMs: read.IDENTITY_RECONCILE_INTERVAL_MS }
}

/** TRUST_PROXY: `true` (any proxy), or the proxies' addresses/CIDRs, comma-separated; else false. */
const trustProxy = (value: string | undefined): boolean | string => {
  const given = value ?? ''
  if (given === '' || given === '0' || given === 'false' || given === 'no') return false
  return given === '1' || given === 'true' || given === 'yes' ? true : given
}

/**
 * The configuration from the environment and the command line (flags win); throws ConfigError when a
 * value is wrong.
 */
export const readConfig = (
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'test-hooks': { type: 'boolean', default: false },
      'static-dir': { type: 'string' },
    },
    allowPositionals: false,
  })
  const read = readEnvironment(
    ENVIRONMENT,
    {
      ...env,
      PORT: values.port ?? env.PORT,
      HOST: values.host ?? env.HOST,
      DATA_DIR: values['data-dir'] ?? env.DATA_DIR,
      STATIC_DIR: values['static-dir'] ?? env.STATIC_DIR,
      PORTAL_DEMO: values.demo ? '1' : env.PORTAL_DEMO,
      PORTAL_TEST_HOOKS: values['test-hooks'] ? '1' : env.PORTAL_TEST_HOOKS,
    },
    { hidden: [...SECRETS] },
  )
  const dataDir = resolve(read.DATA_DIR ?? '.data')
  const staticDir = read.STATIC_DIR ? resolve(read.STATIC_DIR) : undefined
  return {
    port: read.PORT,
    host: read.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: read.DATABASE_URL,
    production: read.NODE_ENV === 'production',
    demo: read.PORTAL_DEMO,
    testHooks: read.PORTAL_TEST_HOOKS,
    bodyLimit: read.BODY_LIMIT_BYTES,
    requestTimeoutMs: read.REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: read.UPLOAD_TIMEOUT_MS,
    uploadIdleTimeoutMs: read.UPLOAD_IDLE_TIMEOUT_MS,
    identityReconcile: readIdentityReconcile(read),
    corsOrigins: read.CORS_ORIGINS ?? DEFAULT_CORS_ORIGINS,
    logLevel: read.LOG_LEVEL,
    poolSize: read.DATABASE_POOL_SIZE,
    identity: readIdentity(read.FIREBASE_AUTH_EMULATOR_HOST, read.FIREBASE_PROJECT_ID ?? read.GCLOUD_PROJECT),
    staticDir,
    trustProxy: trustProxy(read.TRUST_PROXY),
    rateLimits: {
      signInPerMinute: read.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      publicPerMinute: read.RATE_LIMIT_PUBLIC_PER_MINUTE,
    },
    contentSources: readContentSources(env),
    smtpUrl: read.SMTP_URL,
    mailFrom: read.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    mailDir: read.MAIL_DIR ? resolve(read.MAIL_DIR) : undefined,
    appOrigin: read.APP_ORIGIN ?? (staticDir ? `http://localhost:${read.PORT}` : DEFAULT_APP_ORIGIN),
    files: {
      dir: read.FILES_DIR ? resolve(read.FILES_DIR) : join(dataDir, 'files'),
      linkSecret: read.FILE_LINK_SECRET,
      sweepIntervalMs: read.FILE_SWEEP_INTERVAL_MS,
      stagedMaxAgeMs: read.STAGED_UPLOAD_MAX_AGE_MS,
    },
    payments: readPayments(read, env),
  }
}

/** Why this configuration must not start, or null. */
export const refusal = (config: ServerConfig): string | null => {
  if (config.production && config.testHooks)
    return 'The test hooks (PORTAL_TEST_HOOKS, --test-hooks) never run with NODE_ENV=production.'
  if (config.production && config.identity.kind === 'local') {
    return 'NODE_ENV=production needs Firebase Auth: set FIREBASE_PROJECT_ID (and credentials, GOOGLE_APPLICATION_CREDENTIALS); the local identity is for development only.'
  }
  if (config.production && config.identity.kind === 'firebase' && config.identity.emulatorHost) {
    return 'FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator accepts unsigned tokens and never runs with NODE_ENV=production.'
  }
  if (config.production && config.payments.provider === 'stripe' && config.payments.api) {
    return "STRIPE_API_HOST is set: a stand-in for Stripe's API takes no real payments and never runs with NODE_ENV=production."
  }
  return null
}

/**
 * The configuration of this process, or its end: a wrong value or a configuration that must not start
 * (production with a development stand-in) is printed on stderr and the process exits with 2.
 */
export const loadConfig = (): ServerConfig => {
  let config: ServerConfig
  try {
    config = readConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(2)
  }
  const refused = refusal(config)
  if (refused) {
    process.stderr.write(`${refused}\n`)
    process.exit(2)
  }
  return config
}
