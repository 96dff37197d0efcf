/**
 * The server's settings, from the environment (and `npm run server -- --flags`), read once per process
 * and checked: a value that is set but wrong stops the server with a message naming it (server/env.ts).
 * Everything has a default that runs on a developer's machine; production sets NODE_ENV=production and is
 * then refused what must never run there (the local identity and the test hooks).
 */
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  ConfigError,
  flag,
  googleApiKey,
  hostAndPort,
  hostName,
  httpUrl,
  listenHost,
  oneOf,
  optionalPort,
  originList,
  port,
  prefixedSecret,
  readEnvironment,
  secretToken,
  text,
  wholeNumber,
} from './env.ts'
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts'
import type { RateLimits } from './rate-limits.ts'
import { readContentSources } from './security-headers.ts'
import type { ContentSources } from './security-headers.ts'
import type { S3StoreConfig } from './files/s3-store.ts'

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
  /**
   * `GET /metrics` (server/metrics.ts) on the main port for `Bearer <METRICS_TOKEN>`; unset: 404 there.
   * With METRICS_PORT also on a listener of its own, which asks for the token too when it is set.
   */
  readonly metricsToken?: string | undefined
  /** METRICS_PORT: a listener for `/metrics` alone; unset: none. */
  readonly metricsPort?: number | undefined
  /** METRICS_HOST: where that listener binds (127.0.0.1: a scraper on the same host). */
  readonly metricsHost: string
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
 * Or in a bucket on the S3 API, for several server processes on several machines (server/files/s3-store.ts):
 *   FILES_STORE=s3            (default `disk`: FILES_DIR) and
 *   S3_BUCKET                 the bucket's name (the portal's alone, or its own S3_PREFIX)
 *   S3_REGION                 its region; default us-east-1 with S3_ENDPOINT, required for AWS
 *   S3_ENDPOINT               an S3-compatible service (`http://minio:9000`); unset: AWS
 *   S3_PUBLIC_ENDPOINT        where browsers reach it, when not at S3_ENDPOINT (the host of download links)
 *   S3_FORCE_PATH_STYLE       `1`: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`
 *   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
 *                             both or neither (neither: the SDK's default credentials, e.g. an instance role)
 *   S3_PREFIX                 a folder in the bucket for the portal's files (`vereinsportal/`)
 *   S3_DOWNLOADS              `presigned` (default: links signed by the bucket, the bytes never pass the
 *                             server) or `proxy` (the server streams them, with all its headers; needs
 *                             FILE_LINK_SECRET); docs/decisions/0036-s3-file-storage.md
 *   FILES_DIR then holds only the temporary files of uploads being received.
 */
export interface FileConfig {
  readonly dir: string
  readonly linkSecret: string | undefined
  readonly sweepIntervalMs: number
  readonly stagedMaxAgeMs: number
  /** FILES_STORE=s3: the bucket; absent: the files live in `dir`. */
  readonly s3?: S3StoreConfig | undefined
}

const HOUR_MS = 60 * 60 * 1000

export const DEFAULT_MAIL_FROM = 'Vereinsportal <no-reply@vereinsportal.at>'
/** The app of `npm run dev:server`. */
export const DEFAULT_APP_ORIGIN = 'http://localhost:5173'

export type IdentityConfig =
  | { readonly kind: 'local' }
  | {
      readonly kind: 'firebase'
      readonly projectId: string
      readonly emulatorHost: string | undefined
      /**
       * The project's Web API key (FIREBASE_WEB_API_KEY), for the one thing firebase-admin cannot do:
       * check a password (the current one of a password change). Needed against Google; the emulator
       * takes any key.
       */
      readonly webApiKey: string | undefined
    }

/** The project the Auth emulator runs in development (`demo-` projects never reach Google). */
export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'

const readIdentity = (
  emulatorHost: string | undefined,
  projectId: string | undefined,
  webApiKey: string | undefined,
): IdentityConfig => {
  if (!emulatorHost && !projectId) return { kind: 'local' }
  return { kind: 'firebase', projectId: projectId ?? EMULATOR_PROJECT_ID, emulatorHost, webApiKey }
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
  FIREBASE_WEB_API_KEY: googleApiKey,
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
  FILES_STORE: oneOf(['disk', 's3'], 'disk'),
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ENDPOINT: httpUrl,
  S3_PUBLIC_ENDPOINT: httpUrl,
  S3_FORCE_PATH_STYLE: flag,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_PREFIX: text,
  S3_DOWNLOADS: oneOf(['presigned', 'proxy'], 'presigned'),
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
  METRICS_TOKEN: secretToken(24),
  METRICS_PORT: optionalPort,
  METRICS_HOST: listenHost,
}

/** Variables whose value a message never shows. */
const SECRETS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'FILE_LINK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
] as const

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

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
  'S3_DOWNLOADS',
] as const
/** AWS's rule for new buckets (S3-compatible services take these too). */
const BUCKET_NAME = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

/** The bucket from FILES_STORE=s3 and the S3_ variables; throws ConfigError when they do not fit together. */
const readS3 = (read: Environment, env: NodeJS.ProcessEnv): S3StoreConfig | undefined => {
  const given = S3_VARIABLES.filter((name) => env[name]?.trim())
  if (read.FILES_STORE !== 's3') {
    if (given.length === 0) return undefined
    throw new ConfigError([
      `${given.join(', ')}: set FILES_STORE=s3 to keep the files in a bucket, or unset them (the files stay in FILES_DIR)`,
    ])
  }
  const problems: string[] = []
  const bucket = read.S3_BUCKET
  if (!bucket) problems.push("S3_BUCKET is not set: FILES_STORE=s3 needs the bucket's name")
  else if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    problems.push(
      `S3_BUCKET=${JSON.stringify(bucket)}: must be a bucket name, 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit`,
    )
  }
  const region = read.S3_REGION ?? (read.S3_ENDPOINT ? 'us-east-1' : undefined)
  if (!region) {
    problems.push(
      "S3_REGION is not set: AWS needs the bucket's region (e.g. eu-central-1); for an S3-compatible service set S3_ENDPOINT",
    )
  } else if (!/^[a-z0-9-]+$/.test(region)) {
    problems.push(`S3_REGION=${JSON.stringify(region)}: must be a region name such as eu-central-1`)
  }
  if (!read.S3_ACCESS_KEY_ID !== !read.S3_SECRET_ACCESS_KEY) {
    const missing = read.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
    problems.push(
      `${missing} is not set: give S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (neither: the SDK's default credentials, e.g. an instance role)`,
    )
  }
  const segments = (read.S3_PREFIX ?? '').split('/').filter(Boolean)
  if (segments.some((segment) => !PREFIX_SEGMENT.test(segment))) {
    problems.push(
      `S3_PREFIX=${JSON.stringify(read.S3_PREFIX)}: must be folder names of letters, digits, '.', '_' and '-', separated by '/'`,
    )
  }
  if (read.S3_DOWNLOADS === 'proxy' && !read.FILE_LINK_SECRET) {
    problems.push(
      'FILE_LINK_SECRET is not set: with S3_DOWNLOADS=proxy the server signs its own download links, and every process must have the same key',
    )
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    bucket: bucket!,
    region: region!,
    endpoint: read.S3_ENDPOINT,
    publicEndpoint: read.S3_PUBLIC_ENDPOINT,
    forcePathStyle: read.S3_FORCE_PATH_STYLE,
    credentials:
      read.S3_ACCESS_KEY_ID && read.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: read.S3_ACCESS_KEY_ID, secretAccessKey: read.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: segments.map((segment) => `${segment}/`).join(''),
    downloads: read.S3_DOWNLOADS,
  }
}

/**
 * The origin of the bucket's presigned download links, which the app shows as images (CSP `img-src`):
 * `<bucket>.<host>` in virtual-hosted style (AWS's default), the endpoint itself in path style, which the
 * SDK also takes for a bucket name with dots and for an endpoint that is an IP address.
 */
export const s3DownloadOrigin = (s3: S3StoreConfig): string => {
  const endpoint = new URL(s3.publicEndpoint ?? s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`)
  const pathStyle =
    s3.forcePathStyle || s3.bucket.includes('.') || isIP(endpoint.hostname.replace(/^\[|\]$/g, '')) !== 0
  return pathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`
}

const withImageSources = (sources: ContentSources, origins: readonly string[]): ContentSources =>
  origins.length === 0 ? sources : { ...sources, image: [...new Set([...sources.image, ...origins])] }

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
  if (read.METRICS_HOST && read.METRICS_PORT === undefined)
    throw new ConfigError(['METRICS_HOST is set without METRICS_PORT: it is where the metrics listener binds'])
  if (read.METRICS_PORT !== undefined && read.METRICS_PORT === read.PORT)
    throw new ConfigError([`METRICS_PORT=${read.METRICS_PORT}: must differ from PORT, the public port`])
  const dataDir = resolve(read.DATA_DIR ?? '.data')
  const staticDir = read.STATIC_DIR ? resolve(read.STATIC_DIR) : undefined
  const s3 = readS3(read, env)
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
    identity: readIdentity(
      read.FIREBASE_AUTH_EMULATOR_HOST,
      read.FIREBASE_PROJECT_ID ?? read.GCLOUD_PROJECT,
      read.FIREBASE_WEB_API_KEY,
    ),
    staticDir,
    trustProxy: trustProxy(read.TRUST_PROXY),
    rateLimits: {
      signInPerMinute: read.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      publicPerMinute: read.RATE_LIMIT_PUBLIC_PER_MINUTE,
    },
    contentSources: withImageSources(
      readContentSources(env),
      s3?.downloads === 'presigned' ? [s3DownloadOrigin(s3)] : [],
    ),
    smtpUrl: read.SMTP_URL,
    mailFrom: read.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    mailDir: read.MAIL_DIR ? resolve(read.MAIL_DIR) : undefined,
    appOrigin: read.APP_ORIGIN ?? (staticDir ? `http://localhost:${read.PORT}` : DEFAULT_APP_ORIGIN),
    files: {
      dir: read.FILES_DIR ? resolve(read.FILES_DIR) : join(dataDir, 'files'),
      linkSecret: read.FILE_LINK_SECRET,
      sweepIntervalMs: read.FILE_SWEEP_INTERVAL_MS,
      stagedMaxAgeMs: read.STAGED_UPLOAD_MAX_AGE_MS,
      s3,
    },
    payments: readPayments(read, env),
    metricsToken: read.METRICS_TOKEN,
    metricsPort: read.METRICS_PORT,
    metricsHost: read.METRICS_HOST ?? '127.0.0.1',
  }
}

/** Whether `host` is reachable from this machine alone. */
export const isLoopback = (host: string): boolean => {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(bare)
}

/**
 * What the server starts with but an operator should hear about (server/main.ts logs each as a warning):
 * a development identity reachable from other machines, metrics open to a network.
 */
export const startupWarnings = (config: ServerConfig): string[] => {
  const warnings: string[] = []
  if (!isLoopback(config.host)) {
    if (config.identity.kind === 'firebase' && config.identity.emulatorHost) {
      warnings.push(
        `HOST=${config.host} lets other machines reach this server while it signs users in with the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), which accepts unsigned tokens: anyone who reaches the port can act as any user. Leave HOST unset (127.0.0.1) unless that is meant.`,
      )
    } else if (config.identity.kind === 'local') {
      warnings.push(
        `HOST=${config.host} lets other machines reach this server while it signs users in with the local identity (development only: its test accounts and test hooks are not meant for a network). Leave HOST unset (127.0.0.1) unless that is meant.`,
      )
    }
  }
  if (config.metricsPort !== undefined && !isLoopback(config.metricsHost) && !config.metricsToken) {
    warnings.push(
      `METRICS_HOST=${config.metricsHost} without METRICS_TOKEN: anyone who reaches port ${config.metricsPort} reads the metrics. Set METRICS_TOKEN, or keep the port behind a firewall.`,
    )
  }
  return warnings
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
  if (config.identity.kind === 'firebase' && !config.identity.emulatorHost && !config.identity.webApiKey) {
    return 'FIREBASE_WEB_API_KEY is not set: the server checks the current password of a password change with it (Firebase console → Project settings → General → Web API key).'
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
