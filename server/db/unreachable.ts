/**
 * Whether a failure means the database cannot be reached right now (restarting, failing over, out of
 * connections, closed), as opposed to a bug or bad data. Such a failure is the client's 503 problem
 * `unavailable` with `Retry-After` (nothing was changed; trying again shortly may succeed), never a 500.
 */
import { problem } from '#domain/problem.ts'
import type { ProblemError } from '#domain/problem.ts'

/** Node's socket errors on the way to the database server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs outside class 08 (connection exception) that say the server will not serve this connection
 * now: admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery),
 * too_many_connections.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

/**
 * What the drivers say without a code: node-postgres when the socket ends under a query or a pool
 * connect waits too long (`connectionTimeoutMillis`), PGlite once closed, Kysely once destroyed (a
 * request still running while the server shuts down).
 */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^PGlite is closed/,
  /^driver has already been destroyed/,
]

const codeOf = (error: object): string | undefined => ('code' in error ? String(error.code) : undefined)

export const isDatabaseUnreachable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false
  const code = codeOf(error)
  if (code && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  if (error instanceof Error && MESSAGES.some((pattern) => pattern.test(error.message))) return true
  // Connecting to every address of a name fails as one AggregateError; a wrapped failure has a cause.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1)))
    return true
  return 'cause' in error && isDatabaseUnreachable(error.cause, depth + 1)
}

export const databaseUnreachable = (): ProblemError =>
  problem('unavailable', 'The database cannot be reached right now; nothing was changed. Try again shortly.')
