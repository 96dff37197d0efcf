import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { inviteClubUser } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { dropConnection } from '#tests/utils/mock-faults.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const open = async (tab: 'types' | 'roles') => {
  const view = await renderRoute(`/admin?tab=${tab}`, { signedInAs: 'admin@demo.at' })
  const list = await screen.findByRole('list', { name: tab === 'types' ? 'Vereinsarten' : 'Vereinsrollen' })
  return { ...view, list }
}

const itemOf = (list: HTMLElement, name: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name, { exact: true }))!

describe('Club types', () => {
  it('shows how many clubs use each type and explains why a used type cannot be deleted', async () => {
    const { list } = await open('types')
    const sport = itemOf(list, 'Sportverein')
    expect(within(sport).getByText('wird von 4 Vereinen verwendet')).toBeInTheDocument()
    const remove = within(sport).getByRole('button', { name: 'Sportverein löschen' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription(/wird von 4 Vereinen verwendet.*erst möglich, wenn kein Verein/)
  })

  it('creates, renames and deletes a type; a taken name is refused at the field', async () => {
    const { user, list } = await open('types')
    const name = screen.getByRole('textbox', { name: 'Neue Vereinsart' })
    await user.click(screen.getByRole('button', { name: 'Vereinsart hinzufügen' }))
    expect(await screen.findByText('Bitte geben Sie einen Namen ein.')).toBeInTheDocument()

    await user.type(name, 'musikverein')
    await user.click(screen.getByRole('button', { name: 'Vereinsart hinzufügen' }))
    await waitFor(() => expect(name).toHaveAccessibleDescription('Diesen Namen gibt es schon.'))

    await user.clear(name)
    await user.type(name, 'Schachverein')
    await user.click(screen.getByRole('button', { name: 'Vereinsart hinzufügen' }))
    expect(await screen.findByText('Vereinsart wurde angelegt.')).toBeInTheDocument()
    await waitFor(() => expect(itemOf(list, 'Schachverein')).toBeDefined())
    expect(within(itemOf(list, 'Schachverein')).getByText('wird von keinem Verein verwendet')).toBeInTheDocument()
    expect(name).toHaveValue('')

    await user.click(within(itemOf(list, 'Schachverein')).getByRole('button', { name: 'Schachverein umbenennen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Vereinsart „Schachverein“ umbenennen' })
    const field = within(dialog).getByLabelText(/Neuer Name/)
    await user.clear(field)
    await user.type(field, 'Schachklub')
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Vereinsart wurde umbenannt.')).toBeInTheDocument()
    await waitFor(() => expect(itemOf(list, 'Schachklub')).toBeDefined())

    const remove = within(itemOf(list, 'Schachklub')).getByRole('button', { name: 'Schachklub löschen' })
    remove.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Vereinsart „Schachklub“ löschen?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.keyboard('{Enter}')
    const confirm = await screen.findByRole('dialog', { name: 'Vereinsart „Schachklub“ löschen?' })
    await user.click(within(confirm).getByRole('button', { name: 'Endgültig löschen' }))
    expect(await screen.findByText('Vereinsart wurde gelöscht.')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByText('Schachklub')).not.toBeInTheDocument())
  })

  it('says that the connection failed and keeps the new name when saving gets no answer', async () => {
    dropConnection('createClubType')
    const { user } = await open('types')
    const name = screen.getByRole('textbox', { name: 'Neue Vereinsart' })
    await user.type(name, 'Schachverein')
    await user.click(screen.getByRole('button', { name: 'Vereinsart hinzufügen' }))
    expect(await screen.findByText('Fehler beim Speichern der Vereinsart')).toBeInTheDocument()
    expect(
      screen.getByText(/^Die Verbindung zum Server ist fehlgeschlagen\. Ihre Eingaben bleiben erhalten\./),
    ).toBeInTheDocument()
    expect(name).toHaveValue('Schachverein')
  })
})

describe('Club roles', () => {
  it('counts memberships and invitations and keeps a role in use (409 in-use names the clubs)', async () => {
    const { user, list } = await open('roles')
    expect(within(itemOf(list, 'Rechnungsprüfer/in')).getByText('wird von niemandem verwendet')).toBeInTheDocument()
    expect(within(itemOf(list, 'Obmann/Obfrau')).getByRole('button', { name: 'Obmann/Obfrau löschen' })).toBeDisabled()

    // Someone invites a person with the unused role while the list is open: the delete is refused, not silent.
    await inviteClubUser('club-sv-gruenbach', { email: 'pruefer@demo.at', clubRoleId: 'cr-rechnungspruefung' })
    await user.click(
      within(itemOf(list, 'Rechnungsprüfer/in')).getByRole('button', { name: 'Rechnungsprüfer/in löschen' }),
    )
    const confirm = await screen.findByRole('dialog', { name: 'Vereinsrolle „Rechnungsprüfer/in“ löschen?' })
    await user.click(within(confirm).getByRole('button', { name: 'Endgültig löschen' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Die Vereinsrolle wird noch verwendet und wurde nicht gelöscht.')
    expect(alert).toHaveTextContent('SV Grünbach 1923')
    await waitFor(() =>
      expect(
        within(itemOf(list, 'Rechnungsprüfer/in')).getByText('wird von 1 Mitglied oder Einladung verwendet'),
      ).toBeInTheDocument(),
    )
  })

  it('shows what each role may do in a club and edits the two rights', async () => {
    const { user, list } = await open('roles')
    const rightsOf = (name: string) =>
      within(within(itemOf(list, name)).getByRole('list', { name: 'Rechte im Verein' }))
    expect(rightsOf('Obmann/Obfrau').getByText('Darf Geld verwalten')).toBeInTheDocument()
    expect(rightsOf('Obmann/Obfrau').getByText('Darf Mitglieder verwalten')).toBeInTheDocument()
    expect(rightsOf('Kassier/in').getByText('Darf Geld verwalten')).toBeInTheDocument()
    expect(rightsOf('Kassier/in').queryByText('Darf Mitglieder verwalten')).not.toBeInTheDocument()
    expect(rightsOf('Schriftführer/in').getByText('Keine Rechte im Verein')).toBeInTheDocument()

    // A new role with the money right.
    await user.type(screen.getByRole('textbox', { name: 'Neue Vereinsrolle' }), 'Kassaprüfer/in')
    const adding = screen.getByRole('form', { name: 'Vereinsrolle hinzufügen' })
    await user.click(
      within(adding).getByRole('checkbox', { name: 'Darf Geld verwalten (Bankdaten, Kartenzahlung, Erstattungen)' }),
    )
    await user.click(within(adding).getByRole('button', { name: 'Vereinsrolle hinzufügen' }))
    expect(await screen.findByText('Vereinsrolle wurde angelegt.')).toBeInTheDocument()
    await waitFor(() => expect(rightsOf('Kassaprüfer/in').getByText('Darf Geld verwalten')).toBeInTheDocument())
    expect(within(adding).getByRole('checkbox', { name: /Darf Geld verwalten/ })).not.toBeChecked()

    // The Schriftführer/in may manage members from now on.
    await user.click(
      within(itemOf(list, 'Schriftführer/in')).getByRole('button', { name: 'Schriftführer/in bearbeiten' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Vereinsrolle „Schriftführer/in“ bearbeiten' })
    const money = within(dialog).getByRole('checkbox', {
      name: 'Darf Geld verwalten (Bankdaten, Kartenzahlung, Erstattungen)',
    })
    const members = within(dialog).getByRole('checkbox', { name: 'Darf Mitglieder verwalten' })
    expect(money).not.toBeChecked()
    expect(members).not.toBeChecked()
    await user.click(members)
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    expect(await screen.findByText('Vereinsrolle wurde gespeichert.')).toBeInTheDocument()
    await waitFor(() => expect(rightsOf('Schriftführer/in').getByText('Darf Mitglieder verwalten')).toBeInTheDocument())
    expect(rightsOf('Schriftführer/in').queryByText('Darf Geld verwalten')).not.toBeInTheDocument()
  })
})
