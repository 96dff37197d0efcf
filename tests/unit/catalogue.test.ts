import { existsSync, readFileSync, readdirSync } from 'node:fs'
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

const locales = path.join(import.meta.dirname, '../../src/locales/de')
const catalogueFiles = readdirSync(locales, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.po'),
)
const catalogues = catalogueFiles.map((file) => readFileSync(path.join(locales, file), 'utf8'))
// The screens' catalogues (docs/decisions/0007, 0018): every message the spec quotes is shown by a screen.
const msgids = new Set(
  catalogues
    .filter((_, index) => catalogueFiles[index] !== 'shell.po')
    .flatMap((catalogue) => [...catalogue.matchAll(/^msgid "(.*)"$/gm)].map((match) => match[1]!.replace(/\\"/g, '"'))),
)

describe('the Lingui catalogue', () => {
  it.each(SPEC_MESSAGES)('holds the spec message "%s" verbatim', (message) => {
    expect(msgids).toContain(message)
  })

  it('is split into the shell, the shared screens, the features and the demo tools', () => {
    expect(catalogueFiles).toContain('shell.po')
    expect(catalogueFiles).toContain('messages.po')
    expect(catalogueFiles.filter((file) => file.startsWith('features'))).toHaveLength(
      readdirSync(path.join(import.meta.dirname, '../../src/features')).filter((name) => name !== 'start').length,
    )
  })

  it('is German only', () => {
    for (const catalogue of catalogues) expect(catalogue).toMatch(/^"Language: de\\n"$/m)
  })
})

/**
 * Only the shell's catalogue loads with the app; a screen brings its feature's catalogue and the shared one
 * itself (`src/features/<feature>/messages.ts`, docs/decisions/0007, 0018). Every component a route renders
 * from a feature outside the shell must import it, or its text would show as message ids.
 */
describe(`the screens' catalogue`, () => {
  const root = path.join(import.meta.dirname, '../..')
  const routeFiles = readdirSync(path.join(root, 'src/routes'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => readFileSync(path.join(root, 'src/routes', file), 'utf8'))
  const screens = new Set(
    routeFiles.flatMap((source) =>
      [...source.matchAll(/from '#src\/features\/((?!start\/)[\w-]+\/[\w-]+\.tsx)'/g)]
        .map((match) => `src/features/${match[1]}`)
        .filter((file) => existsSync(path.join(root, file))),
    ),
  )
  screens.add('src/components/mock-tools/mock-tools-panel.tsx')
  // The screen's own folder's messages.ts: its feature's catalogue (or the demo tools').
  const loader = (file: string) => path.join(path.dirname(path.join(root, file)), 'messages.ts')

  it('finds the screens the routes render', () => {
    expect(screens.size).toBeGreaterThanOrEqual(13)
  })

  it.each([...screens])('is loaded by %s', (file) => {
    expect(readFileSync(path.join(root, file), 'utf8')).toMatch(/^import '\.\/messages\.ts'$/m)
    expect(existsSync(loader(file))).toBe(true)
  })
})
