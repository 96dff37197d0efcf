import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@mocks/node'
import { ApiError, apiFetch, BACKEND_HOSTS, configureApiAuth, getInFlightCount, resolveBackendOrigin, subscribeInFlight } from './client'

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
    expect(resolveBackendOrigin(at('portal.vereinsportal.at'), { mocked: true })).toBe('https://portal.vereinsportal.at')
    expect(resolveBackendOrigin(at('preview.example.org'), { mocked: false })).toBe('https://preview.example.org')
  })

  it('lets VITE_API_BASE_URL override everything', () => {
    expect(resolveBackendOrigin(at('localhost'), { mocked: true, apiBaseUrl: 'https://staging.example.org/' })).toBe(
      'https://staging.example.org',
    )
  })
})

describe('apiFetch', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined
    server.use(
      http.post(probe, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), body: await request.json() }
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
    server.use(http.get(probe, () => HttpResponse.json(problem, { status, headers: { 'Content-Type': 'application/problem+json' } })))

    const error = await apiFetch('/probe').catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, statusText: name, body: problem })
    expect((error as ApiError).url).toMatch(/\/api\/backend\/v1\/probe$/)
    expect((error as ApiError).kind).toBe('user-exists')
  })

  it('after a 401 refreshes the token once and retries', async () => {
    const tokens: Array<string | null> = []
    server.use(
      http.get(probe, ({ request }) => {
        tokens.push(request.headers.get('authorization'))
        return request.headers.get('authorization') === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 }, { status: 401 })
      }),
    )
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async (force) => (force ? 'fresh' : 'stale'), onSessionExpired })

    await expect(apiFetch('/probe')).resolves.toEqual({ ok: true })
    expect(tokens).toEqual(['Bearer stale', 'Bearer fresh'])
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('ends the session when the fresh token is refused too', async () => {
    server.use(http.get(probe, () => HttpResponse.json({ type: 'x', title: 'Unauthorized', status: 401 }, { status: 401 })))
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async () => 'token', onSessionExpired })

    await expect(apiFetch('/probe')).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).toHaveBeenCalledOnce()
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
