import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { CARDS, expectThanks, giveOnPublicPage } from '#tests/journeys/giving.ts'
import { transmitYear, vbpkFor } from '#tests/journeys/tax.ts'
import { transmissionSchemaErrors } from '#tests/utils/transmission-schema.ts'

/**
 * Donations that count for tax in the mocked mode: a donor gives with the data for the tax office and
 * consents; with the clock moved into the next year (the mocked backend runs in the page, on the page's
 * clock) the treasurer queries the vbPK, downloads the year's file, which is valid against the BMF's
 * schema and holds the donor, and imports the tax office's protocol.
 */
const campaign = seedCampaigns.runningEnabled
const club = seedClubs.volume

test.use({ signedInRole: 'user' })

test('a donor consents on the public page; in January the treasurer transmits the year and it holds the donor', async ({
  page,
}) => {
  await page.clock.install()
  const year = new Date().getFullYear()
  await page.goto(`/spenden/${campaign}`)
  await expect(page.getByText('Ihre Spende ist steuerlich absetzbar')).toBeVisible()
  await giveOnPublicPage(
    page,
    campaign,
    {
      amount: '40',
      name: 'Erika Steuerlich',
      email: 'erika.steuerlich@example.at',
      tax: { firstName: 'Erika', lastName: 'Steuerlich', birthDate: '1980-05-17', untilWithdrawn: true },
    },
    CARDS.success,
  )
  await expectThanks(page, campaign)

  await page.clock.setSystemTime(new Date(`${year + 1}-01-15T10:00:00+01:00`))
  const { query, file } = await transmitYear(page, club, year)
  expect(query.text).toMatch(/^\d+;Steuerlich;Erika;1980-05-17$/m)
  expect(transmissionSchemaErrors(file.text)).toBeNull()
  expect(file.text).toContain(`<Zeitraum>${year}</Zeitraum>`)
  expect(file.text).toMatch(/Uebermittlungs_Typ="E">\s*<RefNr>SP-\d+<\/RefNr>\s*<Betrag>40\.00<\/Betrag>/)
  expect(file.text).toContain(`<vbPK>${vbpkFor('SteuerlichErika')}</vbPK>`)
  const row = page.getByRole('row', { name: new RegExp(`^Jahr ${year} anzeigen`) })
  await expect(row).toContainText('übermittelt')
})
