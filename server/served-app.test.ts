/**
 * The server serving the built app as production would (`npm start`, STATIC_DIR): the app's pages and
 * assets, caching, compression, no source maps, the security headers on every kind of answer, CORS and
 * the rate limits. A tiny build stands in for the real one (a fixture written per test file).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ApiResponse } from '#domain/operation.ts'
import type { EdgeConfig, HttpBackend } from './app.ts'
import type { ServerBackend } from './backend.ts'
import { serverControlPlane } from './control-plane.ts'
import { readContentSources } from './security-headers.ts'
import { buildEdgeApp } from './testing/test-app.ts'

const apps: FastifyInstance[] = []
let staticDir: string

const INDEX =
  '<!doctype html><html lang="de"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>'
// Large enough to be compressed (the threshold is 1 KiB).
const SCRIPT = `console.log(${JSON.stringify('Vereinsportal '.repeat(200))})\n`

beforeAll(() => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-static-'))
  mkdirSync(path.join(staticDir, 'assets'))
  mkdirSync(path.join(staticDir, 'legal'))
  writeFileSync(path.join(staticDir, 'index.html'), INDEX)
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), SCRIPT)
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js.map'), '{"version":3}')
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(path.join(staticDir, 'legal', 'impressum.html'), '<!doctype html><p>Impressum</p>')
  writeFileSync(path.join(staticDir, '.build-stamp.json'), '{}')
})

afterAll(() => rmSync(staticDir, { recursive: true, force: true }))

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

const serve = async (overrides: Partial<EdgeConfig> = {}, execute?: () => Promise<ApiResponse>) => {
  const config: Partial<EdgeConfig> = {
    requestTimeoutMs: 2_000,
    corsOrigins: ['https://portal.vereinsportal.at', 'http://localhost:8080', 'http://127.0.0.1:8080'],
    staticDir,
    contentSources: readContentSources({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }),
    rateLimits: { signInPerMinute: 1000, publicPerMinute: 1000 },
    ...overrides,
  }
  const backend: Partial<HttpBackend> = {
    domain: { execute: execute ?? (async (): Promise<ApiResponse> => ({ status: 200, body: [{ id: 'ct-1' }] })) },
    // The local identity's sign-in (its route is on): every attempt is refused.
    transact: async <T>() => ({ status: 400, body: { error: 'INVALID_CREDENTIALS' } }) as T,
  }
  const controlPlane = serverControlPlane({ ...backend, identity: 'local' } as ServerBackend, { testHooks: false })
  const app = await buildEdgeApp(backend, config, { controlPlane })
  apps.push(app)
  return app
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })

const problemOf = (answer: LightMyRequestResponse) => JSON.parse(answer.body) as { type: string; status: number }

const expectSecurityHeaders = (answer: LightMyRequestResponse) => {
  const csp = String(answer.headers['content-security-policy'])
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `))
  expect(directive('script-src')).toBe("script-src 'self'")
  expect(csp).not.toContain('unsafe-eval')
  expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'")
  expect(directive('object-src')).toBe("object-src 'none'")
  expect(directive('img-src')).toBe("img-src 'self' data: blob:")
  expect(directive('connect-src')).toBe(
    "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com http://127.0.0.1:9479",
  )
  expect(answer.headers['x-frame-options']).toBe('DENY')
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(answer.headers['permissions-policy']).toContain('camera=()')
  expect(answer.headers['permissions-policy']).toContain('microphone=()')
  expect(answer.headers['permissions-policy']).toContain('geolocation=()')
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin')
}

describe('the server serving the app', () => {
  it('answers every page of the app with index.html, revalidated on each load', async () => {
    const app = await serve()
    for (const url of ['/', '/home', '/club/x/profile', '/login?redirect=%2Fhome', '/acceptInvitation?token=abc']) {
      const answer = await get(app, url, { accept: 'text/html' })
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['content-type'], url).toContain('text/html')
      expect(answer.headers['cache-control'], url).toBe('no-cache')
      expect(answer.body, url).toBe(INDEX)
    }
    // A browser's address bar may hold a dotted segment; a script's fetch of a missing file does not get a page.
    expect((await get(app, '/users/anna@demo.at', { accept: 'text/html' })).body).toBe(INDEX)
    expect((await get(app, '/missing.js')).statusCode).toBe(404)
  })

  it('answers the public pages with their HTML rendered at build time, every other page with index.html', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-prerendered-'))
    try {
      mkdirSync(path.join(dir, 'prerendered', 'payment'), { recursive: true })
      writeFileSync(path.join(dir, 'index.html'), INDEX)
      const page = (name: string) => `<!doctype html><div id="root" data-prerendered="${name}"></div>`
      writeFileSync(path.join(dir, 'prerendered', 'index.html'), page('/'))
      writeFileSync(path.join(dir, 'prerendered', 'login.html'), page('/login'))
      writeFileSync(path.join(dir, 'prerendered', 'payment', 'return.html'), page('/payment/return'))
      const app = await serve({ staticDir: dir })
      const expected: Array<[string, string]> = [
        ['/', page('/')],
        ['/?redirect=%2Fhome', page('/')],
        ['/login', page('/login')],
        ['/login/', page('/login')],
        ['/login?redirect=%2Fhome', page('/login')],
        ['/payment/return?clubId=c-1', page('/payment/return')],
        ['/home', INDEX],
        ['/payment', INDEX],
      ]
      for (const [url, body] of expected) {
        const answer = await get(app, url, { accept: 'text/html' })
        expect(answer.statusCode, url).toBe(200)
        expect(answer.headers['cache-control'], url).toBe('no-cache')
        expect(answer.body, url).toBe(body)
      }
      // A prerendered form sent before the scripts ran: the page again by GET, the body never read.
      const sent = await app.inject({
        method: 'POST',
        url: '/login?redirect=%2Fhome',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=anna%40demo.at&password=geheim',
      })
      expect(sent.statusCode).toBe(303)
      expect(sent.headers.location).toBe('/login?redirect=%2Fhome')
      expect((await app.inject({ method: 'POST', url: '/home', payload: 'x=1' })).statusCode).toBe(404)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers every path of a page prerendered with a parameter with that page’s shell', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-prerendered-'))
    try {
      mkdirSync(path.join(dir, 'prerendered', 'spenden', '$campaignId'), { recursive: true })
      writeFileSync(path.join(dir, 'index.html'), INDEX)
      const page = (name: string) =>
        `<!doctype html><html lang="de"><head><title>Spenden · Vereinsportal</title></head><div id="root" data-prerendered="${name}"><p role="status">Die Kampagne wird geladen …</p></div></html>`
      writeFileSync(path.join(dir, 'prerendered', 'spenden', '$campaignId.html'), page('/spenden/$campaignId'))
      writeFileSync(
        path.join(dir, 'prerendered', 'spenden', '$campaignId', 'danke.html'),
        page('/spenden/$campaignId/danke'),
      )
      const app = await serve({ staticDir: dir })
      const expected: Array<[string, string]> = [
        ['/spenden/abc', page('/spenden/$campaignId')],
        ['/spenden/abc/', page('/spenden/$campaignId')],
        ['/spenden/cmp-gruenbach-kunstrasen?utm_source=mail', page('/spenden/$campaignId')],
        ['/spenden/abc/danke?checkout=co-1', page('/spenden/$campaignId/danke')],
        // Not the pages' paths: the app's outline, its router says what is there.
        ['/spenden', INDEX],
        ['/spenden/abc/danke/mehr', INDEX],
        ['/spenden/abc/anders', INDEX],
      ]
      for (const [url, body] of expected) {
        const answer = await get(app, url, { accept: 'text/html' })
        expect(answer.statusCode, url).toBe(200)
        expect(answer.headers['content-type'], url).toContain('text/html')
        expect(answer.headers['cache-control'], url).toBe('no-cache')
        expect(answer.body, url).toBe(body)
      }
      expect((await get(app, '/spenden/abc', { accept: 'text/html' })).body).toContain(
        '<title>Spenden · Vereinsportal</title>',
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('keeps the API, the hooks and health out of it: their 404s stay problems', async () => {
    const app = await serve()
    for (const url of ['/api/backend/v1/nope', '/api/nope', '/__mock/nope', '/healthz/x']) {
      const answer = await get(app, url, { accept: 'text/html' })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.headers['content-type'], url).toContain('application/problem+json')
      expect(problemOf(answer).type, url).toBe('https://vereinsportal.at/problems/not-found')
    }
    expect((await get(app, '/healthz')).json()).toEqual({ status: 'ok' })
    expect((await get(app, '/api/backend/v1/clubtypes/all')).statusCode).toBe(200)
  })

  it('caches hashed assets for a year, other files revalidated; a missing asset is a 404', async () => {
    const app = await serve()
    const asset = await get(app, '/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toContain('javascript')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.body).toBe(SCRIPT)
    const favicon = await get(app, '/favicon.svg')
    expect(favicon.headers['cache-control']).toBe('no-cache')
    expect((await get(app, '/legal/impressum.html')).body).toContain('Impressum')
    expect((await get(app, '/assets/index-gone.js', { accept: 'text/html' })).statusCode).toBe(404)
  })

  it('never serves source maps nor dotfiles', async () => {
    const app = await serve()
    for (const url of ['/assets/index-abc123.js.map', '/assets/INDEX-abc123.js.MAP', '/.build-stamp.json']) {
      const answer = await get(app, url, { accept: 'text/html' })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.body, url).not.toContain('"version":3')
    }
  })

  it('compresses with brotli or gzip when asked, pages, assets and API alike', async () => {
    const app = await serve({}, async () => ({
      status: 200,
      body: Array.from({ length: 100 }, (_, i) => ({ id: `ct-${i}`, name: 'Sportverein' })),
    }))
    const br = await get(app, '/assets/index-abc123.js', { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT)
    const gzip = await get(app, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const api = await get(app, '/api/backend/v1/clubtypes/all', { 'accept-encoding': 'gzip, deflate, br' })
    expect(api.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(api.rawPayload).toString())).toHaveLength(100)
    expect((await get(app, '/assets/index-abc123.js')).headers['content-encoding']).toBeUndefined()
  })

  it('sends the security headers on pages, assets, API answers and problems', async () => {
    const app = await serve()
    for (const url of [
      '/',
      '/login',
      '/assets/index-abc123.js',
      '/api/backend/v1/clubtypes/all',
      '/api/backend/v1/nope',
      '/healthz',
    ]) {
      const answer = await get(app, url)
      expectSecurityHeaders(answer)
      expect(answer.headers['strict-transport-security'], url).toBeUndefined()
    }
    // The CORS preflight too.
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/backend/v1/clubtypes/all',
      headers: { origin: 'https://portal.vereinsportal.at', 'access-control-request-method': 'GET' },
    })
    expectSecurityHeaders(preflight)
  })

  it('adds HSTS only over HTTPS, believing X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await serve()
    expect(
      (await get(direct, '/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
    ).toBeUndefined()
    const proxied = await serve({ trustProxy: true })
    for (const url of ['/', '/assets/index-abc123.js', '/api/backend/v1/nope']) {
      const answer = await get(proxied, url, { 'x-forwarded-proto': 'https' })
      expect(answer.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
    }
    expect((await get(proxied, '/')).headers['strict-transport-security']).toBeUndefined()
  })

  it('allows its own origin and the portal’s in the browser, never a reflected foreign one', async () => {
    const app = await serve()
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/backend/v1/club/createWithUser',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'https://portal.vereinsportal.at'])
      expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBe(origin)
    for (const origin of ['https://evil.example', 'http://localhost:8081', 'null']) {
      const answer = await preflight(origin)
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined()
      const simple = await get(app, '/api/backend/v1/clubtypes/all', { origin })
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined()
    }
  })

  it('serves only the API when no app is configured', async () => {
    const app = await serve({ staticDir: undefined })
    const answer = await get(app, '/home', { accept: 'text/html' })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expectSecurityHeaders(answer)
  })
})

describe('the rate limits', () => {
  const registration = (app: FastifyInstance, ip = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/backend/v1/club/createWithUser',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: ip,
    })

  it('answers 429 problem too-many-requests with Retry-After once a client is over the sign-in limit', async () => {
    const app = await serve({ rateLimits: { signInPerMinute: 3, publicPerMinute: 1000 } })
    for (let i = 0; i < 3; i++) expect((await registration(app)).statusCode).toBe(200)
    const refused = await registration(app)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(problemOf(refused)).toMatchObject({
      type: 'https://vereinsportal.at/problems/too-many-requests',
      title: 'Too Many Requests',
      status: 429,
      instance: '/api/backend/v1/club/createWithUser',
    })
    expectSecurityHeaders(refused)
    // One counter for registration, invitations and the local sign-in: they are one door.
    const invitation = await app.inject({
      method: 'POST',
      url: '/api/backend/v1/users/registerViaInvite?token=abc',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(invitation.statusCode).toBe(429)
    const signIn = await app.inject({
      method: 'POST',
      url: '/__mock/identity/signIn',
      payload: { email: 'a@b.at', password: 'x' },
    })
    expect(signIn.statusCode).toBe(429)
    // Another client is not affected; neither are other operations of the same client.
    expect((await registration(app, '10.0.0.7')).statusCode).toBe(200)
    expect((await get(app, '/api/backend/v1/clubtypes/all')).statusCode).toBe(200)
    expect((await get(app, '/')).statusCode).toBe(200)
  })

  it('limits the other public operations separately', async () => {
    const app = await serve({ rateLimits: { signInPerMinute: 1000, publicPerMinute: 2 } })
    expect((await get(app, '/api/backend/v1/clubtypes/all')).statusCode).toBe(200)
    expect((await get(app, '/api/backend/v1/country')).statusCode).toBe(200)
    const refused = await get(app, '/api/backend/v1/clubtypes/all')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await registration(app)).statusCode).toBe(200)
  })

  it('counts the registration’s ZVR check against the public limit, never against the registration’s own', async () => {
    const app = await serve({ rateLimits: { signInPerMinute: 1, publicPerMinute: 2 } })
    const zvrCheck = () => get(app, '/api/backend/v1/club/zvr-availability?zvr=4711')
    expect((await zvrCheck()).statusCode).toBe(200)
    expect((await zvrCheck()).statusCode).toBe(200)
    const refused = await zvrCheck()
    expect(refused.statusCode).toBe(429)
    expect(problemOf(refused)).toMatchObject({
      status: 429,
      type: 'https://vereinsportal.at/problems/too-many-requests',
    })
    // A person who corrected the number a few times can still register.
    expect((await registration(app)).statusCode).toBe(200)
  })

  it('does not count the local identity’s token refresh and look-up, nor signed-in operations', async () => {
    const app = await serve({ rateLimits: { signInPerMinute: 1, publicPerMinute: 1 } })
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'POST', url: '/__mock/identity/token', payload: {} })).statusCode).not.toBe(
        429,
      )
      expect((await app.inject({ method: 'POST', url: '/__mock/identity/lookup', payload: {} })).statusCode).not.toBe(
        429,
      )
      expect((await get(app, '/api/backend/v1/club')).statusCode).not.toBe(429)
    }
  })

  it('counts the client behind a trusted proxy by X-Forwarded-For, and never one it cannot trust', async () => {
    const proxied = await serve({ trustProxy: true, rateLimits: { signInPerMinute: 1, publicPerMinute: 1000 } })
    const from = (app: FastifyInstance, client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/backend/v1/club/createWithUser',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: '{}',
      })
    expect((await from(proxied, '203.0.113.1')).statusCode).toBe(200)
    expect((await from(proxied, '203.0.113.2')).statusCode).toBe(200)
    expect((await from(proxied, '203.0.113.1')).statusCode).toBe(429)
    const direct = await serve({ rateLimits: { signInPerMinute: 1, publicPerMinute: 1000 } })
    expect((await from(direct, '203.0.113.1')).statusCode).toBe(200)
    expect((await from(direct, '203.0.113.2')).statusCode).toBe(429)
  })

  it('switches a limit off with 0, and has none unless configured', async () => {
    for (const rateLimits of [{ signInPerMinute: 0, publicPerMinute: 0 }, undefined] satisfies Array<
      EdgeConfig['rateLimits']
    >) {
      const app = await serve({ rateLimits })
      for (let i = 0; i < 30; i++) expect((await registration(app)).statusCode).toBe(200)
    }
  })
})
