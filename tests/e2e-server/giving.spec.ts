import { test, expect } from '@playwright/test'
import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, signIn } from '#tests/journeys/fixtures.ts'
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
 * Card donations on the real stack as `npm start` serves it: an anonymous donor in a browser of their own
 * gives on the campaign's public page and pays on the simulated provider's hosted checkout, whose signed
 * events reach the server's webhook; the club's chair, signed in with Firebase in another browser, sees the
 * donation arrive and gives it back.
 */
const campaign = seedCampaigns.runningEnabled
const club = seedClubs.volume

test('a donor pays 25 € on the public page; the club sees it on its dashboard, a declined card records nothing, a refund lowers the totals', async ({
  browser,
  baseURL,
}) => {
  const clubContext = await browser.newContext({ baseURL })
  const treasurer = await clubContext.newPage()
  await treasurer.goto('/login')
  await signIn(treasurer, accounts.user)
  await expect(treasurer).toHaveURL(/\/home/)
  await treasurer.goto(`/home?id=${club}`)
  await expect(donationList(treasurer).getByTestId('donation-row').first()).toBeVisible()
  const before = await donationTotals(treasurer)

  const donorContext = await browser.newContext({ baseURL })
  const donor = await donorContext.newPage()
  const name = `Erika Kartenspende ${Date.now().toString(36)}`
  await giveOnPublicPage(donor, campaign, { amount: '25', name, email: 'erika@example.at' }, CARDS.declined)
  await expect(donor.getByRole('alert')).toContainText('Ihre Karte wurde abgelehnt')
  await donor.getByLabel('Kartennummer').fill(CARDS.success)
  await donor.getByRole('button', { name: /bezahlen$/ }).click()
  await expectThanks(donor, campaign)
  await expect(donor.getByText(/€\s?25,00/).first()).toBeVisible()
  await donorContext.close()

  await treasurer.reload()
  const row = donationRowOf(treasurer, name)
  await expect(row).toBeVisible()
  await expect(row).toContainText(/€\s?25,00/)
  await expect(row).toContainText('Kunstrasenplatz')
  await expect(row).toContainText('bezahlt')
  // The declined attempt made nothing: exactly one donation of 25 € more.
  expect(await donationTotals(treasurer)).toEqual({ cents: before.cents + 2500, count: before.count + 1 })

  await refundFromList(treasurer, name, 'Doppelt gespendet')
  await expect.poll(async () => (await donationTotals(treasurer)).cents).toBe(before.cents)
  await clubContext.close()
})
