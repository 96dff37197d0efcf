import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { seedClubRoles, seedClubs, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { memberWithRole, sentMails, setClubRole, setClubRoleRights } from '#mocks/testing.ts'
import { dropConnection } from '#tests/utils/mock-faults.ts'
import { renderComponent, renderRoute, screen } from '#tests/utils/render.tsx'
import { MemberActionDialog } from './member-action-dialog.tsx'

const openMembers = async (signedInAs = 'verein@demo.at', clubId: string = seedClubs.volume) => {
  const view = await renderRoute(`/home?id=${clubId}`, { signedInAs })
  const region = await screen.findByRole('region', { name: 'Mitglieder' })
  const table = await within(region).findByRole('table')
  return { ...view, region, table }
}

/** The table row that shows `text` in one of its cells. */
const rowOf = (table: HTMLElement, text: string) => {
  const rows = within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryByText(text) !== null)
  if (rows.length !== 1) throw new Error(`${rows.length} rows show "${text}"`)
  return rows[0]!
}

describe('the members of a club: remove, withdraw, resend', () => {
  it('removes a member after a confirmation; the list updates and the focus stays in the list', async () => {
    const { user, region, table } = await openMembers()
    const remove = within(rowOf(table, seedInvitations.used.email)).getByRole('button', {
      name: 'Katharina Kaiser aus dem Verein entfernen',
    })
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied entfernen?' })
    expect(dialog).toHaveTextContent('Das Benutzerkonto bleibt bestehen.')
    // "Abbrechen" has the focus, so Enter never removes by accident.
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }))
    expect(await screen.findByText('Mitglied wurde entfernt.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(region).queryByText(seedInvitations.used.email)).not.toBeInTheDocument()
    await waitFor(() =>
      expect(within(region).getByRole('group', { name: 'Mitglieder und offene Einladungen' })).toHaveFocus(),
    )
  })

  it('offers no removal of oneself', async () => {
    const { table } = await openMembers()
    const own = rowOf(table, 'verein@demo.at')
    expect(within(own).queryByRole('button')).not.toBeInTheDocument()
    expect(within(own).getByText('Sie')).toBeInTheDocument()
  })

  it('offers an administrator no removal of a club’s last member', async () => {
    const { table } = await openMembers('admin@demo.at', seedClubs.incomplete)
    expect(within(table).getAllByTestId('member-row')).toHaveLength(1)
    expect(within(table).queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument()
  })

  it('explains in the dialog why the last member stays (409 last-member)', async () => {
    const { user } = await renderComponent(
      <>
        <MemberActionDialog
          clubId={seedClubs.incomplete}
          action={{
            kind: 'remove',
            member: {
              uid: 'uid-neu',
              invitationId: null,
              email: 'neu@demo.at',
              firstName: 'Nina',
              lastName: 'Neubauer',
              clubRoleId: 'cr-obmann',
              clubRoleName: 'Obmann/Obfrau',
              manageMoney: true,
              manageMembers: true,
              status: 'ACTIVE',
            },
          }}
          onClose={() => undefined}
          fallbackFocus={() => null}
        />
        <Toaster />
      </>,
      { signedInAs: 'admin@demo.at' },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied entfernen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Die letzte Person im Verein kann nicht entfernt werden',
    )
  })

  it('withdraws an open invitation after a confirmation', async () => {
    const { user, region, table } = await openMembers()
    await user.click(
      within(rowOf(table, seedInvitations.valid.email)).getByRole('button', {
        name: `Einladung an ${seedInvitations.valid.email} zurückziehen`,
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' })
    expect(dialog).toHaveTextContent('funktioniert danach nicht mehr')
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }))
    expect(
      await screen.findByText('Einladung wurde zurückgezogen. Ihr Link funktioniert nicht mehr.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(region).queryByText(seedInvitations.valid.email)).not.toBeInTheDocument())
    expect(sentMails()).toHaveLength(0)
  })

  it('sends an invitation again with a new link; the old one stops working', async () => {
    const { user, table } = await openMembers()
    const resend = within(rowOf(table, seedInvitations.valid.email)).getByRole('button', {
      name: `Einladung an ${seedInvitations.valid.email} erneut senden`,
    })
    await user.click(resend)
    const dialog = await screen.findByRole('dialog', { name: 'Einladung erneut senden?' })
    expect(dialog).toHaveTextContent('Der Link der bisherigen Einladung funktioniert danach nicht mehr.')
    await user.click(within(dialog).getByRole('button', { name: 'Erneut senden' }))
    expect(
      await screen.findByText(
        `Einladung an ${seedInvitations.valid.email} wurde erneut versendet. Der Link der früheren Einladung gilt nicht mehr.`,
      ),
    ).toBeInTheDocument()
    const mail = sentMails()[0]!
    expect(mail).toMatchObject({ to: seedInvitations.valid.email, kind: 'INVITATION' })
    expect(mail.link).not.toContain(seedInvitations.valid.token)
    // Still one row for the address, now the new invitation.
    await waitFor(() => expect(within(table).getAllByText(seedInvitations.valid.email)).toHaveLength(1))
  })

  it('tells the inviting person when an earlier invitation’s link stops working', async () => {
    const { user } = await openMembers()
    const form = screen.getByRole('form', { name: 'Person einladen' })
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), seedInvitations.valid.email)
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), 'cr-kassier')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(
      await screen.findByText(
        `Einladung an ${seedInvitations.valid.email} wurde versendet. Der Link der früheren Einladung gilt nicht mehr.`,
      ),
    ).toBeInTheDocument()
  })

  it('invites a person who has an account already (no 409)', async () => {
    const { user } = await openMembers()
    const form = screen.getByRole('form', { name: 'Person einladen' })
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'neu@demo.at')
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), 'cr-kassier')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText('Einladung an neu@demo.at wurde versendet.')).toBeInTheDocument()
    expect(sentMails()[0]).toMatchObject({ to: 'neu@demo.at', kind: 'INVITATION' })
  })

  it('empties the whole form after an invitation went out, the role too', async () => {
    const { user } = await openMembers()
    const form = screen.getByRole('form', { name: 'Person einladen' })
    const role = within(form).getByLabelText(/^Rolle im Verein/)
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'neu@demo.at')
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(role, seedClubRoles.kassier)
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText('Einladung an neu@demo.at wurde versendet.')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^E-Mail-Adresse/)).toHaveValue('')
    expect(role).toHaveValue('')
    expect(within(role).getByRole('option', { selected: true })).toHaveTextContent('Bitte wählen')
    // The next invitation asks for its own role instead of sending the last one's.
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'noch-wer@demo.at')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await within(form).findByText('Bitte wählen Sie eine Rolle im Verein.')).toBeInTheDocument()
    expect(sentMails()).toHaveLength(1)
  })

  it('says that the connection failed and keeps address and role when the invitation gets no answer', async () => {
    dropConnection('inviteClubUser')
    const { user } = await openMembers()
    const form = screen.getByRole('form', { name: 'Person einladen' })
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'neu@demo.at')
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), seedClubRoles.kassier)
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText('Die Einladung konnte nicht versendet werden.')).toBeInTheDocument()
    expect(
      screen.getByText(/^Die Verbindung zum Server ist fehlgeschlagen\. Ihre Eingaben bleiben erhalten\./),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText(/^E-Mail-Adresse/)).toHaveValue('neu@demo.at')
    expect(within(form).getByLabelText(/^Rolle im Verein/)).toHaveValue(seedClubRoles.kassier)
    expect(sentMails()).toHaveLength(0)
  })

  it('shows staff the list without any of these buttons', async () => {
    const { table } = await openMembers('staff@demo.at')
    expect(within(table).queryByRole('button')).not.toBeInTheDocument()
  })
})

describe('the members of a club: what a club role allows', () => {
  it('shows each member’s rights and gives a member another club role', async () => {
    const { user, table } = await openMembers()
    const kassierin = rowOf(table, seedInvitations.used.email)
    expect(within(kassierin).getByText('darf Geld verwalten')).toBeInTheDocument()
    expect(within(rowOf(table, 'verein@demo.at')).getByText('darf Geld und Mitglieder verwalten')).toBeInTheDocument()
    await user.click(within(kassierin).getByRole('button', { name: 'Rolle ändern für Katharina Kaiser' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rolle von Katharina Kaiser ändern' })
    const select = within(dialog).getByLabelText(/^Rolle im Verein/)
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1))
    expect(select).toHaveValue(seedClubRoles.kassier)
    await user.selectOptions(select, seedClubRoles.mitglied)
    await user.click(within(dialog).getByRole('button', { name: 'Rolle ändern' }))
    expect(await screen.findByText('Katharina Kaiser hat jetzt die Rolle Mitglied.')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(rowOf(table, seedInvitations.used.email)).queryByText('darf Geld verwalten')).toBeNull(),
    )
    expect(within(rowOf(table, seedInvitations.used.email)).getByText('Mitglied')).toBeInTheDocument()
  })

  it('keeps the last member who may manage members: removal disabled, and why; a demotion refused in German', async () => {
    const { user, table } = await openMembers('admin@demo.at')
    const chair = rowOf(table, 'verein@demo.at')
    const remove = within(chair).getByRole('button', { name: 'Markus Obermayr aus dem Verein entfernen' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription('Die letzte Person, die Mitglieder verwalten darf.')
    // The treasurer is not the last who may manage money: she can be removed.
    expect(
      within(rowOf(table, seedInvitations.used.email)).getByRole('button', {
        name: 'Katharina Kaiser aus dem Verein entfernen',
      }),
    ).toBeEnabled()
    // Given a club role without the right, the backend refuses (409 last-right-holder): said in the dialog.
    await user.click(within(chair).getByRole('button', { name: 'Rolle ändern für Markus Obermayr' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rolle von Markus Obermayr ändern' })
    const select = within(dialog).getByLabelText(/^Rolle im Verein/)
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(select, seedClubRoles.kassier)
    await user.click(within(dialog).getByRole('button', { name: 'Rolle ändern' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Diese Person ist die letzte im Verein, die Geld oder Mitglieder verwalten darf.',
    )
  })

  it('shows a Schriftführer/in the list without actions, no invite form, and why', async () => {
    const deputy = memberWithRole(seedClubs.volume, seedClubRoles.stellvertretung)
    setClubRole(seedClubs.volume, deputy.uid, seedClubRoles.schriftfuehrung)
    const { region, table } = await openMembers(deputy.email)
    expect(within(table).queryByRole('button')).not.toBeInTheDocument()
    expect(within(region).queryByRole('form', { name: 'Person einladen' })).not.toBeInTheDocument()
    expect(region).toHaveTextContent('Ihre Rolle im Verein darf keine Mitglieder verwalten.')
    // Nor may they change the bank details: the bank card offers no change.
    const bank = await screen.findByRole('region', { name: 'Bankverbindung' })
    expect(within(bank).queryByRole('link', { name: 'Ändern' })).not.toBeInTheDocument()
  })

  it('offers a member who may manage members, not money, only club roles without the money right', async () => {
    setClubRoleRights(seedClubRoles.schriftfuehrung, { manageMoney: false, manageMembers: true })
    const deputy = memberWithRole(seedClubs.volume, seedClubRoles.stellvertretung)
    setClubRole(seedClubs.volume, deputy.uid, seedClubRoles.schriftfuehrung)
    const { user, table } = await openMembers(deputy.email)
    const form = screen.getByRole('form', { name: 'Person einladen' })
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    const offered = within(form)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(offered).toContain('Mitglied')
    expect(offered).toContain('Schriftführer/in')
    expect(offered).not.toContain('Kassier/in')
    expect(offered).not.toContain('Obmann/Obfrau')
    // The open invitation's role (Schriftführer/in) is theirs to hand out: sending it again is offered.
    expect(within(table).queryByRole('button', { name: /Einladung an .* erneut senden/ })).toBeEnabled()
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'neu-im-verein@demo.at')
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), seedClubRoles.mitglied)
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText('Einladung an neu-im-verein@demo.at wurde versendet.')).toBeInTheDocument()
  })
})
