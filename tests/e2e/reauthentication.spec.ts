import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { newIbanOnAnOldSignIn } from '#tests/journeys/bank-details.ts'
import { expect, SEED_PASSWORD, test } from '#tests/journeys/fixtures.ts'
import { field } from '#tests/journeys/forms.ts'

/**
 * New bank details need a recent sign-in (at most five minutes old; the backend answers 401
 * `reauthentication-required` otherwise). The app then asks for the password in a dialog and sends the
 * same change again, so nothing typed is lost. The page's clock is moved on instead of waiting: the
 * mocked backend runs in the page and reads the same clock; the ID token (1 h) stays valid.
 */

const NEW_IBAN = 'AT61 1904 3002 3457 3201'
const DESCRIPTION = 'Fußball für alle in Grünbach, seit 1923.'

/** The representative of SV Grünbach, signed in six minutes ago, with new bank details and a new text typed. */
const typeNewBankDetailsOnAnOldSignIn = (page: Page, signedInAs: (account: string) => Promise<void>) =>
  newIbanOnAnOldSignIn(page, signedInAs, { iban: NEW_IBAN, description: DESCRIPTION })

test('new bank details on an old sign-in: the password is asked for, then the change is saved as typed', async ({
  page,
  signedInAs,
}) => {
  const dialog = await typeNewBankDetailsOnAnOldSignIn(page, signedInAs)
  await expect(dialog).toContainText('Für diese Änderung brauchen wir Ihr Passwort noch einmal.')
  const password = dialog.getByLabel(/^Passwort/)
  await expect(password).toBeFocused()
  await expect(password).toHaveAttribute('autocomplete', 'current-password')
  // The change waits for the person: the loading overlay does not cover the dialog.
  await page.clock.runFor(1000)
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0)

  await password.fill('Falsch-1234')
  await dialog.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(dialog.getByText('Das Passwort ist nicht korrekt.')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  // The dialog with its message passes axe (WCAG 2.2 AA) like every page.
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])

  await password.fill(SEED_PASSWORD)
  await password.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()
  await expect(field(page, 'IBAN')).toHaveValue(NEW_IBAN)
  await expect(field(page, 'Kurzbeschreibung')).toHaveValue(DESCRIPTION)

  // Saved for real, and the new sign-in is recent now: no second question for a further change.
  await page.reload()
  await expect(field(page, 'IBAN')).toHaveValue(NEW_IBAN)
  await expect(field(page, 'Kurzbeschreibung')).toHaveValue(DESCRIPTION)
  await field(page, 'Kontoinhaber/in').fill('SV Grünbach 1923 – Kassa')
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('cancelling the password question keeps everything typed, says why nothing was saved, and can be retried', async ({
  page,
  signedInAs,
}) => {
  const dialog = await typeNewBankDetailsOnAnOldSignIn(page, signedInAs)
  await dialog.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText('Die Änderung wurde nicht gespeichert: Die Anmeldung wurde nicht bestätigt.'),
  ).toBeVisible()
  await expect(field(page, 'IBAN')).toHaveValue(NEW_IBAN)
  await expect(field(page, 'Kurzbeschreibung')).toHaveValue(DESCRIPTION)
  // Still signed in: an old sign-in is not an ended session.
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()

  // Escape cancels as well; the next attempt with the password goes through.
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(field(page, 'IBAN')).toHaveValue(NEW_IBAN)

  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await dialog.getByLabel(/^Passwort/).fill(SEED_PASSWORD)
  await dialog.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()
  await expect(field(page, 'IBAN')).toHaveValue(NEW_IBAN)
})
