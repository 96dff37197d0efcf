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
 * Counters live in the process (one server); 0 switches a limit off.
 */
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import type { RateLimitClass } from '#openapi/generated/operations.ts'
import { routeOf } from './api-routes.ts'

export interface RateLimits {
  /** Registration, invitation acceptance, sign-in and password reset, per minute and IP. */
  readonly signInPerMinute: number
  /** The other operations anyone may call, per minute and IP. */
  readonly publicPerMinute: number
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

/**
 * Registers the limits. Call it before the routes it limits are added: it attaches itself to each
 * matching route as that is registered (onRoute), with one shared counter per group.
 */
export const registerRateLimits = async (app: FastifyInstance, limits: RateLimits): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: tooManyRequests,
  })
  const limiter = (max: number): Limiter | undefined =>
    max > 0 ? (app.rateLimit({ max, timeWindow: 60_000 }) as unknown as Limiter) : undefined
  const limiters: Record<RateLimitGroup, Limiter | undefined> = {
    signIn: limiter(limits.signInPerMinute),
    public: limiter(limits.publicPerMinute),
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
