/**
 * Abuse limits: requests per minute and client IP on what anyone may call without an account
 * (docs/decisions/0013-security-headers-and-rate-limits.md). Which operation counts against which limit
 * is its `x-rate-limit` in the contract, from the operation table:
 *
 * - `signIn`: creating accounts and proving who one is, one counter for all of them per IP: the
 *   operations marked `x-rate-limit: sign-in` (registration, invitation acceptance), and the local
 *   identity's sign-in, password-reset and address-confirmation actions (`/__mock/identity/*`, not its
 *   token refresh and look-up, which a signed-in app calls on its own);
 * - `public`: every other operation the contract opens to anyone, one counter for all of them per IP
 *   (`x-rate-limit: none` takes one off: a signed download link).
 *
 * Over the limit: 429 problem `too-many-requests` with `Retry-After` (seconds), before the body is read.
 * The client IP is `request.ip`, which honours `X-Forwarded-For` only from a trusted proxy (TRUST_PROXY).
 * 0 switches a limit off.
 *
 * Counters: with `counters` (the server on a PostgreSQL server: server/db/rate-limit-counters.ts) in the
 * database, so every process behind a load balancer counts against the same budget; otherwise in the
 * process (PGlite and the mocked backend are one process). When the shared counters cannot be reached the
 * request passes uncounted with a warning (fail open): an outage of the counters must not refuse every
 * sign-in, and the database they live in is the one the request needs anyway
 * (docs/decisions/0035-several-processes-on-one-database.md).
 */
import rateLimit from '@fastify/rate-limit'
import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { RateLimitClass } from '#openapi/generated/operations.ts'
import { routeOf } from './api-routes.ts'

export interface RateLimits {
  /** Registration, invitation acceptance, sign-in and password reset, per minute and IP. */
  readonly signInPerMinute: number
  /** The other operations anyone may call, per minute and IP. */
  readonly publicPerMinute: number
}

/** Counters every server process shares (server/db/rate-limit-counters.ts). */
export interface RateLimitCounters {
  /**
   * Counts one request of `key` in its window: a new window of `windowMs` begins with the first request
   * after the last one ended. Resolves with the requests of the window so far, this one included, and the
   * milliseconds until it ends.
   */
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>
  /** Deletes the counters of windows that have ended. */
  removeEnded(): Promise<void>
}

export const DEFAULT_RATE_LIMITS: RateLimits = { signInPerMinute: 20, publicPerMinute: 300 }

export type RateLimitGroup = RateLimitClass
/** The local identity's actions that take a password, an e-mail address or a one-time code. */
const SIGN_IN_IDENTITY_ACTIONS = new Set([
  'signIn',
  'sendPasswordReset',
  'resetPassword',
  'sendVerification',
  'applyActionCode',
])
const IDENTITY_PREFIX = '/__mock/identity/'

/** `METHOD url` of every limited operation, as the server registers its routes. */
const operationGroups = (): Map<string, RateLimitGroup> => {
  const groups = new Map<string, RateLimitGroup>()
  for (const operationId of OPERATION_IDS) {
    const group = OPERATION_TABLE[operationId].rateLimit
    if (!group) continue
    const { method, url } = routeOf(operationId)
    groups.set(`${method} ${url}`, group)
    if (method === 'GET') groups.set(`HEAD ${url}`, group)
  }
  return groups
}

/** Which limit a route counts against, if any (`url` as registered, with `:params`). */
export const rateLimitGroupOf = (
  method: string,
  url: string,
  groups: ReadonlyMap<string, RateLimitGroup> = operationGroups(),
): RateLimitGroup | undefined => {
  if (method === 'POST' && url.startsWith(IDENTITY_PREFIX)) {
    const action = url.slice(IDENTITY_PREFIX.length)
    // The local identity is one route, `/__mock/identity/:action`: the action is checked per request.
    return action.startsWith(':') || SIGN_IN_IDENTITY_ACTIONS.has(action) ? 'signIn' : undefined
  }
  return groups.get(`${method} ${url}`)
}

/** Whether a request to the local identity names an action that counts (sign-in, reset, codes). */
const countsAgainstSignIn = (request: FastifyRequest): boolean => {
  const action = (request.url.split('?')[0] ?? '').slice(IDENTITY_PREFIX.length)
  return SIGN_IN_IDENTITY_ACTIONS.has(action)
}

const tooManyRequests = (_request: FastifyRequest, context: { statusCode: number; after: string }) =>
  Object.assign(new Error(`Too many requests from this client; retry in ${context.after}.`), {
    statusCode: context.statusCode,
  })

type Limiter = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** How long a request waits for the shared counter before it passes uncounted. */
const COUNTER_WAIT_MS = 2_000
/** How often a process deletes ended windows' counters. */
const CLEANUP_EVERY_MS = 60_000
/** At most one warning per this time while the shared counters fail. */
const WARN_EVERY_MS = 10_000

interface StoreResult {
  current: number
  ttl: number
}
type StoreCallback = (error: Error | null, result?: StoreResult) => void

/** @fastify/rate-limit's store for one limit (`counter` names it, `group` of a limiter's options). */
interface CounterStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void
  child(options: { group?: string }): CounterStore
}

/**
 * A store class over shared counters. The plugin makes one with its own options and, per limiter, a
 * child with the limiter's (`group`): each limit counts in its own namespace of keys.
 */
const sharedStore = (counters: RateLimitCounters, log: FastifyBaseLogger): RateLimitPluginOptions['store'] => {
  let lastCleanup = 0
  let lastWarning = 0
  let unwarned = 0
  const warn = (error: unknown) => {
    const now = Date.now()
    if (now - lastWarning < WARN_EVERY_MS) {
      unwarned += 1
      return
    }
    log.warn(
      { err: error, failuresNotLogged: unwarned },
      'rate limit: the shared counters failed; the request passes uncounted',
    )
    lastWarning = now
    unwarned = 0
  }
  const cleanUpNowAndThen = () => {
    const now = Date.now()
    if (now - lastCleanup < CLEANUP_EVERY_MS) return
    lastCleanup = now
    counters.removeEnded().catch((error: unknown) => log.warn({ err: error }, 'rate limit: old counters not removed'))
  }
  const store = (group: string): CounterStore => ({
    incr: (key, callback, timeWindow) => {
      cleanUpNowAndThen()
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${COUNTER_WAIT_MS} ms`)), COUNTER_WAIT_MS)
      })
      Promise.race([counters.hit(`${group}:${key}`, timeWindow), late])
        .then(
          ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
          (error: unknown) => {
            warn(error)
            callback(null, { current: 0, ttl: timeWindow })
          },
        )
        .finally(() => clearTimeout(timer))
    },
    child: (options) => store(options.group ?? ''),
  })
  // The plugin calls it with `new`: a function returning an object hands that object back.
  return function SharedCounterStore() {
    return store('')
  } as unknown as RateLimitPluginOptions['store']
}

/**
 * Registers the limits. Call it before the routes it limits are added: it attaches itself to each
 * matching route as that is registered (onRoute), with one shared counter per group.
 */
export const registerRateLimits = async (
  app: FastifyInstance,
  limits: RateLimits,
  counters?: RateLimitCounters,
): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: tooManyRequests,
    ...(counters ? { store: sharedStore(counters, app.log) } : {}),
  })
  const limiter = (group: RateLimitGroup, max: number): Limiter | undefined => {
    // `group` reaches the store's child (the plugin passes a limiter's options on to it).
    const options: RateLimitOptions & { group: string } = { max, timeWindow: 60_000, group }
    return max > 0 ? (app.rateLimit(options) as unknown as Limiter) : undefined
  }
  const limiters: Record<RateLimitGroup, Limiter | undefined> = {
    signIn: limiter('signIn', limits.signInPerMinute),
    public: limiter('public', limits.publicPerMinute),
  }
  const groups = operationGroups()
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const group = methods.map((method) => rateLimitGroupOf(method, route.url, groups)).find(Boolean)
    const limit = group ? limiters[group] : undefined
    if (!limit) return
    const hook: Limiter = route.url.startsWith(IDENTITY_PREFIX)
      ? async function (request, reply) {
          if (countsAgainstSignIn(request)) await limit.call(this, request, reply)
        }
      : limit
    const existing = route.onRequest as Limiter | Limiter[] | undefined
    route.onRequest = existing === undefined ? [hook] : [existing, hook].flat()
  })
}
