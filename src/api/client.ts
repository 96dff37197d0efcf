/**
 * The one hand-written transport (orval's mutator): every generated hook calls `apiFetch`.
 * It picks the backend host from the page origin, sends JSON with the signed-in user's ID token,
 * turns failures into `ApiError`, retries once with a fresh token after a 401, and counts requests in
 * flight for the loading overlay.
 */
import type { Problem } from './generated/query/model/problem'

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

/** orval uses these to type the errors and bodies of the generated hooks. */
export type ErrorType<_T> = ApiError
export type BodyType<T> = T

// ----------------------------------------------------------------------------------------------------
// Backend host by page origin (spec §7)

/**
 * Which backend a page talks to, by the host name it was served from. The public registration site
 * talks to production. `VITE_API_BASE_URL` overrides the table; in mocked mode the mocked backend
 * answers on the page's own origin.
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
}

let auth: ApiAuth = { getIdToken: async () => null, onSessionExpired: () => undefined }

/** The auth layer registers itself here at start-up, so this module does not depend on it. */
export const configureApiAuth = (next: ApiAuth): void => {
  auth = next
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
}

export const apiFetch = async <T>(path: string, { background = false, ...init }: ApiRequestInit = {}): Promise<T> => {
  const url = `${apiBaseUrl()}${path}`
  if (!background) setInFlight(inFlight + 1)
  try {
    const token = await auth.getIdToken()
    let response = await send(url, init, token)
    // A token can expire between two requests: refresh once and retry before giving up.
    if (response.status === 401 && token) {
      const fresh = await auth.getIdToken(true)
      if (fresh) response = await send(url, init, fresh)
      if (response.status === 401) auth.onSessionExpired()
    }
    const body = await parseBody(response)
    if (!response.ok) {
      throw new ApiError(url, response.status, statusName(response.status, response.statusText), body)
    }
    return body as T
  } finally {
    if (!background) setInFlight(inFlight - 1)
  }
}
