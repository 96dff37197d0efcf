import { expect, test } from '#tests/journeys/fixtures.ts'
import { field, fillRegistrationUpToTerms } from '#tests/journeys/forms.ts'

const VOLUME = 'club-sv-gruenbach'

test.describe('Administration: club types and club roles', () => {
  test.use({ signedInRole: 'admin' })

  test('a new club type is offered in the registration and counts its clubs', async ({ page }) => {
    await page.goto('/admin?tab=types')
    await page.getByRole('textbox', { name: 'Neue Vereinsart' }).fill('Schachverein')
    await page.getByRole('button', { name: 'Vereinsart hinzufügen' }).click()
    await expect(page.getByText('Vereinsart wurde angelegt.')).toBeVisible()
    const types = page.getByRole('list', { name: 'Vereinsarten' })
    const item = types.getByRole('listitem').filter({ hasText: 'Schachverein' })
    await expect(item).toContainText('wird von keinem Verein verwendet')

    // Rename it, then use it: the public registration offers it in its type step.
    await item.getByRole('button', { name: 'Schachverein umbenennen' }).click()
    const rename = page.getByRole('dialog', { name: 'Vereinsart „Schachverein“ umbenennen' })
    await rename.getByLabel('Neuer Name').fill('Schachklub')
    await rename.getByRole('button', { name: 'Speichern' }).click()
    await expect(types.getByRole('listitem').filter({ hasText: 'Schachklub' })).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Verein registrieren' })
      .click()
    // Up to the type step (no phone number, no step headings checked); the type is chosen below.
    await fillRegistrationUpToTerms(page, {
      club: 'Schachklub Figurenfreunde',
      zvr: '123456789',
      street: 'Hauptplatz',
      houseNumber: '1',
      postcode: '4020',
      city: 'Linz',
      firstName: 'Sofia',
      lastName: 'Springer',
      phone: null,
      email: 'sofia.springer@example.at',
      password: 'Sicher1234!',
      expectHeadings: false,
      stopAt: 4,
    })
    const typeSelect = field(page, 'Vereinsart')
    await expect(typeSelect.locator('option', { hasText: 'Schachklub' })).toHaveCount(1)
    await typeSelect.selectOption({ label: 'Schachklub' })
    await expect(typeSelect).toHaveValue(/.+/)

    // A type clubs use cannot be deleted: the list says how many use it and why the button is off.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Administration' })
      .click()
    await page.getByRole('tab', { name: 'Vereinsarten' }).click()
    const sport = page
      .getByRole('list', { name: 'Vereinsarten' })
      .getByRole('listitem')
      .filter({ hasText: /^Sportverein/ })
    await expect(sport).toContainText('wird von 4 Vereinen verwendet')
    await expect(sport.getByRole('button', { name: 'Sportverein löschen' })).toBeDisabled()

    // The unused new one can be deleted after confirming.
    const own = page.getByRole('list', { name: 'Vereinsarten' }).getByRole('listitem').filter({ hasText: 'Schachklub' })
    await own.getByRole('button', { name: 'Schachklub löschen' }).click()
    await page
      .getByRole('dialog', { name: 'Vereinsart „Schachklub“ löschen?' })
      .getByRole('button', { name: 'Endgültig löschen' })
      .click()
    await expect(page.getByText('Vereinsart wurde gelöscht.')).toBeVisible()
    await expect(own).toHaveCount(0)
  })

  test('a new club role is offered in the dashboard’s invite form and is then in use', async ({ page }) => {
    await page.goto('/admin?tab=roles')
    await page.getByRole('textbox', { name: 'Neue Vereinsrolle' }).fill('Jugendreferent/in')
    await page.getByRole('button', { name: 'Vereinsrolle hinzufügen' }).click()
    await expect(page.getByText('Vereinsrolle wurde angelegt.')).toBeVisible()

    await page.goto(`/home?id=${VOLUME}`)
    const form = page.getByRole('form', { name: 'Person einladen' })
    const email = `jugend.${Date.now()}@example.at`
    await form.getByLabel('E-Mail-Adresse').fill(email)
    await form.getByLabel('Rolle im Verein').selectOption({ label: 'Jugendreferent/in' })
    await form.getByRole('button', { name: 'Einladung senden' }).click()
    await expect(page.getByText(`Einladung an ${email} wurde versendet.`)).toBeVisible()

    // A fresh load: the role list's usage counts are cached from before the invitation.
    await page.goto('/admin?tab=roles')
    const role = page
      .getByRole('list', { name: 'Vereinsrollen' })
      .getByRole('listitem')
      .filter({ hasText: 'Jugendreferent/in' })
    await expect(role).toContainText('wird von 1 Mitglied oder Einladung verwendet')
    await expect(role.getByRole('button', { name: 'Jugendreferent/in löschen' })).toBeDisabled()
  })
})
