import { expect, test } from '#tests/journeys/fixtures.ts'
import { shoot } from './shoot.ts'

/** Dashboards, the donation list, the campaign forms and the payment pages. */
const VOLUME = 'club-sv-gruenbach'

test.describe('as representative of two clubs', () => {
  test.use({ signedInRole: 'user' })

  test('dashboard of the 10 000-donation club and its donation list', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    await expect(page.getByTestId('donation-chart').locator('svg .recharts-bar-rectangle').first()).toBeVisible()
    await expect(page.getByTestId('donation-row').first()).toBeVisible()
    await shoot(page, 'dashboard-verein')
    await shoot(page, 'donations-list', { element: page.getByRole('region', { name: 'Spenden', exact: true }) })
  })

  test('the donation list’s pager in a 320 px window', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const pager = page.getByRole('region', { name: 'Spenden', exact: true }).getByRole('navigation', {
      name: 'Seitennavigation',
    })
    await expect(pager.getByRole('button', { name: 'Weiter' })).toBeVisible()
    // Arrows below 640 px (the words stay for screen readers): the page does not scroll sideways.
    await shoot(page, 'pager-reflow', { capture: 'window', focus: pager, widths: [320] })
  })

  test('campaign forms', async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Kampagne anlegen' })).toBeVisible()
    await shoot(page, 'campaign-create')
    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()
    await expect(page.getByText('Bitte füllen Sie alle Felder aus')).toBeVisible()
    await shoot(page, 'campaign-create-errors')
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    await expect(page.getByTestId('donation-row').first()).toBeVisible()
    await shoot(page, 'campaign-edit')
  })

  test('the open card-payment setup on the dashboard, and an empty chart', async ({ page }) => {
    await page.goto('/home?id=club-mv-hallein')
    const overview = page.getByRole('region', { name: 'Vereinsübersicht' })
    await expect(overview.getByRole('button', { name: 'Kartenzahlung einrichten' })).toBeVisible()
    await shoot(page, 'dashboard-payment-badge', { element: overview })
    // A year before the first donation: one "€ 0" on the amount axis.
    await page.goto(`/home?id=${VOLUME}&cGroup=MONTH&cFrom=2001-01-01&cTo=2001-12-31`)
    await expect(page.getByTestId('chart-summary')).toContainText('sind keine Spenden eingegangen')
    await expect(page.getByTestId('donation-chart').locator('.recharts-yAxis-tick-labels')).toHaveCount(1)
    await shoot(page, 'dashboard-chart-empty', { element: page.getByRole('region', { name: 'Spendenverlauf' }) })
  })

  test('payment pages', async ({ page }) => {
    await page.goto('/payment?clubId=club-mv-hallein')
    await expect(page.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kartenzahlung für Musikverein Hallein einrichten' }),
    ).toBeVisible()
    await shoot(page, 'payment')
    await page.goto('/payment/return?clubId=club-mv-hallein')
    await expect(page.getByText('Die Einrichtung ist noch nicht abgeschlossen.')).toBeVisible()
    await shoot(page, 'payment-return')
    await page.goto('/payment/return?clubId=club-sv-gruenbach')
    await expect(page.getByText('Die Einrichtung ist abgeschlossen.')).toBeVisible()
    await expect(page.getByText(/Die Kartenzahlung für SV Grünbach 1923 ist eingerichtet/)).toBeVisible()
    await shoot(page, 'payment-return-complete')
    await page.goto('/success?from=payment&clubId=club-sv-gruenbach')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kartenzahlung für SV Grünbach 1923 eingerichtet' }),
    ).toBeVisible()
    await shoot(page, 'success-payment-club')
  })
})

test.describe('as representative of an incomplete club', () => {
  test.use({ signedInRole: 'newUser' })

  test('dashboard', async ({ page }) => {
    await page.goto('/home')
    await expect(page.getByText('Ihr Vereinsprofil ist noch nicht vollständig')).toBeVisible()
    await shoot(page, 'dashboard-neu')
  })
})

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('dashboard without own clubs', async ({ page }) => {
    await page.goto('/home')
    await expect(page.getByRole('region', { name: 'Verein auswählen' }).getByRole('link').first()).toBeVisible()
    await shoot(page, 'dashboard-admin')
  })
})
