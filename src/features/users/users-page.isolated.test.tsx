import { waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '#openapi/generated/model/user.ts'
import { server } from '#mocks/node.ts'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { dropConnection } from '#tests/utils/mock-faults.ts'
import { renderComponent, renderRoute, screen } from '#tests/utils/render.tsx'
import { DeleteUserDialog } from './components/delete-user-dialog.tsx'
import { EditUserDialog } from './components/user-form-dialog.tsx'

const ADMIN: User = {
  uid: 'uid-admin',
  email: 'admin@demo.at',
  firstName: 'Andrea',
  lastName: 'Admin',
  role: 'ROLE_ADMIN',
  emailVerified: true,
  createdAt: '2023-01-01T00:00:00Z',
}

const openUsers = async (path = '/users') => {
  const view = await renderRoute(path, { signedInAs: 'admin@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Benutzerverwaltung' })
  const table = await screen.findByRole('table', { name: 'Benutzer' })
  return { ...view, table }
}

/** The table row that shows `text` in one of its cells. */
const rowOf = (table: HTMLElement, text: string) => {
  const rows = within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryByText(text) !== null)
  if (rows.length !== 1) throw new Error(`${rows.length} rows show "${text}"`)
  return rows[0]!
}

afterEach(() => {
  vi.useRealTimers()
})

describe('User administration', () => {
  it('lists users with their German role and whether the address is confirmed', async () => {
    const { table } = await openUsers('/users?q=demo.at')
    expect(within(rowOf(table, 'admin@demo.at')).getByText('Administrator/in')).toBeInTheDocument()
    expect(within(rowOf(table, 'staff@demo.at')).getByText('Mitarbeiter/in')).toBeInTheDocument()
    expect(within(rowOf(table, 'verein@demo.at')).getByText('Vereinsvertreter/in')).toBeInTheDocument()
    expect(within(rowOf(table, 'verein@demo.at')).getByText('Bestätigt')).toBeInTheDocument()
    expect(within(rowOf(table, 'unbestaetigt@demo.at')).getByText('Nicht bestätigt')).toBeInTheDocument()
  })

  it('shows each user’s clubs, linked to the club’s overview, and finds users by club', async () => {
    const { table, user, router } = await openUsers('/users?q=demo.at')
    const clubs = within(rowOf(table, 'verein@demo.at')).getByRole('list', { name: 'Vereine von Markus Obermayr' })
    const links = within(clubs).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Musikverein Hallein',
      'SV Grünbach 1923',
      'Verein Jugend im Dreiländereck Passau e. V.',
    ])
    expect(links[1]).toHaveAttribute('href', '/home?id=club-sv-gruenbach')
    expect(within(rowOf(table, 'admin@demo.at')).getByText('Kein Verein')).toBeInTheDocument()

    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }))
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Hallein')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'Hallein' }))
    const found = screen.getByRole('table', { name: 'Benutzer' })
    const rows = within(found).getAllByRole('row').slice(1)
    for (const row of rows) expect(within(row).getByRole('link', { name: 'Musikverein Hallein' })).toBeInTheDocument()
    await user.click(within(rowOf(found, 'verein@demo.at')).getByRole('link', { name: 'Musikverein Hallein' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(router.state.location.search).toMatchObject({ id: 'club-mv-hallein' })
  })

  it('keeps search, sort and page in the URL', async () => {
    const { router, user } = await openUsers()
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Mitarbeiter')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'Mitarbeiter' }))
    const table = screen.getByRole('table', { name: 'Benutzer' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getByText('staff@demo.at')).toBeInTheDocument()

    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }))
    await user.selectOptions(screen.getByLabelText('Sortierung'), 'email,desc')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'email', dir: 'desc' }))
    await user.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 1 }))
    expect(screen.getByText(/Seite 2 von 4/)).toBeInTheDocument()
  })

  it('falls back to defaults for invalid list parameters', async () => {
    const { router } = await openUsers('/users?sort=password&size=7&page=-3')
    // Defaults are not written into the URL.
    expect(router.state.location.search).toEqual({})
    expect(screen.getByLabelText('Sortierung')).toHaveValue('name,asc')
    expect(screen.getByLabelText('Pro Seite')).toHaveValue('20')
    expect(screen.getByText(/Seite 1 von 4/)).toBeInTheDocument()
  })

  it('checks the new user form and refuses a taken e-mail address at the field', async () => {
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Benutzer anlegen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer anlegen' })
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }))
    expect(await within(dialog).findByText('Bitte geben Sie den Vornamen ein.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie die E-Mail-Adresse ein.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte wählen Sie eine Rolle.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText(/Vorname/), 'Vera')
    await user.type(within(dialog).getByLabelText(/Nachname/), 'Verein')
    await user.type(within(dialog).getByLabelText(/E-Mail/), 'verein@demo.at')
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_STAFF')
    await user.type(within(dialog).getByLabelText(/Passwort/), 'kurz')
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }))
    expect(await within(dialog).findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText(/Passwort/))
    await user.type(within(dialog).getByLabelText(/Passwort/), 'Sicher1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }))
    const email = within(dialog).getByLabelText(/E-Mail/)
    await waitFor(() => expect(email).toHaveAccessibleDescription('User ist bereits vorhanden'))
    // Nothing typed is lost.
    expect(within(dialog).getByLabelText(/Vorname/)).toHaveValue('Vera')
  })

  it('creates a user', async () => {
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Benutzer anlegen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer anlegen' })
    await user.type(within(dialog).getByLabelText(/Vorname/), 'Maria')
    await user.type(within(dialog).getByLabelText(/Nachname/), 'Muster')
    await user.type(within(dialog).getByLabelText(/E-Mail/), 'maria.muster@demo.at')
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_STAFF')
    await user.type(within(dialog).getByLabelText(/Passwort/), 'Sicher1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }))
    expect(await screen.findByText('Benutzer wurde angelegt.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'muster')
    const table = screen.getByRole('table', { name: 'Benutzer' })
    expect(within(rowOf(table, 'maria.muster@demo.at')).getByText('Mitarbeiter/in')).toBeInTheDocument()
  })

  it('says that the connection failed and keeps the dialog as typed when a new user gets no answer', async () => {
    dropConnection('createUser')
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Benutzer anlegen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer anlegen' })
    await user.type(within(dialog).getByLabelText(/Vorname/), 'Maria')
    await user.type(within(dialog).getByLabelText(/Nachname/), 'Muster')
    await user.type(within(dialog).getByLabelText(/E-Mail/), 'maria.muster@demo.at')
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_STAFF')
    await user.type(within(dialog).getByLabelText(/Passwort/), 'Sicher1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }))
    expect(await screen.findByText('Fehler beim Speichern des Benutzers')).toBeInTheDocument()
    expect(
      screen.getByText(/^Die Verbindung zum Server ist fehlgeschlagen\. Ihre Eingaben bleiben erhalten\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Benutzer anlegen' })).toBe(dialog)
    expect(within(dialog).getByLabelText(/Vorname/)).toHaveValue('Maria')
    expect(within(dialog).getByLabelText(/E-Mail/)).toHaveValue('maria.muster@demo.at')
    expect(within(dialog).getByLabelText(/Rolle/)).toHaveValue('ROLE_STAFF')
    expect(within(dialog).getByLabelText(/Passwort/)).toHaveValue('Sicher1234!')
  })

  it('edits a user including the role', async () => {
    const { user, table } = await openUsers('/users?q=staff%40demo.at')
    await user.click(
      within(rowOf(table, 'staff@demo.at')).getByRole('button', { name: 'Stefan Sachbearbeiter bearbeiten' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
    await user.clear(within(dialog).getByLabelText(/Nachname/))
    await user.type(within(dialog).getByLabelText(/Nachname/), 'Sachverständig')
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_ADMIN')
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Benutzer wurde aktualisiert.')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table'), 'staff@demo.at')).getByText('Administrator/in'),
      ).toBeInTheDocument(),
    )
    expect(screen.getByText('Stefan Sachverständig')).toBeInTheDocument()
  })

  it('asks for the password before a role change on an old sign-in; cancelling keeps the dialog as typed', async () => {
    const { user, table } = await openUsers('/users?q=staff%40demo.at')
    // The sign-in is six minutes old: the backend wants a recent one for a role change.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 6 * 60_000)
    await user.click(
      within(rowOf(table, 'staff@demo.at')).getByRole('button', { name: 'Stefan Sachbearbeiter bearbeiten' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
    await user.clear(within(dialog).getByLabelText(/Nachname/))
    await user.type(within(dialog).getByLabelText(/Nachname/), 'Sachverständig')
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_ADMIN')
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))

    const question = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    await user.click(within(question).getByRole('button', { name: 'Abbrechen' }))
    expect(
      await screen.findByText('Die Änderung wurde nicht gespeichert: Die Anmeldung wurde nicht bestätigt.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Nachname/)).toHaveValue('Sachverständig')
    expect(within(dialog).getByLabelText(/Rolle/)).toHaveValue('ROLE_ADMIN')

    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    const again = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    await user.type(within(again).getByLabelText(/^Passwort/), 'Demo1234!')
    await user.click(within(again).getByRole('button', { name: 'Bestätigen' }))
    expect(await screen.findByText('Benutzer wurde aktualisiert.')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table'), 'staff@demo.at')).getByText('Administrator/in'),
      ).toBeInTheDocument(),
    )
  })

  it('locks deleting the own account and says why, but leaves its role to the backend', async () => {
    const { user, table } = await openUsers('/users?q=admin%40demo.at')
    const row = rowOf(table, 'admin@demo.at')
    const remove = within(row).getByRole('button', { name: 'Andrea Admin löschen' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription('Ihr eigenes Konto können Sie nicht löschen.')
    await user.click(within(row).getByRole('button', { name: 'Andrea Admin bearbeiten' }))
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
    expect(within(dialog).getByLabelText(/Rolle/)).toBeEnabled()
  })

  it('lets an administrator change their own role when another administrator exists', async () => {
    const sentRoles: unknown[] = []
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method === 'PUT' && new URL(request.url).pathname.endsWith('/users'))
        void request
          .clone()
          .json()
          .then((body: { role?: unknown }) => sentRoles.push(body.role))
    }
    server.events.on('request:start', onRequest)
    try {
      const { user } = await openUsers()
      // Another administrator first: Stefan becomes one.
      await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'staff@demo.at')
      await user.click(await screen.findByRole('button', { name: 'Stefan Sachbearbeiter bearbeiten' }))
      let dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
      await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_ADMIN')
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() =>
        expect(
          within(rowOf(screen.getByRole('table'), 'staff@demo.at')).getByText('Administrator/in'),
        ).toBeInTheDocument(),
      )

      // Now the own role can go: the select is enabled and the chosen role is sent.
      await user.clear(screen.getByRole('searchbox', { name: 'Suche' }))
      await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'admin@demo.at')
      await user.click(await screen.findByRole('button', { name: 'Andrea Admin bearbeiten' }))
      dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
      await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_STAFF')
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
      // The dialog closes only after the backend accepted the change.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(screen.queryByText('Fehler beim Speichern des Benutzers')).not.toBeInTheDocument()
      await waitFor(() => expect(sentRoles).toEqual(['ROLE_ADMIN', 'ROLE_STAFF']))
    } finally {
      server.events.removeListener('request:start', onRequest)
    }
  })

  it('deletes a user after a keyboard-operated confirmation; Escape cancels', async () => {
    const { user, table } = await openUsers('/users?q=neu%40demo.at')
    const remove = within(rowOf(table, 'neu@demo.at')).getByRole('button', { name: 'Nina Neubauer löschen' })
    remove.focus()
    await user.keyboard('{Enter}')
    let dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen?' })
    // "Abbrechen" has the focus, so Enter never deletes by accident.
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(remove).toHaveFocus())
    expect(within(table).getByText('neu@demo.at')).toBeInTheDocument()

    await user.keyboard('{Enter}')
    dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen?' })
    // Nina Neubauer is the only member of her club: the dialog says so before anything is deleted.
    expect(await within(dialog).findByText('Ein Verein bleibt ohne Vertretung')).toBeInTheDocument()
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Endgültig löschen' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Benutzer wurde entfernt.')).toBeInTheDocument()
    expect(await screen.findByText('Keine Benutzer gefunden')).toBeInTheDocument()
  })

  it('warns which clubs would be left without a representative before "Endgültig löschen"', async () => {
    const { user, table } = await openUsers('/users?q=demo.at')
    await user.click(within(rowOf(table, 'freigabe@demo.at')).getByRole('button', { name: /löschen$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen?' })
    expect(await within(dialog).findByText('Ein Verein bleibt ohne Vertretung')).toBeInTheDocument()
    expect(within(dialog).getByRole('list', { name: 'Vereine ohne Vertretung' })).toHaveTextContent(
      'Naturschutzverein Wienerwald Baden',
    )
    expect(within(dialog).getByRole('button', { name: 'Endgültig löschen' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Someone of no club: no warning.
    await user.click(within(rowOf(table, 'staff@demo.at')).getByRole('button', { name: /löschen$/ }))
    const staff = await screen.findByRole('dialog', { name: 'Benutzer löschen?' })
    await waitFor(() => expect(within(staff).getByRole('button', { name: 'Endgültig löschen' })).toBeEnabled())
    expect(within(staff).queryByText(/ohne Vertretung/)).not.toBeInTheDocument()
  })

  it('explains the refusal to delete the own account (409 self-delete)', async () => {
    const { user } = await renderComponent(
      <>
        <DeleteUserDialog user={ADMIN} onOpenChange={() => undefined} />
        <Toaster />
      </>,
      { signedInAs: 'admin@demo.at' },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sie können Ihr eigenes Benutzerkonto nicht löschen.',
    )
    expect(await screen.findAllByText('Fehler beim Löschen des Benutzers')).not.toHaveLength(0)
  })

  it('explains why the last administrator keeps the role (409 last-admin)', async () => {
    const { user } = await renderComponent(
      <>
        <EditUserDialog user={ADMIN} onOpenChange={() => undefined} />
        <Toaster />
      </>,
      { signedInAs: 'admin@demo.at' },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' })
    await user.selectOptions(within(dialog).getByLabelText(/Rolle/), 'ROLE_STAFF')
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Rolle/)).toHaveAccessibleDescription(
        /mindestens eine Administratorin oder einen Administrator/,
      ),
    )
    expect(await screen.findByText('Fehler beim Speichern des Benutzers')).toBeInTheDocument()
  })
})
