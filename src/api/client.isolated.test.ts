import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '#mocks/node.ts'
import {
  ApiConnectionError,
  ApiError,
  apiFetch,
  ApiTimeoutError,
  BACKEND_HOSTS,
  configureApiAuth,
  DEFAULT_REQUEST_TIMEOUT_MS,
  getInFlightCount,
  resolveBackendOrigin,
  setRequestTimeout,
  subscribeInFlight,
} from './client.ts'

const probe = '*/api/backend/v1/probe'

afterEach(() => configureApiAuth({ getIdToken: async () => null, onSessionExpired: () => undefined }))

describe('backend host by page origin (spec §7)', () => {
  const at = (hostname: string) => ({ hostname, origin: `https://${hostname}` })

  it.each([
    ['localhost', 'http://localhost:8080'],
    ['portal-dev.vereinsportal.at', 'https://api-dev.vereinsportal.at'],
    ['portal.vereinsportal.at', 'https://api.vereinsportal.at'],
    ['registrierung.vereinsportal.at', 'https://api.vereinsportal.at'],
  ])('%s talks to %s', (hostname, backend) => {
    expect(resolveBackendOrigin(at(hostname), { mocked: false })).toBe(backend)
  })

  it('lists every host exactly once', () => {
    const hosts = BACKEND_HOSTS.flatMap((entry) => entry.hosts)
    expect(new Set(hosts).size).toBe(hosts.length)
  })

  it('uses the page origin in mocked mode and for unknown hosts', () => {
    expect(resolveBackendOrigin(at('portal.vereinsportal.at'), { mocked: true })).toBe(
      'https://portal.vereinsportal.at',
    )
    expect(resolveBackendOrigin(at('preview.example.org'), { mocked: false })).toBe('https://preview.example.org')
  })

  it('lets VITE_API_BASE_URL override everything', () => {
    expect(resolveBackendOrigin(at('localhost'), { mocked: true, apiBaseUrl: 'https://staging.example.org/' })).toBe(
      'https://staging.example.org',
    )
  })

  it('talks to the page’s own origin with VITE_API_BASE_URL=/ (npm start serves app and API on any port)', () => {
    const page = { hostname: '127.0.0.1', origin: 'http://127.0.0.1:18480' }
    expect(resolveBackendOrigin(page, { mocked: false, apiBaseUrl: '/' })).toBe('http://127.0.0.1:18480')
    expect(resolveBackendOrigin(page, { mocked: false })).toBe('http://localhost:8080')
  })
})

describe('apiFetch', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined
    server.use(
      http.post(probe, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        }
        return HttpResponse.json({ ok: true })
      }),
    )
    configureApiAuth({ getIdToken: async () => 'token-1', onSessionExpired: () => undefined })

    const result = await apiFetch<{ ok: boolean }>('/probe', { method: 'POST', body: JSON.stringify({ a: 1 }) })

    expect(result).toEqual({ ok: true })
    expect(seen).toEqual({ auth: 'Bearer token-1', type: 'application/json', body: { a: 1 } })
  })

  it('sends no Authorization header when nobody is signed in', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(probe, ({ request }) => {
        auth = request.headers.get('authorization')
        return new HttpResponse(null, { status: 204 })
      }),
    )
    await expect(apiFetch('/probe')).resolves.toBeUndefined()
    expect(auth).toBeNull()
  })

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [500, 'Internal Server Error'],
  ])('turns %i into an ApiError named %s with url and body (spec §8)', async (status, name) => {
    const problem = { type: 'https://vereinsportal.at/problems/user-exists', title: name, status }
    server.use(
      http.get(probe, () =>
        HttpResponse.json(problem, { status, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    )

    const error = await apiFetch('/probe').catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, statusText: name, body: problem })
    expect((error as ApiError).url).toMatch(/\/api\/backend\/v1\/probe$/)
    expect((error as ApiError).kind).toBe('user-exists')
  })

  it('turns a lost connection into an ApiConnectionError without a status, and leaves nothing in flight', async () => {
    server.use(http.put(probe, () => HttpResponse.error()))

    const error = await apiFetch('/probe', { method: 'PUT', body: '{}' }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiConnectionError)
    expect(error).not.toBeInstanceOf(ApiError)
    // No status: the query client retries it like any hiccup (src/router.tsx).
    expect(error).not.toHaveProperty('status')
    expect(error).toMatchObject({ kind: 'network' })
    expect((error as ApiConnectionError).cause).toBeDefined()
    expect((error as ApiConnectionError).url).toMatch(/\/api\/backend\/v1\/probe$/)
    expect(getInFlightCount()).toBe(0)
  })

  it('after a 401 refreshes the token once and retries', async () => {
    const tokens: Array<string | null> = []
    server.use(
      http.get(probe, ({ request }) => {
        tokens.push(request.headers.get('authorization'))
        return request.headers.get('authorization') === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json(
              { type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 },
              { status: 401 },
            )
      }),
    )
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async (force) => (force ? 'fresh' : 'stale'), onSessionExpired })

    await expect(apiFetch('/probe')).resolves.toEqual({ ok: true })
    expect(tokens).toEqual(['Bearer stale', 'Bearer fresh'])
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('ends the session when the fresh token is refused too', async () => {
    server.use(
      http.get(probe, () => HttpResponse.json({ type: 'x', title: 'Unauthorized', status: 401 }, { status: 401 })),
    )
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async () => 'token', onSessionExpired })

    await expect(apiFetch('/probe')).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).toHaveBeenCalledOnce()
  })

  it('sends a given token as it is: a 401 then neither refreshes, retries nor ends the session (the sign-out)', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.post(probe, ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return HttpResponse.json({ type: 'https://vereinsportal.at/problems/unauthorized' }, { status: 401 })
      }),
    )
    const getIdToken = vi.fn(async () => 'current')
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken, onSessionExpired })
    await expect(apiFetch('/probe', { method: 'POST', idToken: 'revoked' })).rejects.toMatchObject({ status: 401 })
    expect(seen).toEqual(['Bearer revoked'])
    expect(getIdToken).not.toHaveBeenCalled()
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('counts requests in flight for the loading overlay', async () => {
    const waiting: Array<() => void> = []
    const release = () => waiting.shift()?.()
    server.use(
      http.get(probe, async () => {
        await new Promise<void>((resolve) => waiting.push(resolve))
        return HttpResponse.json({})
      }),
    )
    const counts: number[] = []
    const unsubscribe = subscribeInFlight(() => counts.push(getInFlightCount()))

    const pending = Promise.all([apiFetch('/probe'), apiFetch('/probe')])
    await vi.waitFor(() => expect(waiting).toHaveLength(2))
    release()
    await vi.waitFor(() => expect(getInFlightCount()).toBeLessThan(2))
    release()
    await pending
    unsubscribe()

    expect(getInFlightCount()).toBe(0)
    expect(counts).toEqual([1, 2, 1, 0])
  })
})

describe('apiFetch when the backend wants a recent sign-in (401 reauthentication-required)', () => {
  const reauthenticationRequired = () =>
    HttpResponse.json(
      {
        type: 'https://vereinsportal.at/problems/reauthentication-required',
        title: 'Unauthorized',
        status: 401,
      },
      { status: 401, headers: { 'Content-Type': 'application/problem+json', 'WWW-Authenticate': 'Bearer' } },
    )

  /** A backend that accepts the request only with the token issued after the password was confirmed. */
  const useBackend = () => {
    const seen: Array<{ auth: string | null; body: unknown }> = []
    server.use(
      http.put(probe, async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), body: await request.json() })
        return request.headers.get('authorization') === 'Bearer confirmed'
          ? HttpResponse.json({ saved: true })
          : reauthenticationRequired()
      }),
    )
    return seen
  }

  /** Token `stale` until the person confirmed their password, `confirmed` after. */
  const setup = (answer: boolean | (() => Promise<boolean>)) => {
    let confirmed = false
    const getIdToken = vi.fn(async (_force?: boolean) => (confirmed ? 'confirmed' : 'stale'))
    const onSessionExpired = vi.fn()
    const reauthenticate = vi.fn(async () => {
      const result = typeof answer === 'function' ? await answer() : answer
      confirmed = result
      return result
    })
    configureApiAuth({ getIdToken, onSessionExpired, reauthenticate })
    return { getIdToken, onSessionExpired, reauthenticate }
  }

  const put = () => apiFetch<{ saved: boolean }>('/probe', { method: 'PUT', body: JSON.stringify({ iban: 'AT61' }) })

  it('asks for the password and sends the same request once more with the new token', async () => {
    const seen = useBackend()
    const { getIdToken, onSessionExpired, reauthenticate } = setup(true)

    await expect(put()).resolves.toEqual({ saved: true })

    expect(reauthenticate).toHaveBeenCalledOnce()
    expect(seen).toEqual([
      { auth: 'Bearer stale', body: { iban: 'AT61' } },
      { auth: 'Bearer confirmed', body: { iban: 'AT61' } },
    ])
    // Not an ended session: no blind token refresh, no sign-out.
    expect(getIdToken).not.toHaveBeenCalledWith(true)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('fails with the usual ApiError when the person cancels', async () => {
    const seen = useBackend()
    const { onSessionExpired, reauthenticate } = setup(false)

    const error = await put().catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, kind: 'reauthentication-required' })
    expect(reauthenticate).toHaveBeenCalledOnce()
    expect(seen).toHaveLength(1)
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(getInFlightCount()).toBe(0)
  })

  it('asks only once: a second refusal after the confirmation fails', async () => {
    const seen: string[] = []
    server.use(
      http.put(probe, ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '')
        return reauthenticationRequired()
      }),
    )
    const { reauthenticate, onSessionExpired } = setup(true)

    await expect(put()).rejects.toMatchObject({ status: 401, kind: 'reauthentication-required' })
    expect(reauthenticate).toHaveBeenCalledOnce()
    expect(seen).toEqual(['Bearer stale', 'Bearer confirmed'])
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('simply fails when nobody can ask (no reauthenticate configured)', async () => {
    useBackend()
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async () => 'stale', onSessionExpired })

    await expect(put()).rejects.toMatchObject({ status: 401, kind: 'reauthentication-required' })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('still refreshes an expired token first, then asks when the fresh one is too old a sign-in', async () => {
    const seen: string[] = []
    server.use(
      http.put(probe, ({ request }) => {
        const auth = request.headers.get('authorization') ?? ''
        seen.push(auth)
        if (auth === 'Bearer expired')
          return HttpResponse.json(
            { type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 },
            { status: 401 },
          )
        return auth === 'Bearer confirmed' ? HttpResponse.json({ saved: true }) : reauthenticationRequired()
      }),
    )
    let state: 'expired' | 'refreshed' | 'confirmed' = 'expired'
    const onSessionExpired = vi.fn()
    configureApiAuth({
      getIdToken: async (force) => {
        if (force && state === 'expired') state = 'refreshed'
        return state
      },
      onSessionExpired,
      reauthenticate: async () => {
        state = 'confirmed'
        return true
      },
    })

    await expect(put()).resolves.toEqual({ saved: true })
    expect(seen).toEqual(['Bearer expired', 'Bearer refreshed', 'Bearer confirmed'])
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('does not count toward the loading overlay while the person types the password', async () => {
    useBackend()
    let answer!: (confirmed: boolean) => void
    const { reauthenticate } = setup(() => new Promise<boolean>((resolve) => (answer = resolve)))
    const counts: number[] = []
    const unsubscribe = subscribeInFlight(() => counts.push(getInFlightCount()))

    const pending = put()
    await vi.waitFor(() => expect(reauthenticate).toHaveBeenCalled())
    expect(getInFlightCount()).toBe(0)
    answer(true)
    await expect(pending).resolves.toEqual({ saved: true })
    unsubscribe()

    // Counted for the first attempt, not while waiting, counted again for the second attempt.
    expect(counts).toEqual([1, 0, 1, 0])
  })

  it('keeps background requests out of the count throughout', async () => {
    useBackend()
    setup(true)
    const counts: number[] = []
    const unsubscribe = subscribeInFlight(() => counts.push(getInFlightCount()))
    await apiFetch('/probe', { method: 'PUT', body: '{}', background: true })
    unsubscribe()
    expect(counts).toEqual([])
  })
})

describe('apiFetch timeout: a hung request never keeps the overlay up', () => {
  /** A backend that never answers: the request only ends when its signal aborts. */
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )

  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    setRequestTimeout()
  })

  it('gives up after 20 s with an ApiTimeoutError and leaves nothing in flight', async () => {
    const fetch = hangingFetch()
    vi.stubGlobal('fetch', fetch)

    const result = apiFetch('/probe').catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(0)
    expect(getInFlightCount()).toBe(1)

    await vi.advanceTimersByTimeAsync(19_999)
    expect(getInFlightCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)

    const error = await result
    expect(error).toBeInstanceOf(ApiTimeoutError)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, kind: 'timeout', timeoutMs: 20_000 })
    expect((error as ApiError).url).toMatch(/\/api\/backend\/v1\/probe$/)
    expect(getInFlightCount()).toBe(0)
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('takes another timeout for tests, and per request', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    setRequestTimeout(1_000)

    const configured = apiFetch('/probe').catch((caught: unknown) => caught)
    const own = apiFetch('/probe', { timeoutMs: 5_000 }).catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await configured).toBeInstanceOf(ApiTimeoutError)
    expect(getInFlightCount()).toBe(1)

    await vi.advanceTimersByTimeAsync(4_000)
    expect(await own).toMatchObject({ timeoutMs: 5_000 })
    expect(getInFlightCount()).toBe(0)
  })

  it('takes an answer that comes just before the 20 s are up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            const answer = setTimeout(
              () =>
                resolve(
                  new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } }),
                ),
              19_900,
            )
            init?.signal?.addEventListener('abort', () => {
              clearTimeout(answer)
              reject(new DOMException('aborted', 'AbortError'))
            })
          }),
      ),
    )

    const result = apiFetch('/probe').catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(19_900)
    expect(await result).toEqual({ ok: true })
    expect(getInFlightCount()).toBe(0)
  })

  it('an answer in time is not aborted afterwards', async () => {
    let signal: AbortSignal | undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        signal = init?.signal ?? undefined
        return new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } })
      }),
    )

    await expect(apiFetch('/probe')).resolves.toEqual({ ok: true })
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS * 2)
    expect(signal?.aborted).toBe(false)
  })

  it('a cancelled request (the query no longer needed, sign-out) is not reported as a timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const controller = new AbortController()

    const result = apiFetch('/probe', { signal: controller.signal }).catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()

    const error = await result
    expect(error).not.toBeInstanceOf(ApiTimeoutError)
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(getInFlightCount()).toBe(0)
  })
})
