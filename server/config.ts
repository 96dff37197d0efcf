/**
 * The server's settings, from the environment (and `npm run server -- --flags`). Everything has a
 * default that runs on a developer's machine; production sets NODE_ENV=production and is then refused
 * what must never run there (the local identity and the test hooks).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

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
  /** Origins whose pages may call the API from the browser (CORS). */
  readonly corsOrigins: readonly string[]
  readonly logLevel: string
  readonly poolSize: number
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

const flag = (value: string | undefined): boolean => value === '1' || value === 'true' || value === 'yes'
const int = (value: string | undefined, fallback: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value)
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}

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
    },
    allowPositionals: false,
  })
  const production = env.NODE_ENV === 'production'
  return {
    port: int(values.port ?? env.PORT, 8080),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: values.demo || flag(env.PORTAL_DEMO),
    testHooks: values['test-hooks'] || flag(env.PORTAL_TEST_HOOKS),
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 15_000),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    logLevel: env.LOG_LEVEL ?? 'info',
    poolSize: int(env.DATABASE_POOL_SIZE, 10),
  }
}

/** Why this configuration must not start, or null. */
export const refusal = (config: ServerConfig): string | null => {
  if (config.production && config.testHooks)
    return 'The test hooks (PORTAL_TEST_HOOKS, --test-hooks) never run with NODE_ENV=production.'
  if (config.production) {
    return 'NODE_ENV=production needs a real identity provider (Firebase Auth); this build has only the local development identity.'
  }
  return null
}
