import { expect, test } from '#tests/journeys/fixtures.ts'
import { EMAIL_ADDRESS, expectAddressesWrapWell, textLines } from '#tests/journeys/text-lines.ts'

test.use({ signedInRole: 'admin' })

test('an administrator creates, edits and deletes a user', async ({ page }) => {
  await page.goto('/home')
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzerverwaltung' })).toBeVisible()

  await page.getByRole('button', { name: 'Benutzer anlegen' }).click()
  const create = page.getByRole('dialog', { name: 'Benutzer anlegen' })
  await create.getByLabel('Vorname').fill('Sabine')
  await create.getByLabel('Nachname').fill('Sorgsam')
  await create.getByLabel('E-Mail').fill('staff@demo.at')
  await create.getByLabel('Rolle').selectOption({ label: 'Mitarbeiter/in' })
  await create.getByLabel('Passwort').fill('Sicher1234!')
  await create.getByRole('button', { name: 'Benutzer anlegen' }).click()
  await expect(create.getByText('User ist bereits vorhanden')).toBeVisible()
  await create.getByLabel('E-Mail').fill('sabine.sorgsam@demo.at')
  await create.getByRole('button', { name: 'Benutzer anlegen' }).click()
  await expect(page.getByText('Benutzer wurde angelegt.')).toBeVisible()

  await page.getByRole('searchbox', { name: 'Suche' }).fill('sorgsam')
  await expect(page).toHaveURL(/q=sorgsam/)
  const table = page.getByRole('table', { name: 'Benutzer' })
  const row = table.getByRole('row').filter({ hasText: 'sabine.sorgsam@demo.at' })
  await expect(row).toContainText('Mitarbeiter/in')

  await row.getByRole('button', { name: 'Sabine Sorgsam bearbeiten' }).click()
  const edit = page.getByRole('dialog', { name: 'Benutzer bearbeiten' })
  await edit.getByLabel('Nachname').fill('Sorgfalt')
  await edit.getByLabel('Rolle').selectOption({ label: 'Administrator/in' })
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Benutzer wurde aktualisiert.')).toBeVisible()
  const edited = table.getByRole('row').filter({ hasText: 'sabine.sorgsam@demo.at' })
  await expect(edited).toContainText('Sabine Sorgfalt')
  await expect(edited).toContainText('Administrator/in')

  // Keyboard: open the confirmation, cancel with Escape, open again and confirm.
  const remove = edited.getByRole('button', { name: 'Sabine Sorgfalt löschen' })
  await remove.focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Benutzer löschen?' })
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  // The focus is back on the button that opened the dialog.
  await expect(remove).toBeFocused()
  await page.keyboard.press('Enter')
  await confirm.getByRole('button', { name: 'Endgültig löschen' }).click()
  await expect(page.getByText('Benutzer wurde entfernt.')).toBeVisible()
  await expect(table).toHaveCount(0)
  await expect(page.getByText('Keine Benutzer gefunden')).toBeVisible()
})

test('the own account cannot be deleted, and the list says why', async ({ page }) => {
  await page.goto('/users?q=admin%40demo.at')
  const row = page.getByRole('table', { name: 'Benutzer' }).getByRole('row').filter({ hasText: 'admin@demo.at' })
  await expect(row.getByRole('button', { name: 'Andrea Admin löschen' })).toBeDisabled()
  await expect(row).toContainText('Ihr eigenes Konto können Sie nicht löschen.')
})

test('on a phone the e-mail addresses wrap before "@" or a dot, never inside a name, and stay on the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/users?size=50')
  const table = page.getByRole('table', { name: 'Benutzer' })
  const addresses = table.getByText(EMAIL_ADDRESS)
  await expect(addresses.first()).toBeVisible()

  const layout = await textLines(addresses)

  expect(layout.length).toBeGreaterThan(10)
  // Where the name fits on a line of its own, the line breaks before the "@".
  expect(layout.find((entry) => entry.text === 'martin.aigner@icloud.com')?.lineStarts).toEqual(['@'])
  // The narrow card makes several addresses wrap: at a sensible place.
  expect(layout.filter((entry) => entry.lineStarts.length > 0).length).toBeGreaterThan(0)
  expectAddressesWrapWell(layout, 375)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
