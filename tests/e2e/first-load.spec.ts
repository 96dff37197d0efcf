import type { Locator, Page } from '@playwright/test'
import { expect, setLatency, test } from '#tests/journeys/fixtures.ts'

/**
 * A full page load of a signed-in route with a slow backend shows the shell and a loading state
 * before the data arrives, never a blank page; a hung request neither keeps the overlay up forever nor
 * locks anybody in. Structure only: nothing here asserts a time (`npm run perf:first-load` prints figures).
 */
const CLUB = 'club-mv-hallein'

test.use({ signedInRole: 'user' })

/** Records, in the page, whether `#root` was ever empty once the document had been parsed. */
const watchRoot = (page: Page) =>
  page.addInitScript(() => {
    const state = { emptyAfterParse: false }
    ;(window as unknown as { __root: typeof state }).__root = state
    const check = () => {
      const root = document.getElementById('root')
      if (root && document.readyState !== 'loading' && !root.firstElementChild) state.emptyAfterParse = true
    }
    new MutationObserver(check).observe(document, { subtree: true, childList: true })
    document.addEventListener('DOMContentLoaded', check)
  })

test('with a slow backend, /home shows the shell and a loading state before its content', async ({ page }) => {
  await watchRoot(page)
  await page.goto(`/home?id=${CLUB}&mockDelay=3000`, { waitUntil: 'commit' })

  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible()
  await expect(page.getByTestId('page-pending').or(page.getByTestId('loading-overlay')).first()).toBeVisible()
  // The dashboard's data is not there yet: what shows is the shell around a loading state.
  await expect(page.locator('#verlauf')).toHaveCount(0)
  // No footer under the short outline, where it would jump down when the long screen arrives.
  await expect(page.getByRole('contentinfo')).toHaveCount(0)

  await expect(page.locator('#verlauf')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Musikverein Hallein')
  await expect(page.getByRole('contentinfo')).toBeAttached()
  expect(
    await page.evaluate(() => (window as unknown as { __root: { emptyAfterParse: boolean } }).__root.emptyAfterParse),
  ).toBe(false)
})

test('with a slow backend, the header shows the portal’s logo from an earlier visit, not the default mark', async ({
  page,
}) => {
  await page.goto('/')
  const logo = page.getByRole('banner').getByRole('link', { name: 'Vereinsportal' }).getByTestId('app-logo-image')
  await expect(logo).toHaveAttribute('src', /seed-files\/app-logo\.svg$/)

  // The next full load, while `GET applogo` waits for the backend with everything else.
  await page.goto('/home?mockDelay=60000', { waitUntil: 'commit' })
  await expect(page.getByTestId('page-pending')).toBeVisible()
  await expect(logo).toHaveAttribute('src', /seed-files\/app-logo\.svg$/)
  await expect(logo).toBeVisible()
})

/** The main navigation at each width: below 768 px it is folded into the "Menü" button. */
const NAVIGATION_WIDTHS = [
  { width: 1280, openNavigation: async (_nav: Locator) => undefined },
  { width: 375, openNavigation: (nav: Locator) => nav.getByRole('button', { name: 'Menü' }).click() },
]

for (const { width, openNavigation } of NAVIGATION_WIDTHS) {
  test(`"Abmelden" works while a request hangs (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/home?mockDelay=60000', { waitUntil: 'commit' })
    await expect(page.getByTestId('loading-overlay')).toBeVisible()
    // Requests from now on are answered at once; those already sent keep hanging.
    await setLatency(page, 0)

    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await openNavigation(nav)
    // A click the overlay intercepted would fail here.
    await nav.getByRole('button', { name: 'Abmelden' }).click()

    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    // Signing out cancelled the hung requests: nothing keeps the overlay up.
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0)
  })
}

test('a request without an answer ends in a German message with "Erneut versuchen", and the overlay goes', async ({
  page,
}) => {
  // `apiTimeout` shortens the client's 20 s (mocked build only), `mockDelay` makes the backend hang.
  await page.goto(`/club/${CLUB}/false?mockDelay=60000&apiTimeout=2500`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1, name: 'Keine Antwort vom Server' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(
    page.getByText('Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.'),
  ).toBeVisible()
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0)
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Abmelden' }),
  ).toBeVisible()

  // The backend answers again: the retry shows the screen.
  await setLatency(page, 0)
  await page.getByRole('button', { name: 'Erneut versuchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()
})
