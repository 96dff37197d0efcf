import { expect, test } from '#tests/e2e/fixtures.ts'
import { field, fillRegistrationUpToTerms, nextStep, stepHeading } from '#tests/e2e/forms.ts'
import { seedHallein } from '#tests/e2e/seed-clubs.ts'
import { shoot } from './shoot.ts'

/** Issue 11: a second "Musikverein Hallein": its ZVR number refused, then the warning about its name. */

test('a registered ZVR number, then a club of the same name in the same postal code', async ({ page }) => {
  const hallein = seedHallein()
  await page.goto('/register_organisation')
  await fillRegistrationUpToTerms(page, {
    club: hallein.name,
    zvr: hallein.zvr,
    street: 'Davisstraße',
    houseNumber: '5',
    postcode: hallein.postcode,
    city: 'Hallein',
    clubType: 'Musikverein',
    email: 'kapellmeisterin@mv-hallein.at',
  })
  await page.getByLabel('Ich habe die AGB gelesen und akzeptiere sie.').check()
  await page.getByRole('button', { name: 'Abschließen' }).click()
  await expect(stepHeading(page, 'Vereinsdaten')).toBeVisible()
  await expect(page.getByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeVisible()
  await shoot(page, 'registration-zvr-taken')

  await field(page, 'ZVR-Zahl').fill('4711')
  for (const heading of ['Adresse', 'Kontaktperson und Benutzerkonto', 'Vereinsart und Größe', 'AGB und Abschluss']) {
    await nextStep(page)
    await expect(stepHeading(page, heading)).toBeVisible()
  }
  await page.getByRole('button', { name: 'Abschließen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
  await expect(dialog).toBeVisible()
  await shoot(page, 'registration-possible-duplicate', { capture: 'window' })
})
