import { expect, test } from '#tests/journeys/fixtures.ts'
import { acceptTermsAndFinish, field, fillRegistrationUpToTerms } from '#tests/journeys/forms.ts'
import { halleinAgain, seedHallein } from '#tests/journeys/seed-clubs.ts'
import { shoot } from './shoot.ts'

/** A second "Musikverein Hallein": its ZVR number refused, then the warning about its name. */

test('a registered ZVR number, said on leaving the field', async ({ page }) => {
  const hallein = seedHallein()
  await page.goto('/register_organisation')
  await field(page, 'Name des Vereins').fill(hallein.name)
  await field(page, 'ZVR-Zahl').fill(hallein.zvr)
  await field(page, 'ZVR-Zahl').press('Tab')
  await expect(page.getByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeVisible()
  await shoot(page, 'registration-zvr-taken')
})

test('a club of the same name in the same postal code', async ({ page }) => {
  await page.goto('/register_organisation')
  await fillRegistrationUpToTerms(page, { ...halleinAgain(), zvr: '4711' })
  await acceptTermsAndFinish(page)
  const dialog = page.getByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
  await expect(dialog).toBeVisible()
  await shoot(page, 'registration-possible-duplicate', { capture: 'window' })
})
