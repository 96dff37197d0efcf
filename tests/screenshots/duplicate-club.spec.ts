import { expect, test } from '#tests/journeys/fixtures.ts'
import {
  acceptTermsAndFinish,
  continueToTerms,
  field,
  fillRegistrationUpToTerms,
  stepHeading,
} from '#tests/journeys/forms.ts'
import { halleinAgain } from '#tests/journeys/seed-clubs.ts'
import { shoot } from './shoot.ts'

/** A second "Musikverein Hallein": its ZVR number refused, then the warning about its name. */

test('a registered ZVR number, then a club of the same name in the same postal code', async ({ page }) => {
  await page.goto('/register_organisation')
  await fillRegistrationUpToTerms(page, halleinAgain())
  await acceptTermsAndFinish(page)
  await expect(stepHeading(page, 'Vereinsdaten')).toBeVisible()
  await expect(page.getByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeVisible()
  await shoot(page, 'registration-zvr-taken')

  await field(page, 'ZVR-Zahl').fill('4711')
  await continueToTerms(page)
  await page.getByRole('button', { name: 'Abschließen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
  await expect(dialog).toBeVisible()
  await shoot(page, 'registration-possible-duplicate', { capture: 'window' })
})
