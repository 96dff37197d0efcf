import { test, expect } from '@playwright/test'
import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, signIn } from '#tests/journeys/fixtures.ts'
import { CARDS, expectThanks, giveOnPublicPage } from '#tests/journeys/giving.ts'
import { transmitYear, vbpkFor } from '#tests/journeys/tax.ts'
import { transmissionSchemaErrors } from '#tests/utils/transmission-schema.ts'

/**
 * Donations that count for tax on the real stack as `npm start` serves it: a donor in a browser of their
 * own gives with the data for the tax office and consents; the server's clock is moved into the next year
 * (`PUT /__mock/clock`, the test hooks); the club's treasurer, signed in with Firebase, queries the vbPK,
 * downloads the year's file, which is valid against the BMF's schema and holds the donor, and imports the
 * tax office's protocol.
 */
const campaign = seedCampaigns.runningEnabled
const club = seedClubs.volume

test('a donor consents on the public page; in January the treasurer transmits the year and it holds the donor', async ({
  browser,
  baseURL,
  request,
}) => {
  const year = new Date().getFullYear()
  const lastName = `Steuer${Date.now().toString(36)}`
  const donorContext = await browser.newContext({ baseURL })
  const donor = await donorContext.newPage()
  await donor.goto(`/spenden/${campaign}`)
  await expect(donor.getByText('Ihre Spende ist steuerlich absetzbar')).toBeVisible()
  await giveOnPublicPage(
    donor,
    campaign,
    {
      amount: '40',
      name: `Erika ${lastName}`,
      email: 'erika.steuer@example.at',
      tax: { firstName: 'Erika', lastName, birthDate: '1980-05-17', untilWithdrawn: false },
    },
    CARDS.success,
  )
  await expectThanks(donor, campaign)
  await donorContext.close()

  const moved = await request.put('/__mock/clock', { data: { now: `${year + 1}-01-15T09:00:00Z` } })
  expect(moved.status()).toBe(200)
  try {
    const clubContext = await browser.newContext({ baseURL })
    const treasurer = await clubContext.newPage()
    await treasurer.goto('/login')
    await signIn(treasurer, accounts.user)
    await expect(treasurer).toHaveURL(/\/home/)
    const { query, file } = await transmitYear(treasurer, club, year)
    expect(query.text).toMatch(new RegExp(`^\\d+;${lastName};Erika;1980-05-17$`, 'm'))
    expect(transmissionSchemaErrors(file.text)).toBeNull()
    expect(file.text).toContain(`<Zeitraum>${year}</Zeitraum>`)
    expect(file.text).toMatch(/Uebermittlungs_Typ="E">\s*<RefNr>SP-\d+<\/RefNr>\s*<Betrag>40\.00<\/Betrag>/)
    expect(file.text).toContain(`<vbPK>${vbpkFor(`${lastName}Erika`)}</vbPK>`)
    await expect(treasurer.getByRole('row', { name: new RegExp(`^Jahr ${year} anzeigen`) })).toContainText(
      'übermittelt',
    )
    await clubContext.close()
  } finally {
    await request.put('/__mock/clock', { data: { now: null } })
  }
})
