import { expect, test } from '#tests/journeys/fixtures.ts'
import {
  acceptTerms,
  acceptTermsAndFinish,
  fillRegistrationUpToTerms,
  nextStep,
  readTerms,
} from '#tests/journeys/forms.ts'
import { shoot } from './shoot.ts'

/** The registration wizard: every step filled in, its errors, the terms dialog, a taken e-mail address. */

test('every step of the wizard', async ({ page }) => {
  await page.goto('/register_organisation')
  await nextStep(page)
  await expect(page.getByText('Bitte geben Sie den Namen des Vereins ein.')).toBeVisible()
  await shoot(page, 'registration-step-1-errors')

  await fillRegistrationUpToTerms(page, {
    email: 'obfrau@schachklub-zwettl.at',
    onStep: (step) => shoot(page, `registration-step-${step}`),
  })
  await readTerms(page, () => shoot(page, 'registration-terms-dialog', { capture: 'window' }))
  await acceptTerms(page)
  await shoot(page, 'registration-step-5')
})

test('a taken e-mail address', async ({ page }) => {
  await page.goto('/register_organisation')
  await fillRegistrationUpToTerms(page, { email: 'verein@demo.at' })
  await acceptTermsAndFinish(page)
  await expect(page.getByText('User ist bereits vorhanden')).toBeVisible()
  await shoot(page, 'registration-user-exists')
})
