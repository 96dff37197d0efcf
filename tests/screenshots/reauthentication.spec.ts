import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { field } from '#tests/e2e/forms.ts'
import { shoot } from './shoot.ts'

/** "Bitte bestätigen Sie Ihre Anmeldung": new bank details on a sign-in older than five minutes. */
test('the password question before new bank details are saved', async ({ page, signedInAs }) => {
  // The page's clock (and the mocked backend's in it) moves on six minutes instead of waiting.
  await page.clock.install()
  await signedInAs('user')
  await page.goto(`/club/${seedClubs.volume}/false`)
  await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()
  await page.clock.fastForward('06:00')
  await field(page, 'IBAN').fill('AT61 1904 3002 3457 3201')
  await field(page, 'Ausweisart').selectOption({ label: 'Reisepass' })
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
  await expect(dialog.getByLabel(/^Passwort/)).toBeFocused()
  await shoot(page, 'reauthenticate-dialog', { capture: 'window' })

  await dialog.getByLabel(/^Passwort/).fill('Falsch-1234')
  await dialog.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(dialog.getByText('Das Passwort ist nicht korrekt.')).toBeVisible()
  await shoot(page, 'reauthenticate-dialog-wrong-password', { capture: 'window' })
})
