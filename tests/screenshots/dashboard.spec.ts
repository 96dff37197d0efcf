import { expect, test } from '#tests/journeys/fixtures.ts'
import { fillCampaign, saveWithoutAnswer } from '#tests/journeys/forms.ts'
import { inviteToClub, membersOf } from '#tests/journeys/members.ts'
import { holdToasts, shoot } from './shoot.ts'

/** Dashboards (a club's, an administrator's and staff's), the donation list, the campaign forms and the payment pages. */
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

  test('the members and their e-mail addresses on a phone', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const members = membersOf(page)
    await expect(members.getByRole('table')).toBeVisible()
    await shoot(page, 'dashboard-members', { element: members })
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

  test('a deactivated campaign inside its donation period: one status', async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-busfahrt`)
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status.getByText('Deaktiviert', { exact: true })).toBeVisible()
    await expect(status.getByText('Läuft')).toHaveCount(0)
    await shoot(page, 'campaign-edit-deactivated')
    await page.goto(`/home?id=${VOLUME}`)
    const campaigns = page.getByRole('region', { name: 'Kampagnen' })
    await expect(campaigns.getByTestId('campaign-item').first()).toBeVisible()
    await shoot(page, 'dashboard-campaigns', { element: campaigns })
  })

  test('a campaign save without an answer', async ({ page }) => {
    await page.clock.install()
    await page.goto(`/campaign/${VOLUME}`)
    await fillCampaign(page)
    const submit = page.getByRole('button', { name: 'Kampagne anlegen' })
    await saveWithoutAnswer(page, submit)
    await expect(page.getByText('Die Verbindung zum Server ist fehlgeschlagen', { exact: false })).toBeVisible()
    await holdToasts(page)
    await shoot(page, 'campaign-create-connection-failed', { capture: 'window', focus: submit })
  })

  test('an invitation sent: the form is empty again, the role too', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    await inviteToClub(page, 'neue.kassierin@example.at', 'Kassier/in')
    const form = page.getByRole('form', { name: 'Person einladen' })
    await expect(form.getByLabel('Rolle im Verein')).toHaveValue('')
    await shoot(page, 'dashboard-members-invited', { element: membersOf(page) })
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

  test('dashboard without own clubs: the clubs awaiting release, and the club picker', async ({ page }) => {
    await page.goto('/home')
    await expect(
      page.getByRole('region', { name: 'Warten auf Ihre Freigabe' }).getByRole('list', { name: 'Wartende Vereine' }),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Verein auswählen' }).getByRole('link').first()).toBeVisible()
    await shoot(page, 'dashboard-admin')
  })
})

test.describe('as staff', () => {
  test.use({ signedInRole: 'staff' })

  test('dashboard: every club to read', async ({ page }) => {
    await page.goto('/home')
    await expect(page.getByText(/Als Mitarbeiter\/in sehen Sie alle Vereine/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Verein auswählen' }).getByRole('link').first()).toBeVisible()
    await shoot(page, 'dashboard-staff')
  })
})
