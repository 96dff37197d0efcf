import AxeBuilder from '@axe-core/playwright'
import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import {
  CARDS,
  donationList,
  donationRowOf,
  donationTotals,
  expectThanks,
  giveOnPublicPage,
  refundFromList,
} from '#tests/journeys/giving.ts'

/**
 * Card donations in the mocked mode: a donor gives on the campaign's public page and pays on the simulated
 * provider's checkout; the club sees the donation on its dashboard and can give it back. The mocked backend
 * lives in the browser, so the donor and the club's treasurer share one browser here (the real stack's
 * journey, tests/e2e-server/giving.spec.ts, uses two).
 */
const campaign = seedCampaigns.runningEnabled
const club = seedClubs.volume

test.use({ signedInRole: 'user' })

test('a donation paid on the public page arrives on the dashboard, a declined card records nothing, a refund lowers the totals', async ({
  page,
}) => {
  await page.goto(`/home?id=${club}`)
  await expect(donationList(page).getByTestId('donation-row').first()).toBeVisible()
  const before = await donationTotals(page)

  const donor = `Erika Kartenspende ${Date.now().toString(36)}`
  await giveOnPublicPage(page, campaign, { amount: '25', name: null, email: 'anonym@example.at' }, CARDS.declined)
  await expect(page.getByRole('alert')).toContainText('Ihre Karte wurde abgelehnt')
  await expect(page.getByLabel('Kartennummer')).toHaveAttribute('aria-invalid', 'true')

  await giveOnPublicPage(page, campaign, { amount: '25', name: donor, email: 'erika@example.at' }, CARDS.success)
  await expectThanks(page, campaign)
  await expect(page.getByText(/€\s?25,00/).first()).toBeVisible()

  await page.goto(`/home?id=${club}`)
  const row = donationRowOf(page, donor)
  await expect(row).toBeVisible()
  await expect(row).toContainText(/€\s?25,00/)
  await expect(row).toContainText('Kunstrasenplatz')
  await expect(row).toContainText('bezahlt')
  // The declined card made nothing: exactly one more donation, 25 € more.
  expect(await donationTotals(page)).toEqual({ cents: before.cents + 2500, count: before.count + 1 })

  await refundFromList(page, donor, 'Doppelt gespendet')
  await expect.poll(async () => (await donationTotals(page)).cents).toBe(before.cents)
})

test('the public donation page is accessible and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/spenden/${campaign}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Weiter zur Zahlung' })).toBeVisible()
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(scroll).toBe(0)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations).toEqual([])
})

test('a campaign that takes no donations says why and starts no checkout', async ({ page }) => {
  await page.goto(`/spenden/${seedCampaigns.runningDisabled}`)
  await expect(page.getByText('Diese Kampagne nimmt derzeit keine Spenden an')).toBeVisible()
  await expect(page.getByText('Der Verein hat die Kampagne vorübergehend pausiert.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Weiter zur Zahlung' })).toHaveCount(0)
})
