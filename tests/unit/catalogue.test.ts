import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every German message the product spec quotes (§5 and §8), verbatim. */
const SPEC_MESSAGES = [
  // §5 validation
  'Bitte füllen Sie alle Pflichtfelder aus!',
  'Bitte füllen Sie alle Felder aus',
  'Es müssen beide Dokumente hochgeladen werden',
  'Bitte geben Sie Ihre E-Mail-Adresse ein',
  // §8 errors
  'E-Mail oder Passwort falsch',
  'Anmeldung fehlgeschlagen',
  'E-Mail Adresse noch nicht bestätigt',
  'Fehler beim Speichern des Benutzers',
  'Fehler beim Löschen des Benutzers',
  'Fehler beim Ändern des Passworts',
  'User ist bereits vorhanden',
  'Token abgelaufen',
  'Kein Token vorhanden',
  'Fehler bei der Registrierung!',
  'Fehler beim Zurücksetzen des Passworts',
  'Fehler beim Erstellen der Kampagne',
  'Fehler beim Aktualisieren der Vereinsdaten',
  'Fehler beim Speichern des Dokuments',
]

const catalogue = readFileSync(path.join(import.meta.dirname, '../../src/locales/de/messages.po'), 'utf8')
const msgids = new Set([...catalogue.matchAll(/^msgid "(.*)"$/gm)].map((match) => match[1]!.replace(/\\"/g, '"')))

describe('the Lingui catalogue', () => {
  it.each(SPEC_MESSAGES)('holds the spec message "%s" verbatim', (message) => {
    expect(msgids).toContain(message)
  })

  it('is German only', () => {
    expect(catalogue).toMatch(/^"Language: de\\n"$/m)
  })
})
