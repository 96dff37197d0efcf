import { newIbanOnAnOldSignIn } from '#tests/journeys/bank-details.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { shoot } from './shoot.ts'

/** "Bitte bestätigen Sie Ihre Anmeldung": new bank details on a sign-in older than five minutes. */
test('the password question before new bank details are saved', async ({ page, signedInAs }) => {
  const dialog = await newIbanOnAnOldSignIn(page, signedInAs, { iban: 'AT61 1904 3002 3457 3201' })
  await expect(dialog.getByLabel(/^Passwort/)).toBeFocused()
  await shoot(page, 'reauthenticate-dialog', { capture: 'window' })

  await dialog.getByLabel(/^Passwort/).fill('Falsch-1234')
  await dialog.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(dialog.getByText('Das Passwort ist nicht korrekt.')).toBeVisible()
  await shoot(page, 'reauthenticate-dialog-wrong-password', { capture: 'window' })
})
