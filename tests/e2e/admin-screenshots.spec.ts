import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './fixtures'

/**
 * The screenshot review of issue 6: every screen of the administration, the user administration and the
 * public start, success and payment pages at 1280 px and 375 px, written to docs/screenshots/.
 */
const DIR = 'docs/screenshots'
const WIDTHS = [1280, 375] as const

/** Whole pages; dialogs as the person sees them (a full-page capture would pin them to the top of a long page). */
const shoot = async (page: Page, name: string, { fullPage = true } = {}) => {
  mkdirSync(DIR, { recursive: true })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    // Let the layout settle (fonts, lazy images) before the picture.
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('status', { name: /Wird geladen/ })).toHaveCount(0)
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage })
  }
}

const asAdmin = async (page: Page) => {
  await page.goto('/login')
  await signIn(page, 'admin@demo.at')
  await expect(page).toHaveURL(/\/home/)
}

test.describe('screenshots', () => {
  // Two widths of every screen, each a full-page capture after the page settled.
  test.slow()

  test('public pages', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsportal' })).toBeVisible()
    await shoot(page, 'start')
    await page.goto('/?redirect=%2Fadmin')
    await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
    await shoot(page, 'start-redirect')
    await page.goto('/success?from=registration')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await shoot(page, 'success-registration')
    await page.goto('/success?from=payment')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await shoot(page, 'success-payment')
    await page.goto('/payment?clubId=club-mv-hallein')
    await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
    await shoot(page, 'payment-signed-out')
  })

  test('payment pages', async ({ page }) => {
    await page.goto('/login')
    await signIn(page, 'verein@demo.at')
    await expect(page).toHaveURL(/\/home/)
    await page.goto('/payment?clubId=club-mv-hallein')
    await expect(page.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' })).toBeVisible()
    await shoot(page, 'payment')
    await page.goto('/payment/return?clubId=club-mv-hallein')
    await expect(page.getByText('Die Einrichtung ist noch nicht abgeschlossen.')).toBeVisible()
    await shoot(page, 'payment-return')
    await page.goto('/payment/return?clubId=club-sv-gruenbach')
    await expect(page.getByText('Die Einrichtung ist abgeschlossen.')).toBeVisible()
    await shoot(page, 'payment-return-complete')
  })

  test('administration', async ({ page }) => {
    await asAdmin(page)
    await page.goto('/admin')
    await expect(page.getByRole('list', { name: 'Vereine' })).toBeVisible()
    await shoot(page, 'admin-release')
    await page.goto('/admin?status=PROCESSING')
    await expect(page.getByRole('article', { name: 'Sportunion Leoben' })).toBeVisible()
    await page.getByRole('article', { name: 'Sportunion Leoben' }).locator('summary').click()
    await shoot(page, 'admin-release-processing')
    await page.goto('/admin?tab=types')
    await expect(page.getByRole('list', { name: 'Vereinsarten' })).toBeVisible()
    await shoot(page, 'admin-types')
    await page.goto('/admin?tab=roles')
    await expect(page.getByRole('list', { name: 'Vereinsrollen' })).toBeVisible()
    await shoot(page, 'admin-roles')
    await page.goto('/admin?tab=logo')
    await expect(page.getByText('vereinsportal-logo.svg')).toBeVisible()
    await shoot(page, 'admin-logo')

    await page.goto('/admin?status=ACTIVE&clubType=ct-musikverein')
    const hallein = page.getByRole('article', { name: 'Musikverein Hallein' })
    await hallein.getByRole('button', { name: 'Zahlungskonto von Musikverein Hallein deaktivieren' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'admin-payment-reject-dialog', { fullPage: false })
  })

  test('user administration', async ({ page }) => {
    await asAdmin(page)
    await page.goto('/users')
    await expect(page.getByRole('table', { name: 'Benutzer' })).toBeVisible()
    await shoot(page, 'users')
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click()
    await page
      .getByRole('dialog', { name: 'Benutzer anlegen' })
      .getByRole('button', { name: 'Benutzer anlegen' })
      .click()
    await expect(page.getByText('Bitte geben Sie den Vornamen ein.')).toBeVisible()
    await shoot(page, 'users-create-dialog', { fullPage: false })
  })
})
