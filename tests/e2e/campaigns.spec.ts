import type { Page } from '@playwright/test'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { fillCampaign, saveWithoutAnswer } from '#tests/journeys/forms.ts'

const VOLUME = 'club-sv-gruenbach'

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`))

test.describe('Kampagnen', () => {
  test.use({ signedInRole: 'user' })

  test('create, edit, disable and delete a campaign', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    await page.getByRole('link', { name: 'Neue Kampagne' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Kampagne anlegen' })).toBeVisible()

    // Spec §5: all fields required.
    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()
    await expect(page.getByText('Bitte füllen Sie alle Felder aus')).toBeVisible()

    await field(page, 'Name der Kampagne').fill('Neue Ballnetze')
    await field(page, 'Beschreibung').fill('Ballfangnetze hinter beiden Toren.')
    await field(page, 'Spendenziel').fill('2.500,00')
    await field(page, 'Vorgeschlagener Betrag').fill('25')
    await field(page, 'Mindestspende').fill('5')
    await field(page, 'Datum des Anlasses').fill('2031-09-12')
    await field(page, 'Uhrzeit').fill('17:30')
    await field(page, 'Spenden ab').fill('2031-07-01')
    await field(page, 'Spenden bis').fill('2031-06-01')
    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()
    await expect(page.getByText('Das Ende muss nach dem Beginn liegen.')).toBeVisible()
    await field(page, 'Spenden bis').fill('2031-09-10')
    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()

    await expect(page.getByText('Kampagne wurde angelegt')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/campaign/${VOLUME}/[^/?]+`))
    await expect(field(page, 'Spendenziel')).toHaveValue('2500,00')
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status.getByText('Geplant')).toBeVisible()

    // Edit.
    await field(page, 'Name der Kampagne').fill('Neue Ballfangnetze')
    await page.getByRole('button', { name: 'Änderungen speichern' }).click()
    await expect(page.getByText('Kampagne wurde gespeichert')).toBeVisible()
    await page.reload()
    await expect(field(page, 'Name der Kampagne')).toHaveValue('Neue Ballfangnetze')

    // Disable.
    await page.getByRole('button', { name: 'Kampagne deaktivieren' }).click()
    await expect(page.getByText('Kampagne wurde deaktiviert')).toBeVisible()
    await expect(status.getByText('Deaktiviert', { exact: true })).toBeVisible()
    // One status: deactivated, no longer also "Geplant".
    await expect(status.getByText('Geplant')).toHaveCount(0)

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Kampagne löschen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Kampagne löschen?' })
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click()
    await expect(page.getByText('Kampagne wurde gelöscht')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/home\\?id=${VOLUME}`))
    const campaigns = page.getByRole('region', { name: 'Kampagnen' })
    await expect(campaigns.getByTestId('campaign-item').first()).toBeVisible()
    await expect(campaigns.getByText('Neue Ballfangnetze')).toHaveCount(0)
  })

  test('a save without an answer says the connection failed and keeps the form; sent again, it goes through', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(`/campaign/${VOLUME}`)
    await fillCampaign(page)
    await saveWithoutAnswer(page, page.getByRole('button', { name: 'Kampagne anlegen' }))

    const toast = page.getByRole('region', { name: /Benachrichtigungen/ }).getByRole('listitem')
    await expect(toast).toContainText('Fehler beim Erstellen der Kampagne')
    await expect(toast).toContainText(
      'Die Verbindung zum Server ist fehlgeschlagen: Er hat nicht rechtzeitig geantwortet. Ihre Eingaben bleiben erhalten.',
    )
    await expect(page).toHaveURL(new RegExp(`/campaign/${VOLUME}$`))
    await expect(field(page, 'Name der Kampagne')).toHaveValue('Flutlicht')
    await expect(field(page, 'Beschreibung')).toHaveValue('Neue Flutlichtmasten für den Trainingsplatz.')
    await expect(field(page, 'Spendenziel')).toHaveValue('8.000')
    await expect(field(page, 'Spenden bis')).toHaveValue('2031-10-01')

    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()
    await expect(page.getByText('Kampagne wurde angelegt')).toBeVisible()
    await expect(field(page, 'Name der Kampagne')).toHaveValue('Flutlicht')
  })

  test('a campaign with donations cannot be deleted, only deactivated', async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    await page.getByRole('button', { name: 'Kampagne löschen' }).click()
    await page
      .getByRole('dialog', { name: 'Kampagne löschen?' })
      .getByRole('button', { name: 'Endgültig löschen' })
      .click()
    const explained = page.getByRole('dialog', { name: 'Kampagne kann nicht gelöscht werden' })
    await expect(explained).toContainText('können Kampagnen mit Spenden nicht gelöscht werden')
    await explained.getByRole('button', { name: 'Stattdessen deaktivieren' }).click()
    await expect(page.getByText('Kampagne wurde deaktiviert')).toBeVisible()
  })

  test('leaving a changed form asks first', async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    await field(page, 'Name der Kampagne').fill('Halb geändert')
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click()
    const dialog = page.getByRole('dialog', { name: 'Änderungen verwerfen?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Abbrechen' }).click()
    await expect(field(page, 'Name der Kampagne')).toHaveValue('Halb geändert')
  })
})
