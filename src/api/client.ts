/**
 * The one hand-written transport (orval's mutator): every generated hook calls `apiFetch`.
 * It picks the backend host from the page origin, sends JSON with the signed-in user's ID token,
 * turns failures into `ApiError` (a lost connection into `ApiConnectionError`), retries once with a fresh
 * token after a 401, asks the person to confirm their sign-in when the backend wants a recent one (and then
 * sends the request again), gives up on a request the backend does not answer in time (`ApiTimeoutError`),
 * and counts requests in flight for the loading overlay.
 */
import type { Problem } from '#openapi/generated/model/problem.ts'

export const API_PREFIX = '/api/backend/v1'

/** Spec §8: HTTP statuses map to their standard names. */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
}

export const statusName = (status: number, fallback = ''): string => STATUS_NAMES[status] ?? fallback

/** A failed backend call (spec §8: url, status, status text and body). */
export class ApiError extends Error {
  readonly url: string
  readonly status: number
  readonly statusText: string
  readonly body: unknown

  constructor(url: string, status: number, statusText: string, body: unknown) {
    super(`${status} ${statusText}: ${url}`)
    this.name = 'ApiError'
    this.url = url
    this.status = status
    this.statusText = statusText
    this.body = body
  }

  /** The RFC 9457 problem body, when the backend sent one. */
  get problem(): Problem | undefined {
    const body = this.body as Partial<Problem> | null
    return body && typeof body === 'object' && typeof body.type === 'string' ? (body as Problem) : undefined
  }

  /** The problem kind, the last segment of `type` (`user-exists`, `validation`, …). */
  get kind(): string | undefined {
    return this.problem?.type.split('/').pop()
  }
}

/**
 * The backend did not answer in time (`requestTimeoutMs`): the request was aborted. Status 0 (no answer),
 * kind `timeout`. Not retried by the query client (it has a status): the screen says so and offers
 * "Erneut versuchen", and the loading overlay goes away instead of waiting forever.
 */
export class ApiTimeoutError extends ApiError {
  readonly timeoutMs: number

  constructor(url: string, timeoutMs: number) {
    super(url, 0, 'Timeout', undefined)
    this.name = 'ApiTimeoutError'
    this.timeoutMs = timeoutMs
  }

  override get kind(): string {
    return 'timeout'
  }
}

/**
 * No answer at all: the request did not reach the backend or the connection broke on the way (offline,
 * name not resolved, connection refused or reset). `fetch` rejects with a bare `TypeError` then; this
 * names it, with that error as `cause`, so that a screen can tell a lost connection from a bug. Kind
 * `network`. Deliberately not an `ApiError`: it has no status, so the query client retries it as the
 * hiccup it usually is.
 */
export class ApiConnectionError extends Error {
  readonly url: string
  readonly kind = 'network'

  constructor(url: string, cause: unknown) {
    super(`Connection failed: ${url}`, { cause })
    this.name = 'ApiConnectionError'
    this.url = url
  }
}

/** orval uses these to type the errors and bodies of the generated hooks. */
export type ErrorType<_T> = ApiError
export type BodyType<T> = T

// ----------------------------------------------------------------------------------------------------
// Backend host by page origin (spec §7)

/**
 * Which backend a page talks to, by the host name it was served from. The public registration site
 * talks to production. `VITE_API_BASE_URL` overrides the table (`/`: the page's own origin, for a server
 * that serves the app and the API together); in mocked mode the mocked backend answers on the page's own
 * origin.
 */
export const BACKEND_HOSTS: ReadonlyArray<{ hosts: readonly string[]; backend: string; name: string }> = [
  { name: 'Lokale Entwicklung', hosts: ['localhost', '127.0.0.1'], backend: 'http://localhost:8080' },
  { name: 'Entwicklung', hosts: ['portal-dev.vereinsportal.at'], backend: 'https://api-dev.vereinsportal.at' },
  { name: 'Produktion', hosts: ['portal.vereinsportal.at'], backend: 'https://api.vereinsportal.at' },
  { name: 'Registrierung', hosts: ['registrierung.vereinsportal.at'], backend: 'https://api.vereinsportal.at' },
]

export interface BackendEnv {
  apiBaseUrl?: string | undefined
  mocked: boolean
}

export const resolveBackendOrigin = (location: Pick<Location, 'hostname' | 'origin'>, env: BackendEnv): string => {
  // `/`: the server that serves the page also answers the API (`npm start`, on whatever port).
  if (env.apiBaseUrl === '/') return location.origin
  if (env.apiBaseUrl) return env.apiBaseUrl.replace(/\/+$/, '')
  if (env.mocked) return location.origin
  const entry = BACKEND_HOSTS.find((candidate) => candidate.hosts.includes(location.hostname))
  return entry?.backend ?? location.origin
}

const defaultEnv = (): BackendEnv => ({
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL,
  mocked: import.meta.env.VITE_MOCKS !== 'false',
})

export const apiBaseUrl = (): string => `${resolveBackendOrigin(globalThis.location, defaultEnv())}${API_PREFIX}`

// ----------------------------------------------------------------------------------------------------
// Token hand-off (spec §4: on token change the new ID token is used for every request)

export interface ApiAuth {
  /** The current ID token, or null when nobody is signed in. `forceRefresh` asks the provider for a new one. */
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>
  /** Called when a fresh token is refused too: the session is over. */
  onSessionExpired: () => void
  /**
   * The backend wants a recent sign-in for this change (401 `reauthentication-required`): ask the person for
   * their password. Resolves true once they confirmed it (the provider then hands out a token with a new
   * `auth_time`) and false when they cancelled or nobody can ask. Without it such a 401 simply fails.
   */
  reauthenticate?: () => Promise<boolean>
}

let auth: ApiAuth = { getIdToken: async () => null, onSessionExpired: () => undefined }

/** The problem kind of a 401 that asks for a recent sign-in, not for a new session. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication-required'

/** The auth layer registers itself here at start-up, so this module does not depend on it. */
export const configureApiAuth = (next: ApiAuth): void => {
  auth = next
}

/**
 * The signed-in user's ID token, as every request here gets it: for the transports that cannot go through
 * `apiFetch` (the server storage's uploads need XMLHttpRequest for their progress).
 */
export const currentIdToken = (forceRefresh = false): Promise<string | null> => auth.getIdToken(forceRefresh)

/** Tells the auth layer that even a fresh token was refused (as `apiFetch` does after a second 401). */
export const reportSessionExpired = (): void => auth.onSessionExpired()

// ----------------------------------------------------------------------------------------------------
// Timeout (a hung request never keeps the loading overlay up, the screen offers a retry)

/** How long one exchange with the backend may take before it is aborted. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000

const configuredTimeout = Number(import.meta.env.VITE_API_TIMEOUT_MS)
let requestTimeoutMs = configuredTimeout > 0 ? configuredTimeout : DEFAULT_REQUEST_TIMEOUT_MS

export const getRequestTimeout = (): number => requestTimeoutMs

/** For tests (and the demo build's `?apiTimeout=`): another timeout for every request from now on. */
export const setRequestTimeout = (ms: number = DEFAULT_REQUEST_TIMEOUT_MS): void => {
  requestTimeoutMs = ms > 0 ? ms : DEFAULT_REQUEST_TIMEOUT_MS
}

// ----------------------------------------------------------------------------------------------------
// Requests in flight (spec §1, §4: the loading overlay is on while the count is above zero)

let inFlight = 0
const listeners = new Set<() => void>()
const setInFlight = (next: number) => {
  inFlight = next
  listeners.forEach((listener) => listener())
}
export const getInFlightCount = (): number => inFlight

/**
 * Whether a request starting now is only speculative (the router preloading a screen a link points to):
 * such a request is not counted, like a `background` one. Set once by main.tsx.
 */
let speculative: () => boolean = () => false
export const countNoRequestsWhile = (isSpeculative: () => boolean): void => {
  speculative = isSpeculative
}
export const subscribeInFlight = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// ----------------------------------------------------------------------------------------------------
// The request

const parseBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

const send = async (url: string, init: RequestInit, token: string | null): Promise<Response> => {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json, application/problem+json')
  if (init.body !== undefined && init.body !== null && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json')
  }
  if (token) headers.set('Authorization', `Bearer ${token}`)
  return fetch(url, { ...init, headers })
}

export interface ApiRequestInit extends RequestInit {
  /**
   * Not counted for the full-screen loading overlay: for work that shows its own progress and must stay
   * operable meanwhile (the CSV export with its cancel button).
   */
  background?: boolean
  /** This request's timeout instead of the default (`getRequestTimeout()`). */
  timeoutMs?: number
  /**
   * Send with exactly this ID token: no token from the auth layer, and after a 401 no refresh, no retry, no
   * sign-out and no reauthentication. For the sign-out's own request, which must start none of them.
   */
  idToken?: string
}

/** A 401 whose problem asks for a recent sign-in (the session itself is fine). */
const wantsReauthentication = (response: Response, body: unknown): boolean =>
  response.status === 401 &&
  typeof (body as { type?: unknown } | null)?.type === 'string' &&
  (body as { type: string }).type.split('/').pop() === REAUTHENTICATION_REQUIRED

/**
 * How `fetch` says the connection failed: a `TypeError` in the browsers, a `DOMException` named
 * `NetworkError` where an engine keeps the older wording (happy-dom, which the component tests run in).
 */
const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')

export const apiFetch = async <T>(
  path: string,
  { background = false, timeoutMs, idToken, ...init }: ApiRequestInit = {},
): Promise<T> => {
  const url = `${apiBaseUrl()}${path}`
  const quiet = background || speculative()
  let counted = !quiet
  if (counted) setInFlight(inFlight + 1)
  const limit = timeoutMs ?? requestTimeoutMs
  // Each exchange (the first, the one after a token refresh, the one after a confirmed sign-in) gets the
  // whole time: waiting for the person's password is not the backend's delay. The caller's signal (the
  // query's, cancelled on sign-out or when nobody needs the data any more) still aborts it.
  const exchange = async (token: string | null) => {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, limit)
    const outer = init.signal
    const forward = () => controller.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    try {
      const response = await send(url, { ...init, signal: controller.signal }, token)
      return { response, body: await parseBody(response) }
    } catch (error) {
      if (timedOut) throw new ApiTimeoutError(url, limit)
      // The caller's own cancellation (an AbortError) stays what it is: nothing failed.
      if (isNetworkFailure(error) && !controller.signal.aborted) throw new ApiConnectionError(url, error)
      throw error
    } finally {
      clearTimeout(timer)
      outer?.removeEventListener('abort', forward)
    }
  }
  try {
    const token = idToken ?? (await auth.getIdToken())
    const asSent = idToken !== undefined
    let { response, body } = await exchange(token)
    // A token can expire between two requests: refresh once and retry before giving up. A request for a
    // recent sign-in is not an expired session: a new token would carry the same old sign-in time.
    if (!asSent && response.status === 401 && token && !wantsReauthentication(response, body)) {
      const fresh = await auth.getIdToken(true)
      if (fresh) ({ response, body } = await exchange(fresh))
      if (response.status === 401 && !wantsReauthentication(response, body)) auth.onSessionExpired()
    }
    // The person confirms their password in a dialog, then the same request goes out once more. Meanwhile
    // it is not "in flight": the loading overlay would cover the dialog.
    if (!asSent && wantsReauthentication(response, body) && auth.reauthenticate) {
      if (counted) setInFlight(inFlight - 1)
      counted = false
      const confirmed = await auth.reauthenticate()
      counted = !quiet
      if (counted) setInFlight(inFlight + 1)
      if (confirmed) ({ response, body } = await exchange(await auth.getIdToken()))
    }
    if (!response.ok) {
      throw new ApiError(url, response.status, statusName(response.status, response.statusText), body)
    }
    return body as T
  } finally {
    if (counted) setInFlight(inFlight - 1)
  }
}
