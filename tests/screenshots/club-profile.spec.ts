import { expect, test } from '#tests/journeys/fixtures.ts'
import {
  field,
  fillClubProfile,
  fixture,
  uploadDocuments,
  uploadLegitimation,
  uploadLogo,
} from '#tests/journeys/forms.ts'
import { shoot } from './shoot.ts'

/** The club profile of Sportunion Leoben (neu@demo.at): incomplete, its checks and dialogs, complete. */
const CLUB = 'club-su-leoben'

test.use({ signedInRole: 'newUser' })

test('completing the profile', async ({ page }) => {
  await page.goto(`/club/${CLUB}/true`)
  await expect(page.getByText('Das Profil ist noch unvollständig.')).toBeVisible()
  await shoot(page, 'club-profile')

  await fillClubProfile(page)
  await uploadLegitimation(page, {
    onRefused: async (contact) => {
      const refused = contact.getByText('Die Datei ist kein echtes JPG-Bild', { exact: false })
      await expect(refused).toBeVisible()
      await shoot(page, 'club-profile-scan-refused', { capture: 'window', focus: refused })
    },
  })
  await uploadLogo(page)
  await uploadDocuments(page, {
    onBothNeeded: (bothNeeded) =>
      shoot(page, 'club-profile-documents-missing', { capture: 'window', focus: bothNeeded }),
  })

  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  const complete = page.getByText('Ihr Profil ist jetzt vollständig.', { exact: false })
  await expect(complete).toBeVisible()
  await shoot(page, 'club-profile-saved', { capture: 'window', focus: complete })
})

test('the IBAN in groups of four', async ({ page }) => {
  await page.goto(`/club/${CLUB}/true`)
  // Typed without spaces, in lower case; an IBAN of a bank the portal knows, so BIC and bank follow it.
  await field(page, 'IBAN').fill('at402011100000012345')
  await expect(field(page, 'IBAN')).toHaveValue('AT40 2011 1000 0001 2345')
  await expect(field(page, 'BIC')).toHaveValue('GIBAATWW')
  // The sticky save bar would cover the card's last field in a picture of the card alone.
  await page.addStyleTag({ content: '.sticky { position: static !important; }' })
  await shoot(page, 'club-profile-iban', { element: page.getByRole('region', { name: 'Bankverbindung' }) })
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

test('the sticky save bar: a focused field above it, a toast beside "Speichern"', async ({ page }) => {
  await page.goto(`/club/${CLUB}/false`)
  const save = page.getByRole('button', { name: 'Speichern', exact: true })
  await expect(save).toBeVisible()
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 812 })
    // IBAN just under the bar's edge, then Tab from the field before it, as a keyboard user goes down.
    const iban = field(page, 'IBAN')
    await iban.evaluate((element) => {
      window.scrollBy(0, element.getBoundingClientRect().top - (window.innerHeight - 24))
    })
    await field(page, 'Kontoinhaber/in').evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }))
    await page.keyboard.press('Tab')
    await expect(iban).toBeFocused()
    await shoot(page, 'club-profile-focus-above-save-bar', { capture: 'window', widths: [width] })

    await save.click()
    await page
      .getByRole('dialog', { name: 'Unvollständige Daten speichern?' })
      .getByRole('button', { name: 'Trotzdem speichern' })
      .click()
    const toast = page
      .getByRole('region', { name: /Benachrichtigungen/ })
      .getByRole('listitem')
      .filter({ hasText: 'Vereinsdaten wurden aktualisiert' })
    await expect(toast).toBeVisible()
    // A pointer moving over the toasts holds them (sonner pauses its three seconds) for the picture.
    await toast.dispatchEvent('mousemove')
    await shoot(page, 'club-profile-toast-above-save-bar', { capture: 'window', widths: [width] })
    await toast.getByRole('button', { name: 'Benachrichtigung schließen' }).click()
    await expect(toast).toHaveCount(0)
  }
})

test('gallery', async ({ page }) => {
  await page.goto(`/club/${CLUB}/false`)
  const gallery = page.getByRole('region', { name: 'Bilder' })
  await field(gallery, 'Bild hinzufügen').setInputFiles(fixture('vereinsfoto.jpg'))
  await expect(gallery.getByRole('img', { name: 'Vorschau von vereinsfoto.jpg' })).toBeVisible()
  await shoot(page, 'club-profile-gallery', { capture: 'window', focus: gallery })
})
