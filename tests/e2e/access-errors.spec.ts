import { expect, test } from '#tests/journeys/fixtures.ts'

/**
 * Errors a person can act on. Another club's pages say "Kein Zugriff", an unknown club
 * "Nicht gefunden"; neither offers a retry that cannot help, and the campaign form is not offered.
 */
const OTHER_CLUB = 'club-su-leoben'
const UNKNOWN_CLUB = 'club-gibt-es-nicht'

test.use({ signedInRole: 'user' })

test('another club’s data page says "Kein Zugriff"', async ({ page }) => {
  await page.goto(`/club/${OTHER_CLUB}/false`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kein Zugriff')
  await expect(page.getByText(/nicht beantwortet/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Zur Übersicht' }).click()
  await expect(page).toHaveURL(/\/home/)
})

test('another club’s campaign form is not offered: "Kein Zugriff"', async ({ page }) => {
  await page.goto(`/campaign/${OTHER_CLUB}`)
  await expect(page.getByRole('alert')).toContainText('Kein Zugriff')
  await expect(page.getByLabel(/^Name der Kampagne/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0)
})

test('an unknown club says "Nicht gefunden"', async ({ page }) => {
  await page.goto(`/club/${UNKNOWN_CLUB}/false`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nicht gefunden')
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0)

  await page.goto(`/campaign/${UNKNOWN_CLUB}`)
  await expect(page.getByRole('alert')).toContainText('Nicht gefunden')
  await expect(page.getByLabel(/^Name der Kampagne/)).toHaveCount(0)
})
