import type { Page } from '@playwright/test'
import { expect, latestMail, test } from '#tests/journeys/fixtures.ts'
import {
  acceptTermsAndFinish,
  continueToTerms,
  field,
  fillRegistrationUpToTerms,
  nextStep,
  readTerms,
  stepHeading,
} from '#tests/journeys/forms.ts'
import { halleinAgain, seedHallein } from '#tests/journeys/seed-clubs.ts'

interface Registration {
  club: string
  email: string
}

/** The wizard up to the terms; the address step is also in the URL. */
const fillUpToTerms = (page: Page, { club, email }: Registration) =>
  fillRegistrationUpToTerms(page, {
    club,
    email,
    onStepShown: async (step) => {
      if (step === 2) await expect(page).toHaveURL(/step=2/)
    },
  })

test.describe('Registrierung', () => {
  test('registers a club end to end, step by step', async ({ page }) => {
    const registration = { club: 'Schachklub Zwettl', email: 'obfrau@schachklub-zwettl.at' }
    await page.goto('/register_organisation')
    await expect(page.getByRole('heading', { level: 1, name: 'Verein registrieren' })).toBeVisible()

    // Each step checks its fields before "Weiter".
    await nextStep(page)
    await expect(page.getByText('Bitte füllen Sie alle Pflichtfelder aus!')).toBeVisible()
    await expect(page.getByText('Bitte geben Sie den Namen des Vereins ein.')).toBeVisible()

    await fillUpToTerms(page, registration)
    await expect(page.getByText(registration.club)).toBeVisible()
    await expect(page.getByText(registration.email)).toBeVisible()

    // "Zurück" keeps everything.
    await page.getByRole('button', { name: 'Zurück', exact: true }).click()
    await expect(field(page, 'Vereinsart')).toHaveValue(/ct-/)
    await nextStep(page)

    // The AGB must be accepted.
    await page.getByRole('button', { name: 'Abschließen' }).click()
    await expect(page.getByText('Bitte akzeptieren Sie die AGB.')).toBeVisible()
    await readTerms(page)
    await acceptTermsAndFinish(page)

    await expect(page).toHaveURL(/\/success\?from=registration/)
    await expect(page.getByText('Verein erfolgreich registriert')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The new representative gets the mail to confirm the address.
    const mail = await latestMail(page, registration.email, 'VERIFY_EMAIL')
    expect(mail.link).toContain('oobCode=')
    // The draft is gone: a new registration starts empty.
    await page.goto('/register_organisation')
    await expect(field(page, 'Name des Vereins')).toHaveValue('')
  })

  test('keeps the draft over a reload without the password, and flags a taken e-mail address', async ({ page }) => {
    await page.goto('/register_organisation')
    await fillUpToTerms(page, { club: 'Tennisclub Melk', email: 'verein@demo.at' })

    await page.reload()
    // The password is never stored: the wizard returns to the account step and asks for it again.
    await expect(stepHeading(page, 'Kontaktperson und Benutzerkonto')).toBeVisible()
    await expect(page).toHaveURL(/step=3/)
    await expect(page.getByText(/Das Passwort speichern wir aus Sicherheitsgründen nicht/)).toBeVisible()
    await expect(field(page, 'E-Mail')).toHaveValue('verein@demo.at')
    const draft = await page.evaluate(() => sessionStorage.getItem('vereinsportal.registrationDraft') ?? '')
    expect(draft).toContain('Tennisclub Melk')
    expect(draft).not.toContain('Geheim1234!')

    await field(page, 'Passwort').fill('Geheim1234!')
    await field(page, 'Passwort wiederholen').fill('Geheim1234!')
    await nextStep(page)
    await nextStep(page)
    await acceptTermsAndFinish(page)

    // 409: back at the account step, the message at the e-mail field.
    await expect(stepHeading(page, 'Kontaktperson und Benutzerkonto')).toBeVisible()
    await expect(page.getByText('User ist bereits vorhanden')).toBeVisible()
    await expect(field(page, 'E-Mail')).toBeFocused()
  })

  test('says on leaving the ZVR field that the number is registered, then asks about the club of the same name', async ({
    page,
  }) => {
    const hallein = seedHallein()
    expect(hallein).toMatchObject({ name: 'Musikverein Hallein', postcode: '5400' })
    await page.goto('/register_organisation')
    await field(page, 'Name des Vereins').fill(hallein.name)
    const zvr = field(page, 'ZVR-Zahl')
    await zvr.fill(hallein.zvr)
    await zvr.press('Tab')

    // At once, under the field: not only after the last step.
    await expect(zvr).toHaveAccessibleDescription('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')
    await nextStep(page)
    await expect(stepHeading(page, 'Vereinsdaten')).toBeVisible()
    await expect(zvr).toBeFocused()
    await expect(page.getByText('Bitte füllen Sie alle Pflichtfelder aus!')).toBeHidden()

    // A number of its own: the message goes, and the wizard goes on.
    await zvr.fill('4711')
    await expect(page.getByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeHidden()
    await fillRegistrationUpToTerms(page, { ...halleinAgain(), zvr: '4711' })
    await acceptTermsAndFinish(page)

    // Same name in the same postal code: a warning to confirm.
    const dialog = page.getByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Es gibt bereits einen Verein mit diesem Namen in dieser Postleitzahl')
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Trotzdem registrieren' }).click()

    await expect(page).toHaveURL(/\/success\?from=registration/)
    await expect(page.getByText('Verein erfolgreich registriert')).toBeVisible()
  })

  test('a failed ZVR look-up holds nobody up; the registration still refuses the number, and nothing typed is lost', async ({
    page,
  }) => {
    await page.goto('/register_organisation?mockFail=checkZvrAvailability:503')
    await fillRegistrationUpToTerms(page, halleinAgain())
    await acceptTermsAndFinish(page)

    // 409 zvr-taken: back at the first step, the message at the ZVR field, which has the focus.
    await expect(stepHeading(page, 'Vereinsdaten')).toBeVisible()
    const zvr = field(page, 'ZVR-Zahl')
    await expect(zvr).toBeFocused()
    await expect(zvr).toHaveAccessibleDescription(/Ein Verein mit dieser ZVR-Zahl ist bereits registriert/)
    await expect(field(page, 'Name des Vereins')).toHaveValue(seedHallein().name)

    // A number of its own; everything else is still there, the password too, up to the terms.
    await zvr.fill('4711')
    await expect(page.getByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeHidden()
    await continueToTerms(page)
    await expect(page.getByText('kapellmeisterin@mv-hallein.at')).toBeVisible()
    await page.getByRole('button', { name: 'Abschließen' }).click()
    await page
      .getByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
      .getByRole('button', { name: 'Trotzdem registrieren' })
      .click()
    await expect(page).toHaveURL(/\/success\?from=registration/)
  })

  test('keeps everything after a failed request', async ({ page }) => {
    await page.goto('/register_organisation?mockFail=createClubWithUser:500:1')
    await fillUpToTerms(page, { club: 'Imkerverein Gars', email: 'imker@gars.at' })
    await acceptTermsAndFinish(page)
    await expect(page.getByText('Fehler bei der Registrierung!')).toBeVisible()
    await expect(page.getByText('Imkerverein Gars')).toBeVisible()
    await page.getByRole('button', { name: 'Abschließen' }).click()
    await expect(page).toHaveURL(/\/success\?from=registration/)
  })
})
