import { expect, test } from '#tests/journeys/fixtures.ts'
import {
  field,
  fillClubProfile,
  fixture,
  uploadDocuments,
  uploadLegitimation,
  uploadLogo,
} from '#tests/journeys/forms.ts'

/** Sportunion Leoben: registered, incomplete, PROCESSING; represented by neu@demo.at. */
const CLUB = 'club-su-leoben'

test.describe('Vereinsprofil', () => {
  test.use({ signedInRole: 'newUser' })

  test('completes the incomplete profile with documents and legitimation scans', async ({ page }) => {
    await page.goto(`/home?id=${CLUB}`)
    await page.getByRole('link', { name: 'Profil vervollständigen' }).click()
    await expect(page).toHaveURL(new RegExp(`/club/${CLUB}/true`))
    await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()
    await expect(page.getByText('Das Profil ist noch unvollständig.')).toBeVisible()

    // Club data, bank, contact person; the IBAN with a wrong check digit.
    await fillClubProfile(page, { iban: 'AT61 1904 3002 3457 3202' })

    // A wrong IBAN check digit is found before anything is sent.
    await page.getByRole('button', { name: 'Speichern', exact: true }).click()
    await expect(page.getByText('Die IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.')).toBeVisible()
    // Typed without spaces and in lower case, it is shown in groups of four.
    await field(page, 'IBAN').fill('at611904300234573201')
    await expect(field(page, 'IBAN')).toHaveValue('AT61 1904 3002 3457 3201')

    // Legitimation scans: a PNG named .jpg is refused by its content; real JPEGs are uploaded at once.
    await uploadLegitimation(page, {
      confirmations: true,
      onRefused: async (contact) => {
        await expect(
          contact.getByText(
            'Die Datei ist kein echtes JPG-Bild, auch wenn sie so heißt. Nur .JPG-Dateien sind erlaubt.',
          ),
        ).toBeVisible()
        await expect(field(contact, 'Telefonnummer')).toHaveValue('+43 660 1234567')
      },
    })

    // Logo.
    await uploadLogo(page, { confirmations: true })

    // Documents: both are needed.
    await uploadDocuments(page, { confirmations: true })

    // Everything is there: saving needs no confirmation and the profile is complete.
    await page.getByRole('button', { name: 'Speichern', exact: true }).click()
    await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()
    await expect(page.getByText('Ihr Profil ist jetzt vollständig.', { exact: false })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.reload()
    await expect(page.getByText('Das Profil ist vollständig.')).toBeVisible()
    await expect(field(page, 'IBAN')).toHaveValue('AT61 1904 3002 3457 3201')
    await expect(field(page, 'BIC')).toHaveValue('BKAUATWW')

    // The dashboard's hint is gone.
    await page.getByRole('link', { name: 'Zur Übersicht' }).click()
    await expect(page).toHaveURL(new RegExp(`/home\\?id=${CLUB}`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Profil vervollständigen' })).toHaveCount(0)
  })

  test('confirms before saving incomplete data and before leaving with unsaved changes', async ({ page }) => {
    await page.goto(`/club/${CLUB}/true`)
    await field(page, 'Steuernummer').fill('12 345/6789')
    await page.getByRole('button', { name: 'Speichern', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Unvollständige Daten speichern?' })
    await expect(dialog.getByRole('list', { name: 'Fehlende Angaben' }).getByText('IBAN')).toBeVisible()
    await dialog.getByRole('button', { name: 'Trotzdem speichern' }).click()
    await expect(page.getByText('Gespeichert. Für die Freischaltung fehlt noch:')).toBeVisible()

    await field(page, 'Spendenbegünstigungsnummer').fill('SO 4711')
    await page.getByRole('link', { name: 'Zur Übersicht' }).click()
    const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })
    await expect(leave).toBeVisible()
    await leave.getByRole('button', { name: 'Abbrechen' }).click()
    await expect(field(page, 'Spendenbegünstigungsnummer')).toHaveValue('SO 4711')
    await page.getByRole('link', { name: 'Zur Übersicht' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Seite verlassen' }).click()
    await expect(page).toHaveURL(/\/home/)
  })

  test('manages gallery images: upload with progress, open, delete after confirmation', async ({ page }) => {
    await page.goto(`/club/${CLUB}/false`)
    const gallery = page.getByRole('region', { name: 'Bilder' })
    await expect(gallery.getByText('Noch keine Bilder hochgeladen.')).toBeVisible()
    await field(gallery, 'Bild hinzufügen').setInputFiles(fixture('vereinsfoto.jpg'))
    await expect(page.getByText('Bild wurde hochgeladen')).toBeVisible()
    const list = gallery.getByRole('list', { name: 'Bilder' })
    await expect(list.getByRole('img', { name: 'Vorschau von vereinsfoto.jpg' })).toBeVisible()
    await expect(list.getByRole('link', { name: 'Öffnen vereinsfoto.jpg' })).toHaveAttribute('href', /^blob:/)

    await list.getByRole('button', { name: /Löschen/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Datei löschen?' })
    await dialog.getByRole('button', { name: 'Löschen' }).click()
    await expect(page.getByText('„vereinsfoto.jpg“ wurde gelöscht')).toBeVisible()
    await expect(gallery.getByText('Noch keine Bilder hochgeladen.')).toBeVisible()
  })
})
