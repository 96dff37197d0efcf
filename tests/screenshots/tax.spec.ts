import { seedCampaigns, seedTax } from '#adapters/demo-seed/seed-accounts.ts'
import { switchAccount } from '#tests/journeys/account.ts'
import { openVolumeClubProfile, VOLUME_CLUB } from '#tests/journeys/bank-details.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { shoot } from './shoot.ts'

/**
 * Donations that count for tax: the donor's consent on the public page and its withdrawal page, the
 * club's "Spendenbegünstigung" in its profile with a change waiting, the administrator's confirmation, and
 * the treasurer's "Steuer" screen with last year's donors.
 */
test('the donor consents, the club enters its status, the administrator confirms, the treasurer transmits', async ({
  page,
  signedInAs,
}) => {
  await page.goto(`/spenden/${seedCampaigns.runningEnabled}`)
  await page.getByRole('radio', { name: 'Als Privatperson absetzen' }).check()
  await page.getByLabel('Vorname').fill('Erika')
  await page.getByLabel('Nachname').fill('Muster')
  await shoot(page, 'tax-donation-consent')

  await page.goto(`/steuer-einwilligung/${seedTax.consentId}`)
  await expect(page.getByRole('button', { name: 'Einwilligung widerrufen' })).toBeVisible()
  await shoot(page, 'tax-consent-page')

  await signedInAs('user')
  await openVolumeClubProfile(page)
  const section = page.getByRole('region', { name: 'Spendenbegünstigung' })
  await section.getByLabel('Registrierungsnummer (BMF-Liste)').fill('SO 4712')
  await section.getByRole('button', { name: 'Spendenbegünstigung speichern' }).click()
  await expect(section.getByText('Änderung wartet auf Bestätigung')).toBeVisible()
  await shoot(page, 'tax-profile-section', { element: section })

  await page.goto(`/steuer/${VOLUME_CLUB.id}`)
  await expect(page.getByRole('heading', { name: /^Spender:innen \d{4}$/ })).toBeVisible()
  await shoot(page, 'tax-screen')

  await switchAccount(page, 'admin@demo.at')
  await page.goto(`/admin?status=ACTIVE&clubType=${VOLUME_CLUB.clubType}`)
  const card = page.getByRole('article', { name: VOLUME_CLUB.name })
  await card.getByRole('button', { name: `Spendenbegünstigung (${VOLUME_CLUB.name})` }).click()
  await expect(card.getByRole('button', { name: `Spendenbegünstigung bestätigen (${VOLUME_CLUB.name})` })).toBeVisible()
  await shoot(page, 'tax-admin-confirm', { element: card })
})
