import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { backend } from '#mocks/node.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'
import { DRAFT_KEY } from './draft.ts'

// Toasts live in sonner's module-wide store: one test's toasts must not show up in the next.
afterEach(() => {
  toast.dismiss()
})

const BANNER = 'Bitte füllen Sie alle Pflichtfelder aus!'

const open = async (path = '/register_organisation') => {
  const view = await renderRoute(path)
  await screen.findByRole('heading', { level: 1, name: 'Verein registrieren' })
  return view
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Weiter' }))
const back = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Zurück' }))
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name })

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** A field by its label, with or without the required asterisk. */
const labelled = (label: string) => new RegExp(`^${escape(label)}(\\s\\*)?$`)

const type = async (user: UserEvent, label: string, value: string) => {
  const field = screen.getByLabelText(labelled(label), { selector: 'input, select, textarea' })
  await user.clear(field)
  if (value) await user.type(field, value)
}

const fillClub = async (user: UserEvent) => {
  await type(user, 'Name des Vereins', 'Schachklub Zwettl')
  await type(user, 'ZVR-Zahl', '123456789')
  await next(user)
  await stepHeading('Adresse')
}

const fillAddress = async (user: UserEvent) => {
  await type(user, 'Straße', 'Hauptplatz')
  await type(user, 'Hausnummer', '1')
  await type(user, 'Postleitzahl', '3910')
  await type(user, 'Ort', 'Zwettl')
  await next(user)
  await stepHeading('Kontaktperson und Benutzerkonto')
}

const fillAccount = async (user: UserEvent, email = 'obfrau@schachklub-zwettl.at') => {
  await type(user, 'Vorname', 'Eva')
  await type(user, 'Nachname', 'Springer')
  await type(user, 'Telefonnummer', '+43 664 1234567')
  await type(user, 'E-Mail', email)
  await type(user, 'Passwort', 'Geheim1234')
  await type(user, 'Passwort wiederholen', 'Geheim1234')
  await next(user)
  await stepHeading('Vereinsart und Größe')
}

const fillClubType = async (user: UserEvent) => {
  await user.selectOptions(await screen.findByLabelText(labelled('Vereinsart')), 'Kulturverein')
  await user.selectOptions(screen.getByLabelText(labelled('Vereinsgröße')), '20')
  await next(user)
  await stepHeading('AGB und Abschluss')
}

const toTerms = async (user: UserEvent, email?: string) => {
  await fillClub(user)
  await fillAddress(user)
  await fillAccount(user, email)
  await fillClubType(user)
}

const finish = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Abschließen' }))

/** The ZVR number of the seed's "Musikverein Hallein". */
const takenZvr = () =>
  backend.transact(async (ports) => (await ports.clubs.get(seedClubs.secondActive))!.profile.zvrNumber)

afterEach(() => sessionStorage.clear())

describe('registration wizard: step validation', () => {
  it('step 1 asks for the club name and a ZVR number of 1 to 10 digits', async () => {
    const { user } = await open()
    expect(screen.getByRole('heading', { level: 2, name: 'Vereinsdaten' })).toBeInTheDocument()
    await next(user)
    expect(await screen.findByText(BANNER)).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie den Namen des Vereins ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie die ZVR-Zahl ein.')).toBeInTheDocument()

    await type(user, 'Name des Vereins', 'S')
    await type(user, 'ZVR-Zahl', '12ab')
    await next(user)
    expect(await screen.findByText('Bitte geben Sie mindestens 2 Zeichen ein.')).toBeInTheDocument()
    expect(screen.getByText('Die ZVR-Zahl besteht aus 1 bis 10 Ziffern.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Vereinsdaten' })).toBeInTheDocument()
  })

  it('step 2 asks for every part of the address and a valid postal code', async () => {
    const { user } = await open()
    await fillClub(user)
    await next(user)
    expect(await screen.findByText(BANNER)).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie die Straße ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie die Hausnummer ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie die Postleitzahl ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie den Ort ein.')).toBeInTheDocument()

    // The club address is Austrian: 4 digits.
    await type(user, 'Postleitzahl', '80331')
    await next(user)
    expect(
      await screen.findByText('Bitte geben Sie eine österreichische Postleitzahl mit 4 Ziffern ein (z. B. 5400).'),
    ).toBeInTheDocument()
  })

  it('refuses invisible control and direction characters in a name, with a message at the field', async () => {
    const { user } = await open()
    await type(user, 'Name des Vereins', 'Schachklub \u202EltteWZ')
    await type(user, 'ZVR-Zahl', '4711')
    await next(user)
    expect(await screen.findByLabelText(/^Name des Vereins/)).toHaveAccessibleDescription(
      'Bitte entfernen Sie Steuerzeichen und unsichtbare Richtungszeichen (z. B. aus kopiertem Text).',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Vereinsdaten' })).toBeInTheDocument()
  })

  it('step 3 asks for the contact person and an account with a matching password of at least 8 characters', async () => {
    const { user } = await open()
    await fillClub(user)
    await fillAddress(user)
    await next(user)
    expect(await screen.findByText(BANNER)).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Nachnamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()

    await type(user, 'Telefonnummer', 'ruf mich an')
    await type(user, 'E-Mail', 'keine-adresse')
    await type(user, 'Passwort', 'kurz')
    await type(user, 'Passwort wiederholen', 'anders')
    await next(user)
    expect(
      await screen.findByText('Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + ( ) / -).'),
    ).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument()
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument()
  })

  it('step 4 asks for the club type; the size is optional', async () => {
    const { user } = await open()
    await fillClub(user)
    await fillAddress(user)
    await fillAccount(user)
    await screen.findByRole('option', { name: 'Kulturverein' })
    await next(user)
    expect(await screen.findByText(BANNER)).toBeInTheDocument()
    expect(screen.getByText('Bitte wählen Sie die Vereinsart.')).toBeInTheDocument()
    expect(screen.getByLabelText(labelled('Vereinsgröße'))).toHaveValue('')

    await user.selectOptions(screen.getByLabelText(labelled('Vereinsart')), 'Kulturverein')
    await next(user)
    expect(await stepHeading('AGB und Abschluss')).toBeInTheDocument()
  })

  it('step 5 needs the AGB accepted and shows them in a dialog', async () => {
    const { user } = await open()
    await toTerms(user)
    await finish(user)
    expect(await screen.findByText('Bitte akzeptieren Sie die AGB.')).toBeInTheDocument()
    expect(screen.getByText(BANNER)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'AGB lesen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen (AGB)' })
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

describe('registration wizard: navigation and draft', () => {
  it('announces the current step and keeps everything when going back', async () => {
    const { user, router } = await open()
    const steps = screen.getByRole('navigation', { name: 'Schritte der Registrierung' })
    expect(within(steps).getByText('Schritt 1: Vereinsdaten, aktueller Schritt')).toBeInTheDocument()
    await fillClub(user)
    expect(router.state.location.search).toMatchObject({ step: 2 })
    expect(within(steps).getByText('Schritt 1: Vereinsdaten, erledigt')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Adresse' })).toHaveFocus()

    await type(user, 'Straße', 'Hauptplatz')
    await back(user)
    await stepHeading('Vereinsdaten')
    expect(screen.getByLabelText(/^Name des Vereins/)).toHaveValue('Schachklub Zwettl')
    expect(screen.getByLabelText(/^ZVR-Zahl/)).toHaveValue('123456789')
    await next(user)
    await stepHeading('Adresse')
    expect(screen.getByLabelText(/^Straße/)).toHaveValue('Hauptplatz')
  })

  it('keeps the draft in the session without the password, and restores it after a reload', async () => {
    const { user } = await open()
    await fillClub(user)
    await fillAddress(user)
    await fillAccount(user)

    const stored = sessionStorage.getItem(DRAFT_KEY) ?? ''
    expect(stored).toContain('Schachklub Zwettl')
    expect(stored).toContain('obfrau@schachklub-zwettl.at')
    expect(stored).not.toContain('Geheim1234')
    expect(stored).not.toMatch(/password/i)

    // A reload on step 4: the password is gone, so the wizard goes back to step 3 and asks for it again.
    document.body.innerHTML = ''
    const reloaded = await open('/register_organisation?step=4')
    await stepHeading('Kontaktperson und Benutzerkonto')
    expect(reloaded.router.state.location.search).toMatchObject({ step: 3 })
    expect(screen.getByText(/Das Passwort speichern wir aus Sicherheitsgründen nicht/)).toBeInTheDocument()
    expect(screen.getByLabelText(/^E-Mail/)).toHaveValue('obfrau@schachklub-zwettl.at')
    expect(screen.getByLabelText(labelled('Passwort'))).toHaveValue('')
  })

  it('does not let a URL skip steps', async () => {
    const { router } = await open('/register_organisation?step=5')
    await stepHeading('Vereinsdaten')
    expect(router.state.location.search).toMatchObject({ step: 1 })
  })
})

describe('registration wizard: sending', () => {
  it('registers the club and goes to the success page', async () => {
    const { user, router } = await open()
    await toTerms(user)
    expect(screen.getByText('Schachklub Zwettl')).toBeInTheDocument()
    expect(screen.getByText('Kulturverein')).toBeInTheDocument()
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(router.state.location.search).toMatchObject({ from: 'registration' })
    expect(await screen.findAllByText('Verein erfolgreich registriert')).not.toHaveLength(0)
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('shows "User ist bereits vorhanden" at the e-mail field for a taken address', async () => {
    const { user, router } = await open()
    await toTerms(user, 'verein@demo.at')
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)
    await stepHeading('Kontaktperson und Benutzerkonto')
    expect(router.state.location.search).toMatchObject({ step: 3 })
    const email = screen.getByLabelText(/^E-Mail/)
    expect(email).toHaveAccessibleDescription('User ist bereits vorhanden')
    expect(email).toHaveValue('verein@demo.at')
    await waitFor(() => expect(email).toHaveFocus())
    expect(screen.getByLabelText(labelled('Passwort'))).toHaveValue('Geheim1234')
  })

  it('says on leaving the ZVR field that another club has the number, and holds "Weiter" until it changes', async () => {
    const taken = await takenZvr()
    const { user } = await open()
    await type(user, 'Name des Vereins', 'Musikverein Hallein')
    await type(user, 'ZVR-Zahl', taken)
    const zvr = screen.getByLabelText(/^ZVR-Zahl/)
    await user.tab()
    expect(await screen.findByText('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')).toBeInTheDocument()
    expect(zvr).toHaveAccessibleDescription('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')
    expect(zvr).toHaveAttribute('aria-invalid', 'true')

    // "Weiter" stays on the first step and goes back to the field; no banner about missing fields.
    await next(user)
    await waitFor(() => expect(zvr).toHaveFocus())
    expect(screen.getByRole('heading', { level: 2, name: 'Vereinsdaten' })).toBeInTheDocument()
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument()
    expect(screen.getByLabelText(/^Name des Vereins/)).toHaveValue('Musikverein Hallein')

    // The message goes as the number changes; a free number lets the person on.
    await type(user, 'ZVR-Zahl', '4711')
    expect(screen.queryByText(/Ein Verein mit dieser ZVR-Zahl/)).not.toBeInTheDocument()
    await user.tab()
    await next(user)
    await stepHeading('Adresse')
    expect(screen.queryByText(/Ein Verein mit dieser ZVR-Zahl/)).not.toBeInTheDocument()
  })

  it('lets the person on when the ZVR look-up fails: the registration decides', async () => {
    failOperation('checkZvrAvailability', 503)
    const { user } = await open()
    await type(user, 'Name des Vereins', 'Musikverein Hallein')
    await type(user, 'ZVR-Zahl', await takenZvr())
    await user.tab()
    await next(user)
    await stepHeading('Adresse')
    expect(screen.queryByText(/Ein Verein mit dieser ZVR-Zahl/)).not.toBeInTheDocument()
  })

  it('brings the person back to step 1 with everything typed when the number was taken after the look-up', async () => {
    const { user, router } = await open()
    await type(user, 'Name des Vereins', 'Musikverein Hallein')
    await type(user, 'ZVR-Zahl', '4711')
    await next(user)
    await stepHeading('Adresse')
    await fillAddress(user)
    await fillAccount(user)
    await fillClubType(user)
    // Meanwhile another club takes the number.
    await backend.transact(async (ports) => {
      const other = (await ports.clubs.get(seedClubs.secondActive))!
      await ports.clubs.update({ ...other, profile: { ...other.profile, zvrNumber: '4711' } })
    })
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)

    await stepHeading('Vereinsdaten')
    expect(router.state.location.search).toMatchObject({ step: 1 })
    const zvr = screen.getByLabelText(/^ZVR-Zahl/)
    expect(zvr).toHaveAccessibleDescription('Ein Verein mit dieser ZVR-Zahl ist bereits registriert')
    await waitFor(() => expect(zvr).toHaveFocus())
    expect(zvr).toHaveValue('4711')
    expect(screen.getByLabelText(/^Name des Vereins/)).toHaveValue('Musikverein Hallein')
    expect(screen.queryByText('Fehler bei der Registrierung!')).not.toBeInTheDocument()
    // The earlier "free" is forgotten: "Weiter" does not let the same number through again.
    await next(user)
    await waitFor(() => expect(zvr).toHaveAccessibleDescription(/Ein Verein mit dieser ZVR-Zahl/))
    expect(screen.getByRole('heading', { level: 2, name: 'Vereinsdaten' })).toBeInTheDocument()

    // A number of its own: every other step still holds what was typed (the password too), and the club is registered.
    await type(user, 'ZVR-Zahl', '4712')
    expect(screen.queryByText(/Ein Verein mit dieser ZVR-Zahl/)).not.toBeInTheDocument()
    for (const heading of ['Adresse', 'Kontaktperson und Benutzerkonto', 'Vereinsart und Größe', 'AGB und Abschluss']) {
      await next(user)
      await stepHeading(heading)
    }
    await finish(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
  })

  it('asks before registering a second club of the same name in the same postal code', async () => {
    const { user, router } = await open()
    await type(user, 'Name des Vereins', 'musikverein hallein')
    await type(user, 'ZVR-Zahl', '4711')
    await next(user)
    await stepHeading('Adresse')
    await type(user, 'Straße', 'Davisstraße')
    await type(user, 'Hausnummer', '5')
    await type(user, 'Postleitzahl', '5400')
    await type(user, 'Ort', 'Hallein')
    await next(user)
    await stepHeading('Kontaktperson und Benutzerkonto')
    await fillAccount(user, 'kapellmeisterin@mv-hallein.at')
    await fillClubType(user)
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)

    const dialog = await screen.findByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
    expect(
      within(dialog).getByText(/Es gibt bereits einen Verein mit diesem Namen in dieser Postleitzahl/),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('musikverein hallein')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    expect(screen.queryByText('Fehler bei der Registrierung!')).not.toBeInTheDocument()

    // Cancelled: nothing registered, everything still there.
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/register_organisation')
    expect(screen.getByText('musikverein hallein')).toBeInTheDocument()

    // Confirmed: sent again with `confirmDuplicate`, registered.
    await finish(user)
    const again = await screen.findByRole('dialog', { name: 'Gibt es diesen Verein schon?' })
    await user.click(within(again).getByRole('button', { name: 'Trotzdem registrieren' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
  })

  it('reports other failures with "Fehler bei der Registrierung!" and keeps everything', async () => {
    failOperation('createClubWithUser', 500, 1)
    const { user, router } = await open()
    await toTerms(user)
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)
    expect(await screen.findAllByText('Fehler bei der Registrierung!')).not.toHaveLength(0)
    expect(router.state.location.pathname).toBe('/register_organisation')
    expect(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.')).toBeChecked()
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('Schachklub Zwettl')

    // The second attempt goes through.
    await finish(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
  })

  it('says why when the server rate-limits registrations (429) and keeps everything', async () => {
    failOperation('createClubWithUser', 429, 1)
    const { user, router } = await open()
    await toTerms(user)
    await user.click(screen.getByLabelText('Ich habe die AGB gelesen und akzeptiere sie.'))
    await finish(user)
    expect(await screen.findAllByText('Fehler bei der Registrierung!')).not.toHaveLength(0)
    expect(
      screen.getAllByText(
        'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
      ),
    ).not.toHaveLength(0)
    expect(router.state.location.pathname).toBe('/register_organisation')
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('Schachklub Zwettl')
  })
})
