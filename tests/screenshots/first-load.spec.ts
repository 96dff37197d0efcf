import { expect, test } from '#tests/journeys/fixtures.ts'
import { shoot } from './shoot.ts'

/** The first load with a slow backend (shell, the portal's logo and a loading state), and "Kein Zugriff". */
test.describe('as representative of two clubs', () => {
  test.use({ signedInRole: 'user' })

  test('first load of /home while the backend is slow: the shell and a loading state', async ({ page }) => {
    // Signed in, this person has seen the portal before: its logo is known from then.
    await page.goto('/')
    const logo = page.getByRole('banner').getByTestId('app-logo-image')
    await expect(logo).toBeVisible()
    // The backend holds every answer for a minute: the picture shows what a person sees meanwhile.
    await page.goto('/home?mockDelay=60000', { waitUntil: 'commit' })
    // The portal's logo, not the default mark, while everything else waits.
    await expect(logo).toHaveAttribute('src', /seed-files\/app-logo\.svg$/)
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Abmelden' }),
    ).toBeVisible()
    await expect(page.getByTestId('page-pending')).toBeVisible()
    await expect(page.getByTestId('loading-overlay')).toBeVisible()
    await shoot(page, 'first-load-slow-backend', { capture: 'window', settled: false })
  })

  test('another club’s page: "Kein Zugriff"', async ({ page }) => {
    await page.goto('/club/club-su-leoben/false')
    await expect(page.getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible()
    await shoot(page, 'error-kein-zugriff', { capture: 'window' })
  })
})
