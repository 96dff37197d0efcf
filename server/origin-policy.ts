/**
 * A development server's safety (mock:server, docs/decisions/0022-mock-server-safe-by-default.md): its
 * control plane has no credentials, so only this machine's pages may use it.
 *
 * - A request with an `Origin` header is answered only for local pages (http(s)://localhost, 127.0.0.1 or
 *   [::1], any port), the allowed origins and the server's own pages (the provider page's form); any other
 *   origin gets 403 problem+json before anything runs, for preflights and simple requests alike (a form
 *   of a foreign page posting to /__mock/reset). Requests without `Origin` (curl, Postman, Prism, tests)
 *   are not affected.
 * - Bound to loopback, the `Host` must be a local name or an allowed origin's: a foreign name resolving to
 *   127.0.0.1 (DNS rebinding) would otherwise make a foreign page "same-origin".
 */
import type { FastifyInstance } from 'fastify'
import { problem } from '#domain/problem.ts'
import { pathOf, sendProblem } from './api-routes.ts'

export interface LocalOnlyPolicy {
  /** Page origins besides the local ones that may call the server (as `normalizeOrigin` gives them). */
  readonly allowOrigins: readonly string[]
  /** Bound to a loopback address: refuse a `Host` that is not a local name (or an allowed origin's). */
  readonly loopbackOnly: boolean
}

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** Whether only this machine can reach a server bound to `host` (127.0.0.0/8, ::1, localhost). */
export const isLoopbackHost = (host: string): boolean => {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
}

/** A page of this machine: http(s)://localhost, 127.0.0.1 or [::1], any port (an `Origin` header's value). */
export const isLocalOrigin = (origin: string): boolean => {
  const url = parseUrl(origin)
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOCAL_HOSTNAMES.has(url.hostname) &&
    url.origin === origin
  )
}

/** An allowed origin as browsers send it in `Origin` (scheme, host, port); throws on anything else. */
export const normalizeOrigin = (value: string): string => {
  const url = parseUrl(value.trim())
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new Error(`--allow-origin takes an origin like https://demo.example.at, not '${value}'.`)
  return url.origin
}

/** The origins whose pages get CORS headers under the policy (its own pages need none). */
export const localOriginAllowed =
  (policy: LocalOnlyPolicy) =>
  (origin: string): boolean =>
    isLocalOrigin(origin) || policy.allowOrigins.includes(origin)

const hostnameOf = (hostHeader: string): string => parseUrl(`http://${hostHeader}`)?.hostname ?? ''

export const registerLocalOnly = (app: FastifyInstance, policy: LocalOnlyPolicy): void => {
  const allowed = localOriginAllowed(policy)
  const allowedHostnames = new Set([
    ...LOCAL_HOSTNAMES,
    ...policy.allowOrigins.map((origin) => new URL(origin).hostname),
  ])
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host
    if (policy.loopbackOnly && host !== undefined && !allowedHostnames.has(hostnameOf(host))) {
      return sendProblem(
        reply.header('vary', 'Origin'),
        problem('forbidden', `This server does not answer for the host '${host}'.`),
        pathOf(request),
      )
    }
    const origin = request.headers.origin
    if (origin !== undefined && !allowed(origin) && !(host !== undefined && origin === `http://${host}`)) {
      return sendProblem(
        reply.header('vary', 'Origin'),
        problem(
          'forbidden',
          `Pages of ${origin} may not call this server; start it with --allow-origin ${origin} to allow them.`,
        ),
        pathOf(request),
      )
    }
  })
}
