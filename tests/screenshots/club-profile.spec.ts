import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../e2e/fixtures'
import { shoot } from './shoot'

/** The club profile of Sportunion Leoben (neu@demo.at): incomplete, its checks and dialogs, complete. */
const CLUB = 'club-su-leoben'
const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s\\*)?$`))

test.use({ signedInRole: 'newUser' })

test('completing the profile', async ({ page }) => {
  await page.goto(`/club/${CLUB}/true`)
  await expect(page.getByText('Das Profil ist noch unvollständig.')).toBeVisible()
  await shoot(page, 'club-profile')

  await field(page, 'Steuernummer').fill('12 345/6789')
  await field(page, 'Spendenbegünstigungsnummer').fill('SO 4711')
  await field(page, 'Kurzbeschreibung').fill('Sport für alle in Leoben.')
  await field(page, 'Beschreibung').fill('Die Sportunion Leoben bietet Turnen, Laufen und Volleyball für alle Generationen.')
  await field(page, 'Kontoinhaber/in').fill('Sportunion Leoben')
  await field(page, 'IBAN').fill('AT61 1904 3002 3457 3201')
  await field(page, 'BIC').fill('bkauatww')
  await field(page, 'Name der Bank').fill('UniCredit Bank Austria AG')
  const contact = page.getByRole('region', { name: 'Kontaktperson für die Legitimation' })
  await field(contact, 'Telefonnummer').fill('+43 660 1234567')
  await field(contact, 'Geburtsdatum').fill('1985-03-12')
  await field(contact, 'Ausweisart').selectOption({ label: 'Personalausweis' })

  await field(contact, 'Vorderseite').setInputFiles(fixture('ausweis-kein-jpeg.jpg'))
  const refused = contact.getByText('Die Datei ist kein echtes JPG-Bild', { exact: false })
  await expect(refused).toBeVisible()
  await shoot(page, 'club-profile-scan-refused', { capture: 'window', focus: refused })
  await field(contact, 'Vorderseite').setInputFiles(fixture('ausweis-vorderseite.jpg'))
  await expect(contact.getByRole('link', { name: 'Ansehen ausweis-vorderseite.jpg' })).toBeVisible()
  await field(contact, 'Rückseite').setInputFiles(fixture('ausweis-rueckseite.jpg'))
  await expect(contact.getByRole('link', { name: 'Ansehen ausweis-rueckseite.jpg' })).toBeVisible()

  const logo = page.getByRole('region', { name: 'Logo' })
  await field(logo, 'Logo hochladen').setInputFiles(fixture('vereinslogo.png'))
  await expect(logo.getByRole('img', { name: 'Aktuelles Logo' })).toBeVisible()

  const documents = page.getByRole('region', { name: 'Dokumente' })
  await field(documents, 'SPEND 2-Formular').setInputFiles(fixture('spend2-formular.pdf'))
  await documents.getByRole('button', { name: 'Dokumente speichern' }).click()
  const bothNeeded = documents.getByText('Es müssen beide Dokumente hochgeladen werden')
  await expect(bothNeeded).toBeVisible()
  await shoot(page, 'club-profile-documents-missing', { capture: 'window', focus: bothNeeded })
  await field(documents, 'Bescheid über die Spendenbegünstigung').setInputFiles(fixture('bescheid-spendenbeguenstigung.pdf'))
  await documents.getByRole('button', { name: 'Dokumente speichern' }).click()
  await expect(documents.getByRole('link', { name: 'Ansehen bescheid-spendenbeguenstigung.pdf' })).toBeVisible()

  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  const complete = page.getByText('Ihr Profil ist jetzt vollständig.', { exact: false })
  await expect(complete).toBeVisible()
  await shoot(page, 'club-profile-saved', { capture: 'window', focus: complete })
})

test('confirmations: incomplete data, unsaved changes', async ({ page }) => {
  await page.goto(`/club/${CLUB}/true`)
  await field(page, 'Steuernummer').fill('12 345/6789')
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Unvollständige Daten speichern?' })
  await expect(dialog.getByRole('list', { name: 'Fehlende Angaben' })).toBeVisible()
  await shoot(page, 'club-profile-incomplete-confirmation', { capture: 'window' })
  await dialog.getByRole('button', { name: 'Trotzdem speichern' }).click()
  await expect(page.getByText('Gespeichert. Für die Freischaltung fehlt noch:')).toBeVisible()

  await field(page, 'Spendenbegünstigungsnummer').fill('SO 4711')
  await page.getByRole('link', { name: 'Zur Übersicht' }).click()
  await expect(page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeVisible()
  await shoot(page, 'club-profile-unsaved-changes', { capture: 'window' })
})

test('gallery', async ({ page }) => {
  await page.goto(`/club/${CLUB}/false`)
  const gallery = page.getByRole('region', { name: 'Bilder' })
  await field(gallery, 'Bild hinzufügen').setInputFiles(fixture('vereinsfoto.jpg'))
  await expect(gallery.getByRole('img', { name: 'Vorschau von vereinsfoto.jpg' })).toBeVisible()
  await shoot(page, 'club-profile-gallery', { capture: 'window', focus: gallery })
})
