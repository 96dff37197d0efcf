import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubRoles, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { backend } from '#mocks/node.ts'
import { setClubRole } from '#mocks/testing.ts'
import { dropConnection, failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

/** Sportunion Leoben: registered, incomplete, represented by neu@demo.at. */
// Toasts live in sonner's module-wide store: one test's toasts must not show up in the next.
afterEach(() => {
  toast.dismiss()
})

const CLUB = 'club-su-leoben'

const open = async (showSaveAlert: 'true' | 'false' = 'true') => {
  const view = await renderRoute(`/club/${CLUB}/${showSaveAlert}`, { signedInAs: 'neu@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })
  return view
}

const field = (label: string | RegExp) =>
  screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label, {
    selector: 'input, select, textarea',
  })

const retype = async (user: UserEvent, label: string | RegExp, value: string) => {
  const input = field(label)
  await user.clear(input)
  if (value) await user.type(input, value)
}

const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Speichern' }))

const form = () => screen.getByRole('form', { name: 'Vereinsdaten' })

describe('club profile form: loading', () => {
  it('shows the saved club with German labels and what is still missing', async () => {
    await open()
    expect(field('Name des Vereins')).toHaveValue('Sportunion Leoben')
    expect(field('Kontoinhaber/in')).toHaveValue('')
    for (const label of [
      'ZVR-Zahl',
      'Steuernummer',
      'Spendenbegünstigungsnummer',
      'Kurzbeschreibung',
      'IBAN',
      'BIC',
      'Geburtsdatum',
    ]) {
      expect(field(label)).toBeInTheDocument()
    }
    expect(screen.getByRole('option', { name: 'Reisepass' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Führerschein' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Personalausweis' })).toBeInTheDocument()
    expect(screen.getByText('Das Profil ist noch unvollständig.')).toBeInTheDocument()
    const missing = screen.getAllByRole('list', { name: 'Fehlende Angaben' })[0]!
    expect(within(missing).getByText('Bankverbindung: IBAN')).toBeInTheDocument()
    expect(within(missing).getByText('Dokument: SPEND 2-Formular')).toBeInTheDocument()
  })

  it('hides the billing address while it is the club address, and offers the country list otherwise', async () => {
    const { user } = await open()
    const same = screen.getByLabelText('Rechnungsadresse wie Vereinsadresse')
    expect(same).toBeChecked()
    const billing = screen.getByRole('region', { name: 'Rechnungsadresse' })
    expect(within(billing).queryByLabelText(/^Straße/)).not.toBeInTheDocument()
    await user.click(same)
    expect(within(billing).getByLabelText(/^Straße/)).toBeInTheDocument()
    const country = within(billing).getByLabelText(/^Land/)
    expect(await within(country).findByRole('option', { name: 'Österreich' })).toBeInTheDocument()
  })

  it('lets staff look but not change anything', async () => {
    await renderRoute(`/club/${CLUB}/false`, { signedInAs: 'staff@demo.at' })
    expect(await screen.findByText('Nur Ansicht')).toBeInTheDocument()
    expect(field('Name des Vereins')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Bild hinzufügen/)).not.toBeInTheDocument()
  })
})

describe('club profile form: the bank details and the money right', () => {
  it('shows a member whose club role may not manage money the bank details, not to change', async () => {
    // Sportunion Leoben's only member becomes its Schriftführer/in (past the rules: a test's setup).
    setClubRole(CLUB, seedAccounts.neu.uid, seedClubRoles.schriftfuehrung)
    await open()
    // Once the person's clubs have loaded (until then the backend alone decides).
    await waitFor(() => expect(field('IBAN')).toHaveAttribute('readonly'))
    for (const label of ['Kontoinhaber/in', 'IBAN', 'BIC', 'Name der Bank'])
      expect(field(label)).toHaveAttribute('readonly')
    expect(form()).toHaveTextContent('Ihre Rolle im Verein darf die Bankverbindung nicht ändern.')
    // The rest of the profile stays theirs.
    expect(field('Kurzbeschreibung')).not.toHaveAttribute('readonly')
  })

  it('lets the chair change them', async () => {
    await open()
    expect(field('IBAN')).not.toHaveAttribute('readonly')
    expect(form()).not.toHaveTextContent('Ihre Rolle im Verein darf die Bankverbindung nicht ändern.')
  })
})

describe('club profile form: validation messages', () => {
  it('checks the IBAN check digits (mod 97), accepting spaces and lower case', async () => {
    const { user } = await open()
    await retype(user, 'IBAN', 'AT61 1904 3002 3457 3202')
    await save(user)
    expect(await screen.findByText('Die IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.')).toBeInTheDocument()
    expect(field('IBAN')).toHaveAttribute('aria-invalid', 'true')

    await retype(user, 'IBAN', 'at61 1904 3002 3457 3201')
    await waitFor(() =>
      expect(
        screen.queryByText('Die IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.'),
      ).not.toBeInTheDocument(),
    )
  })

  it('groups the IBAN in fours while it is typed and pasted, and sends it without spaces', async () => {
    const { user } = await open()
    const iban = field('IBAN')
    await user.clear(iban)
    await user.type(iban, 'at611904300')
    expect(iban).toHaveValue('AT61 1904 300')
    // Typing goes on where the caret is, also in the middle: the groups follow.
    await user.type(iban, '234573201')
    expect(iban).toHaveValue('AT61 1904 3002 3457 3201')
    await user.clear(iban)
    await user.click(iban)
    await user.paste('AT61-1904-3002-3457-3201')
    expect(iban).toHaveValue('AT61 1904 3002 3457 3201')

    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    expect(await screen.findByText('Alle Änderungen sind gespeichert.')).toBeInTheDocument()
    const saved = await backend.transact(async (ports) => (await ports.clubs.get(CLUB))!.profile.bankInfo.iban)
    expect(saved).toBe('AT611904300234573201')
    // Shown grouped again, from what the backend answered.
    expect(field('IBAN')).toHaveValue('AT61 1904 3002 3457 3201')
  })

  it('keeps the caret after the character it was after when typing in the middle of the IBAN', async () => {
    const { user } = await open()
    const iban = field('IBAN') as HTMLInputElement
    await user.clear(iban)
    await user.type(iban, 'AT6119043002345732')
    expect(iban).toHaveValue('AT61 1904 3002 3457 32')
    // A character typed after "AT61 19" pushes the rest along; the caret stays right after it.
    await user.type(iban, '9', { initialSelectionStart: 7, initialSelectionEnd: 7 })
    expect(iban).toHaveValue('AT61 1990 4300 2345 732')
    expect(iban.selectionStart).toBe(8)
  })

  it('checks BIC, ZVR number, postal code, phone, e-mail and birth date, and requires the name', async () => {
    const { user } = await open()
    await retype(user, 'Name des Vereins', '')
    await retype(user, 'BIC', 'GIBA')
    await retype(user, 'ZVR-Zahl', 'ZVR 12')
    const address = screen.getByRole('region', { name: 'Vereinsadresse' })
    await user.clear(within(address).getByLabelText(/^Postleitzahl/))
    await user.type(within(address).getByLabelText(/^Postleitzahl/), '#')
    const contact = screen.getByRole('region', { name: 'Kontaktperson für die Legitimation' })
    await user.type(within(contact).getByLabelText(/^Telefonnummer/), 'abends')
    await user.clear(within(contact).getByLabelText(/^E-Mail/))
    await user.type(within(contact).getByLabelText(/^E-Mail/), 'nina@')
    await user.type(within(contact).getByLabelText(/^Geburtsdatum/), '2999-01-01')
    await save(user)

    expect(await screen.findByText('Bitte geben Sie den Namen des Vereins ein.')).toBeInTheDocument()
    expect(screen.getByText('Der BIC ist ungültig (8 oder 11 Zeichen, z. B. GIBAATWWXXX).')).toBeInTheDocument()
    expect(screen.getByText('Die ZVR-Zahl besteht aus 1 bis 10 Ziffern.')).toBeInTheDocument()
    expect(
      screen.getByText('Bitte geben Sie eine österreichische Postleitzahl mit 4 Ziffern ein (z. B. 5400).'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + ( ) / -).'),
    ).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument()
    expect(screen.getByText('Die Kontaktperson muss mindestens 14 Jahre alt sein.')).toBeInTheDocument()
    expect(await screen.findAllByText('Bitte prüfen Sie die markierten Felder.')).not.toHaveLength(0)
    // Nothing was sent: no confirmation, no success.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('club profile form: saving', () => {
  it('asks before saving incomplete data, listing what is missing, and saves after confirmation', async () => {
    const { user } = await open('true')
    await retype(user, 'Steuernummer', '12 345/6789')
    await retype(user, 'IBAN', 'AT61 1904 3002 3457 3201')
    await save(user)

    const dialog = await screen.findByRole('dialog', { name: 'Unvollständige Daten speichern?' })
    const missing = within(dialog).getByRole('list', { name: 'Fehlende Angaben' })
    expect(within(missing).getByText('Spendenbegünstigungsnummer')).toBeInTheDocument()
    expect(within(missing).getByText('Ausweis: Vorderseite')).toBeInTheDocument()
    expect(within(missing).queryByText('Bankverbindung: IBAN')).not.toBeInTheDocument()
    expect(within(missing).queryByText('Steuernummer')).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem speichern' }))
    expect(
      await screen.findAllByText('Vereinsdaten wurden aktualisiert', { selector: '[data-title]' }),
    ).not.toHaveLength(0)
    // showSaveAlert=true: the alert on the page says it too, with what the backend still misses.
    const alert = await screen.findByText('Gespeichert. Für die Freischaltung fehlt noch:')
    expect(alert).toBeInTheDocument()
    expect(field('IBAN')).toHaveValue('AT61 1904 3002 3457 3201')
    expect(screen.getByText('Alle Änderungen sind gespeichert.')).toBeInTheDocument()
  })

  it('does not save when the confirmation is cancelled, and keeps what was typed', async () => {
    const { user } = await open()
    await retype(user, 'Steuernummer', '12 345/6789')
    await save(user)
    const dialog = await screen.findByRole('dialog', { name: 'Unvollständige Daten speichern?' })
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(field('Steuernummer')).toHaveValue('12 345/6789')
    expect(screen.getByText('Sie haben ungespeicherte Änderungen.')).toBeInTheDocument()
  })

  it('with showSaveAlert=false reports a save by toast only', async () => {
    const { user } = await open('false')
    await retype(user, 'Steuernummer', '12 345/6789')
    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    expect(await screen.findAllByText('Vereinsdaten wurden aktualisiert')).not.toHaveLength(0)
    expect(await screen.findByText('Alle Änderungen sind gespeichert.')).toBeInTheDocument()
    expect(screen.queryByText('Gespeichert. Für die Freischaltung fehlt noch:')).not.toBeInTheDocument()
    expect(screen.getByText('Das Profil ist noch unvollständig.')).toBeInTheDocument()
  })

  it('keeps everything typed when saving fails', async () => {
    failOperation('updateClub', 500, 1)
    const { user } = await open()
    await retype(user, 'Steuernummer', '12 345/6789')
    await retype(user, 'Kontoinhaber/in', 'Sportunion Leoben')
    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    expect(await screen.findAllByText('Fehler beim Aktualisieren der Vereinsdaten')).not.toHaveLength(0)
    expect(field('Steuernummer')).toHaveValue('12 345/6789')
    expect(field('Kontoinhaber/in')).toHaveValue('Sportunion Leoben')
    expect(screen.getByText('Sie haben ungespeicherte Änderungen.')).toBeInTheDocument()
    expect(form()).toBeInTheDocument()
  })

  it('says that the connection failed and keeps everything typed when the save gets no answer', async () => {
    dropConnection('updateClub')
    const { user } = await open()
    await retype(user, 'Steuernummer', '12 345/6789')
    await retype(user, 'IBAN', 'AT61 1904 3002 3457 3201')
    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    expect(await screen.findByText('Fehler beim Aktualisieren der Vereinsdaten')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Die Verbindung zum Server ist fehlgeschlagen. Ihre Eingaben bleiben erhalten. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument()
    expect(field('Steuernummer')).toHaveValue('12 345/6789')
    expect(field('IBAN')).toHaveValue('AT61 1904 3002 3457 3201')
    expect(screen.getByText('Sie haben ungespeicherte Änderungen.')).toBeInTheDocument()
  })

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = await open()
    await retype(user, 'Steuernummer', '12 345/6789')
    await user.click(screen.getByRole('link', { name: 'Zur Übersicht' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe(`/club/${CLUB}/true`)
    expect(field('Steuernummer')).toHaveValue('12 345/6789')

    await user.click(screen.getByRole('link', { name: 'Zur Übersicht' }))
    await user.click(await screen.findByRole('button', { name: 'Seite verlassen' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })
})

describe('club profile form: input that makes sense', () => {
  const billing = () => screen.getByRole('region', { name: 'Rechnungsadresse' })
  const contact = () => screen.getByRole('region', { name: 'Kontaktperson für die Legitimation' })

  it('checks the billing postal code by its country, the age of the contact person and invisible characters', async () => {
    const { user } = await open()
    await user.click(screen.getByLabelText('Rechnungsadresse wie Vereinsadresse'))
    await user.selectOptions(within(billing()).getByLabelText(/^Land/), 'DE')
    await user.type(within(billing()).getByLabelText(/^Postleitzahl/), '8033')
    await user.type(within(contact()).getByLabelText(/^Geburtsdatum/), '1890-05-01')
    // A name pasted with a right-to-left override in it.
    await retype(user, 'Name des Vereins', 'Sportunion \u202Enebo\u202C Leoben')
    await save(user)

    expect(
      await screen.findByText('Bitte geben Sie eine deutsche Postleitzahl mit 5 Ziffern ein (z. B. 80331).'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Die Kontaktperson kann nicht älter als 120 Jahre sein. Bitte prüfen Sie das Geburtsdatum.'),
    ).toBeInTheDocument()
    expect(field('Name des Vereins')).toHaveAccessibleDescription(
      'Bitte entfernen Sie Steuerzeichen und unsichtbare Richtungszeichen (z. B. aus kopiertem Text).',
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.selectOptions(within(billing()).getByLabelText(/^Land/), 'CH')
    await save(user)
    await waitFor(() =>
      expect(
        screen.queryByText('Bitte geben Sie eine deutsche Postleitzahl mit 5 Ziffern ein (z. B. 80331).'),
      ).not.toBeInTheDocument(),
    )
  })

  it('shows a ZVR number another club has at the ZVR field, with the focus there', async () => {
    const taken = await backend.transact(
      async (ports) => (await ports.clubs.get(seedClubs.secondActive))!.profile.zvrNumber,
    )
    const { user } = await open()
    await retype(user, 'ZVR-Zahl', taken)
    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    await waitFor(() =>
      expect(field('ZVR-Zahl')).toHaveAccessibleDescription(
        expect.stringContaining('Ein Verein mit dieser ZVR-Zahl ist bereits registriert'),
      ),
    )
    await waitFor(() => expect(field('ZVR-Zahl')).toHaveFocus())
    expect(screen.queryByText('Fehler beim Aktualisieren der Vereinsdaten')).not.toBeInTheDocument()
    expect(screen.getByText('Sie haben ungespeicherte Änderungen.')).toBeInTheDocument()
  })

  it('asks before saving the name and postal code of another club, and saves once confirmed', async () => {
    const { user } = await open()
    await retype(user, 'Name des Vereins', 'Musikverein Hallein')
    const address = screen.getByRole('region', { name: 'Vereinsadresse' })
    await user.clear(within(address).getByLabelText(/^Postleitzahl/))
    await user.type(within(address).getByLabelText(/^Postleitzahl/), '5400')
    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))

    const dialog = await screen.findByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
    expect(
      within(dialog).getByText(/Es gibt bereits einen Verein mit diesem Namen in dieser Postleitzahl/),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Musikverein Hallein')).toBeInTheDocument()
    expect(within(dialog).getByText('5400')).toBeInTheDocument()
    // "Abbrechen" has the focus first: Enter does not save a duplicate by accident.
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(field('Name des Vereins')).toHaveValue('Musikverein Hallein')
    expect(screen.queryByText('Fehler beim Aktualisieren der Vereinsdaten')).not.toBeInTheDocument()

    await save(user)
    await user.click(await screen.findByRole('button', { name: 'Trotzdem speichern' }))
    const again = await screen.findByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
    await user.click(within(again).getByRole('button', { name: 'Trotzdem speichern' }))
    expect(await screen.findAllByText('Vereinsdaten wurden aktualisiert')).not.toHaveLength(0)
    expect(await screen.findByText('Alle Änderungen sind gespeichert.')).toBeInTheDocument()
  })
})
