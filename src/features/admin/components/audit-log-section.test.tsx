import { configure, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createClubType, updateClubType } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { changeClubMemberRole, setClubChecked } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

configure({ asyncUtilTimeout: 5000 })

const openLog = async (search = '') => {
  const view = await renderRoute(`/admin?tab=audit${search}`, { signedInAs: 'admin@demo.at' })
  const list = await screen.findByRole('list', { name: 'Protokolleinträge' })
  return { ...view, list }
}

describe('The audit log ("Protokoll")', () => {
  it('lists entries newest first with action, time, who, the club and each value before and after', async () => {
    const { list, queryClient } = await openLog()
    // An administrator's action meanwhile: the log shows it on top once reloaded.
    await setClubChecked('club-su-leoben', { isChecked: true })
    await queryClient.invalidateQueries()
    await waitFor(() => expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Als geprüft markiert'))
    const [newest] = within(list).getAllByRole('article')
    expect(within(newest!).getByText('Als geprüft markiert')).toBeInTheDocument()
    expect(newest).toHaveTextContent('von Andrea Admin (admin@demo.at)')
    expect(within(newest!).getByRole('link', { name: 'Protokoll von Sportunion Leoben anzeigen' })).toBeInTheDocument()
    expect(within(newest!).getByText('Prüfvermerk')).toBeInTheDocument()
    expect(newest).toHaveTextContent('vorher: nicht geprüft')
    expect(newest).toHaveTextContent('nachher: geprüft')

    // The seed's deactivations carry their reason.
    const deactivation = within(list)
      .getAllByRole('article')
      .find((entry) => within(entry).queryByText('Sportverein Schwaz 1920'))!
    expect(within(deactivation).getByText('Verein deaktiviert')).toBeInTheDocument()
    expect(within(deactivation).getByText('Grund der Deaktivierung')).toBeInTheDocument()
    expect(deactivation).toHaveTextContent(/Spendenbegünstigung ist abgelaufen/)
    expect(deactivation).toHaveTextContent('vorher: Aktiv')
    expect(deactivation).toHaveTextContent('nachher: Inaktiv')
  })

  it('keeps the club and the user of an entry apart, on the screen and in its text', async () => {
    const { list, queryClient } = await openLog()
    await changeClubMemberRole('club-sv-gruenbach', 'uid-kassierin-gruenbach', { clubRoleId: 'cr-schriftfuehrung' })
    await queryClient.invalidateQueries()
    await waitFor(() =>
      expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Benutzer/in: Katharina Kaiser'),
    )
    const [newest] = within(list).getAllByRole('article')
    // Not "…1923Benutzer/in: …": a separator between the two parts.
    expect(newest).toHaveTextContent('Verein: SV Grünbach 1923 · Benutzer/in: Katharina Kaiser (kassierin@demo.at)')
    const club = within(newest!).getByText('Verein:', { exact: false })
    const user = within(newest!).getByText('Benutzer/in:', { exact: false })
    expect(club).not.toBe(user)
    expect(club).not.toContainElement(user)
  })

  it('names catalogue changes in German, with the names before and after', async () => {
    const { list, queryClient } = await openLog()
    const type = await createClubType({ name: 'Schachverein' })
    await updateClubType(type.id, { name: 'Schachklub' })
    await queryClient.invalidateQueries()
    await waitFor(() => expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Vereinsart umbenannt'))
    const [renamed, created] = within(list).getAllByRole('article')
    expect(within(renamed!).getByText('Vereinsart')).toBeInTheDocument()
    expect(renamed).toHaveTextContent('vorher: Schachverein')
    expect(renamed).toHaveTextContent('nachher: Schachklub')
    expect(within(created!).getByText('Vereinsart angelegt')).toBeInTheDocument()
  })

  it('shows one club’s entries from its link, with the filter and page in the URL, and back to all', async () => {
    const { user, router, list } = await openLog()
    await user.click(within(list).getByRole('link', { name: 'Protokoll von Sportverein Schwaz 1920 anzeigen' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'audit', logClub: 'club-sv-schwaz' }))
    expect(await screen.findByRole('heading', { name: 'Protokoll: Sportverein Schwaz 1920' })).toBeInTheDocument()
    const filtered = await screen.findByRole('list', { name: 'Protokolleinträge' })
    await waitFor(() => expect(within(filtered).getAllByRole('article')).toHaveLength(1))

    await user.click(screen.getByRole('link', { name: 'Alle Einträge anzeigen' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('logClub'))
    expect(await screen.findByRole('heading', { name: 'Protokoll' })).toBeInTheDocument()
  })

  it('says when a club has no entries yet, and pages with the size in the URL', async () => {
    const { user, router } = await renderRoute('/admin?tab=audit&logClub=club-kv-bregenz', {
      signedInAs: 'admin@demo.at',
    })
    expect(await screen.findByText('Zu diesem Verein ist noch nichts protokolliert.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Protokoll eines Vereins' })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Alle Einträge anzeigen' }))
    await screen.findByRole('list', { name: 'Protokolleinträge' })
    await user.selectOptions(screen.getByLabelText('Pro Seite'), '50')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ logSize: 50 }))
  })

  it('is reached from a club of the release list', async () => {
    const { user, router } = await renderRoute('/admin?clubType=ct-sportverein&status=INACTIVE', {
      signedInAs: 'admin@demo.at',
    })
    const card = await screen.findByRole('article', { name: 'Sportverein Schwaz 1920' })
    await user.click(within(card).getByRole('link', { name: 'Protokoll öffnen (Sportverein Schwaz 1920)' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'audit', logClub: 'club-sv-schwaz' }))
    expect(await screen.findByRole('heading', { name: 'Protokoll: Sportverein Schwaz 1920' })).toBeInTheDocument()
  })
})
