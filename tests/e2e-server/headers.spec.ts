import { expect, test, type APIResponse, type Page } from '@playwright/test'

/**
 * What `npm start`'s server sends with the app, its assets and the API (server/security-headers.ts,
 * server/static.ts): the security headers on every answer, caching, compression, no source maps, and a
 * start page and sign-in page that load without a single Content-Security-Policy violation.
 */

const FIREBASE_AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  )

const expectSecurityHeaders = (response: APIResponse, what: string) => {
  const headers = response.headers()
  const csp = directives(headers['content-security-policy'] ?? '')
  expect(csp.get('script-src'), what).toEqual(["'self'"])
  expect(csp.get('default-src'), what).toEqual(["'self'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"])
  expect(csp.get('img-src'), what).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']))
  expect(csp.get('connect-src'), what).toEqual(expect.arrayContaining(["'self'", ...FIREBASE_AUTH]))
  expect(headers['content-security-policy'], what).not.toMatch(/unsafe-eval/)
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\)/)
  expect(headers['permissions-policy'], what).toMatch(/microphone=\(\)/)
  expect(headers['permissions-policy'], what).toMatch(/geolocation=\(\)/)
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin')
  // Served over plain HTTP here: HSTS only ever comes over HTTPS.
  expect(headers['strict-transport-security'], what).toBeUndefined()
}

/** The entry script the build's index.html loads. */
const entryScript = async (response: APIResponse) => {
  const match = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await response.text())
  expect(match, 'index.html loads a hashed script from /assets/').not.toBeNull()
  return match![1]!
}

test('the start page, the sign-in page, an asset and the API carry the security headers', async ({ request }) => {
  const start = await request.get('/')
  expect(start.status()).toBe(200)
  expect(start.headers()['cache-control']).toBe('no-cache')
  expect(start.headers()['content-type']).toContain('text/html')
  expectSecurityHeaders(start, '/')
  // No inline script in the page (script-src has no 'unsafe-inline').
  expect(await start.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)

  const login = await request.get('/login')
  expect(login.status()).toBe(200)
  expect(login.headers()['cache-control']).toBe('no-cache')
  expect(await login.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  expectSecurityHeaders(login, '/login')

  const deep = await request.get('/club/club-sv-gruenbach/profile', { headers: { accept: 'text/html' } })
  expect(deep.status()).toBe(200)
  expect(deep.headers()['content-type']).toContain('text/html')

  const script = await entryScript(start)
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(asset.status()).toBe(200)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-encoding']).toBe('br')
  expectSecurityHeaders(asset, script)

  const api = await request.get('/api/backend/v1/country')
  expect(api.status()).toBe(200)
  expectSecurityHeaders(api, 'GET /api/backend/v1/country')

  const missing = await request.get('/api/backend/v1/nope', { headers: { accept: 'text/html' } })
  expect(missing.status()).toBe(404)
  expect(missing.headers()['content-type']).toContain('application/problem+json')
  expectSecurityHeaders(missing, 'a 404 problem')

  expect((await request.get(`${script}.map`)).status()).toBe(404)
})

test('never reflects a foreign origin', async ({ request, baseURL }) => {
  const own = new URL(baseURL!).origin
  const allowed = await request.get('/api/backend/v1/country', { headers: { origin: own } })
  expect(allowed.headers()['access-control-allow-origin']).toBe(own)
  const foreign = await request.get('/api/backend/v1/country', { headers: { origin: 'https://evil.example' } })
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined()
})

/** Records CSP violations (as events and as Chromium's console errors) and page errors. */
const watch = async (page: Page) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  await page.exposeFunction('__reportCspViolation', (line: string) => problems.push(`violation: ${line}`))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation
      void report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  return problems
}

test('the start page and the sign-in page render without a CSP violation', async ({ page }) => {
  const problems = await watch(page)
  await page.goto('/')
  await expect(page.getByRole('link', { name: /anmelden/i }).first()).toBeVisible()
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible()
  // Let the Firebase SDK start against the emulator (it loads when the form is first used).
  await page.getByLabel('E-Mail').focus()
  // eslint-disable-next-line playwright/no-networkidle -- the test asserts that nothing was refused once the SDK has started, and no element says it has: the requests settling does
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
})
