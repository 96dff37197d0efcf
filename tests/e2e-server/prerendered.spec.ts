import { expect, test, type Page } from '@playwright/test'
import { accounts, SEED_PASSWORD, signIn } from '#tests/journeys/fixtures.ts'

/**
 * The public pages are rendered at build time (src/prerender.tsx): their content is in the HTML,
 * so it paints before any script runs, and the app then adopts that HTML (hydration) instead of drawing the
 * page again. Firebase loads only when a sign-in form is used.
 */

const PAGES = [
  { path: '/', heading: 'Willkommen im Vereinsportal' },
  { path: '/login', heading: 'Anmelden' },
  { path: '/register_organisation', heading: 'Verein registrieren' },
  { path: '/payment/return', heading: 'Zurück vom Zahlungsanbieter' },
  { path: '/success', heading: 'Geschafft!' },
]

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, heading } of PAGES) {
    test(`${path} shows its content from the HTML alone`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  }

  test('the sign-in form sent before the scripts run never puts the password into the address', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('E-Mail').fill('vorstand@sv-gruenbach.at')
    await page.getByLabel(/^Passwort/).fill('geheim-123')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    expect(page.url()).not.toContain('geheim')
  })
})

/**
 * Until the page's scripts and requests have settled. These tests assert what did *not* happen by then (no
 * hydration error, no Firebase, the prerendered element not replaced): no element says so.
 */
// eslint-disable-next-line playwright/no-networkidle -- nothing on the page marks "settled"; the network does
const settled = (page: Page) => page.waitForLoadState('networkidle')

/** Console warnings and errors of the page (a hydration that fails says so: main.tsx). */
const watchConsole = (page: Page) => {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text())
  })
  page.on('pageerror', (error) => messages.push(error.message))
  return messages
}

for (const { path, heading } of PAGES) {
  test(`${path}: the app adopts the prerendered page without drawing it again`, async ({ page }) => {
    const messages = watchConsole(page)
    await page.goto(path)
    // The element the HTML brought is the one on screen after the scripts ran (hydrated, not replaced).
    const first = await page.getByRole('heading', { level: 1, name: heading }).elementHandle()
    await settled(page)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    expect(await first.evaluate((element) => element.isConnected)).toBe(true)
    expect(await page.title()).toContain(heading === 'Geschafft!' ? 'Geschafft' : heading)
    await expect(page.locator('title')).toHaveCount(1)
    expect(messages.filter((text) => /prerender|hydrat|React error/i.test(text))).toEqual([])
  })
}

test('the start page hydrates with the default mark and then shows the uploaded logo', async ({ page }) => {
  const messages = watchConsole(page)
  await page.goto('/')
  // The demo seed has an app logo; the page was built without it (no backend at build time).
  await expect(page.getByRole('main').getByTestId('app-logo-image')).toBeVisible()
  expect(messages.filter((text) => /prerender|hydrat|React error/i.test(text))).toEqual([])
})

test('what a person types before the scripts have run is kept, and signs them in', async ({ page }) => {
  let release: () => void = () => undefined
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('E-Mail').fill(accounts.user)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(SEED_PASSWORD)
  release()
  await settled(page)
  await expect(page.getByLabel('E-Mail')).toHaveValue(accounts.user)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/home/)
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
})

test('a public page loads no Firebase until the sign-in form is used', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/login')
  await settled(page)
  expect(scripts.filter((url) => /firebase|index\.esm/i.test(url))).toEqual([])

  await page.getByLabel('E-Mail').click()
  await expect.poll(() => scripts.filter((url) => /firebase/i.test(url)).length).toBeGreaterThan(0)
})

test('a start page with a redirect is drawn afresh: its sign-in link carries the redirect on', async ({ page }) => {
  const messages = watchConsole(page)
  await page.goto('/?redirect=%2Fhome')
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsportal' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fhome',
  )
  await settled(page)
  await expect(page.locator('title')).toHaveCount(1)
  expect(messages.filter((text) => /prerender|hydrat|React error/i.test(text))).toEqual([])
})

test('a signed-in person on a prerendered page sees it as theirs once the session is restored', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, accounts.user, SEED_PASSWORD)
  await expect(page).toHaveURL(/\/home/)
  const messages = watchConsole(page)
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
  await settled(page)
  expect(messages.filter((text) => /prerender|hydrat|React error/i.test(text))).toEqual([])
})
