import { configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'
import { activeClubStorageKey } from '#src/lib/active-club.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// Several steps (save, navigate, load the next screen) run against the in-process mocked backend; on a
// machine busy with many test files that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

const VOLUME = 'club-sv-gruenbach'
const HALLEIN = 'club-mv-hallein'

afterEach(() => localStorage.clear())

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })

describe('Dashboard', () => {
  it('opens the first club of a representative and remembers it as the active club', async () => {
    await renderRoute('/home', { signedInAs: 'verein@demo.at' })
    // The clubs of the user come sorted by name: Musikverein Hallein before SV Grünbach.
    expect(await heading('Musikverein Hallein')).toBeInTheDocument()
    expect(localStorage.getItem(activeClubStorageKey('uid-verein'))).toBe(HALLEIN)
  })

  it('sets the active club from ?id= when none is active (spec §2)', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    expect(await heading('SV Grünbach 1923')).toBeInTheDocument()
    expect(localStorage.getItem(activeClubStorageKey('uid-verein'))).toBe(VOLUME)
  })

  it('keeps the active club across a reload', async () => {
    localStorage.setItem(activeClubStorageKey('uid-verein'), VOLUME)
    await renderRoute('/home', { signedInAs: 'verein@demo.at' })
    expect(await heading('SV Grünbach 1923')).toBeInTheDocument()
  })

  it('switches between the clubs of a representative', async () => {
    const { user, router } = await renderRoute('/home', { signedInAs: 'verein@demo.at' })
    await heading('Musikverein Hallein')
    await user.selectOptions(screen.getByLabelText('Aktiver Verein'), VOLUME)
    expect(await heading('SV Grünbach 1923')).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ id: VOLUME })
    expect(localStorage.getItem(activeClubStorageKey('uid-verein'))).toBe(VOLUME)
  })

  it('does not open a club the representative does not belong to', async () => {
    await renderRoute('/home?id=club-su-leoben', { signedInAs: 'verein@demo.at' })
    expect(await heading('Musikverein Hallein')).toBeInTheDocument()
    expect(screen.getByText(/gehört nicht zu Ihren Vereinen/)).toBeInTheDocument()
  })

  it('shows the club overview, the donation figures and the masked bank data', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await heading('SV Grünbach 1923')
    const overview = screen.getByRole('region', { name: 'Vereinsübersicht' })
    expect(within(overview).getByText('ZVR-Zahl')).toBeInTheDocument()
    expect(within(overview).getByText('Sportverein')).toBeInTheDocument()
    expect(within(overview).getAllByText('Aktiv').length).toBeGreaterThan(0)
    const figures = screen.getByRole('region', { name: 'Spendenübersicht' })
    expect(within(figures).getByText('Spenden gesamt')).toBeInTheDocument()
    expect(within(figures).getByText(/aus \d{2}[\s.]\d{3} Spenden/)).toBeInTheDocument()
    expect(within(figures).getByText('Dieser Monat')).toBeInTheDocument()
    expect(screen.getByTestId('masked-iban')).toHaveTextContent(/^AT\d\d \*{4} \*{4} \*{4} \d{4}$/)
    expect(screen.queryByText('Ihr Vereinsprofil ist noch nicht vollständig')).not.toBeInTheDocument()
  })

  it('lists what an incomplete profile is missing and links to the profile form', async () => {
    await renderRoute('/home', { signedInAs: 'neu@demo.at' })
    expect(await screen.findByText('Ihr Vereinsprofil ist noch nicht vollständig')).toBeInTheDocument()
    const missing = screen.getByRole('list', { name: 'Fehlende Angaben' })
    expect(within(missing).getAllByRole('listitem').length).toBeGreaterThan(0)
    expect(within(missing).getByText('Bankverbindung: IBAN')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Profil vervollständigen' })).toHaveAttribute(
      'href',
      '/club/club-su-leoben/true',
    )
  })

  it('shows campaigns with their state, progress and links', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const campaigns = await screen.findByRole('region', { name: 'Kampagnen' })
    expect(await within(campaigns).findByRole('link', { name: 'Kunstrasenplatz bearbeiten' })).toHaveAttribute(
      'href',
      `/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`,
    )
    expect(within(campaigns).getAllByRole('progressbar').length).toBeGreaterThan(3)
    expect(within(campaigns).getAllByText('Deaktiviert').length).toBeGreaterThan(0)
    expect(within(campaigns).getAllByText('Geplant').length).toBeGreaterThan(0)
    // One status per campaign: the deactivated one inside its donation period does not also say "Läuft".
    const busfahrt = within(campaigns)
      .getAllByTestId('campaign-item')
      .find((item) => within(item).queryByText('Busfahrt zum Cupfinale'))!
    expect(within(busfahrt).getByText('Deaktiviert')).toBeInTheDocument()
    expect(within(busfahrt).queryByText('Läuft')).not.toBeInTheDocument()
    expect(within(campaigns).getByRole('link', { name: 'Neue Kampagne' })).toHaveAttribute(
      'href',
      `/campaign/${VOLUME}`,
    )
  })

  it('summarises the donation chart in words and changes its grouping', async () => {
    const { user, router } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByTestId('chart-summary')).toHaveTextContent(
      /sind €\s[\d.]+,\d\d aus [\d.\s]+ Spenden eingegangen/,
    )
    await user.selectOptions(screen.getByLabelText('Gruppierung'), 'WEEK')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ cGroup: 'WEEK' }))
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent(/KW \d+/))
  })

  it('refuses a chart range that ends before it starts', async () => {
    const { user } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await screen.findByTestId('chart-summary')
    const form = screen.getByRole('form', { name: 'Zeitraum des Spendenverlaufs' })
    await user.clear(within(form).getByLabelText('Von'))
    await user.type(within(form).getByLabelText('Von'), '2026-05-01')
    await user.clear(within(form).getByLabelText('Bis'))
    await user.type(within(form).getByLabelText('Bis'), '2026-04-01')
    await user.click(within(form).getByRole('button', { name: 'Zeitraum anzeigen' }))
    expect(await within(form).findByText('Das Bis-Datum darf nicht vor dem Von-Datum liegen.')).toBeInTheDocument()
  })

  it('lists members with their club roles and open invitations', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const members = await screen.findByRole('region', { name: 'Mitglieder' })
    const table = await within(members).findByRole('table')
    expect(within(table).getByText('eingeladen@demo.at')).toBeInTheDocument()
    expect(within(table).getAllByText('Eingeladen').length).toBeGreaterThan(0)
    expect(within(table).getByText('verein@demo.at')).toBeInTheDocument()
  })

  it('validates the invite form', async () => {
    const { user } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const form = await screen.findByRole('form', { name: 'Person einladen' })
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await within(form).findByText('Bitte geben Sie eine E-Mail-Adresse ein.')).toBeInTheDocument()
    expect(within(form).getByText('Bitte wählen Sie eine Rolle im Verein.')).toBeInTheDocument()
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'keine-adresse')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await within(form).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument()
  })

  it('says at the e-mail field that a member of the club is not invited again (409 already-member)', async () => {
    const { user } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const form = await screen.findByRole('form', { name: 'Person einladen' })
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'kassierin@demo.at')
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), 'cr-kassier')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await within(form).findByText('Diese Person ist bereits Mitglied des Vereins.')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^E-Mail-Adresse/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('invites a person, confirms it and lists the invitation', async () => {
    const { user } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const form = await screen.findByRole('form', { name: 'Person einladen' })
    await user.type(within(form).getByLabelText(/^E-Mail-Adresse/), 'neue.kassierin@example.at')
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(within(form).getByLabelText(/^Rolle im Verein/), 'cr-kassier')
    await user.click(within(form).getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText('Einladung an neue.kassierin@example.at wurde versendet.')).toBeInTheDocument()
    const members = await screen.findByRole('region', { name: 'Mitglieder' })
    expect(await within(members).findByText('neue.kassierin@example.at')).toBeInTheDocument()
  })

  it('lists documents with their labels', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const documents = await screen.findByRole('region', { name: 'Dokumente' })
    expect(await within(documents).findByText('SPEND 2-Formular')).toBeInTheDocument()
    expect(within(documents).getByText('Bescheid über die Spendenbegünstigung')).toBeInTheDocument()
  })

  it('shows an error with a retry when the overview cannot be loaded', async () => {
    failOperation('getClubOverview', 500)
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Die Übersicht konnte nicht geladen werden.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
  })

  it('shows administrators without clubs the clubs awaiting their release, the administration and a club picker', async () => {
    const { user } = await renderRoute('/home', { signedInAs: 'admin@demo.at' })
    // What they can do, not that no club is theirs.
    expect(
      await screen.findByText('Vereine, die auf Ihre Freigabe warten, und die Übersicht jedes Vereins.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/keinem Verein zugeordnet/)).not.toBeInTheDocument()
    const awaiting = await screen.findByRole('region', { name: 'Warten auf Ihre Freigabe' })
    expect(within(awaiting).getByRole('link', { name: 'Zur Administration' })).toHaveAttribute('href', '/admin')
    expect(await within(awaiting).findByText(/^\d+ Vereine? warte[nt] auf Freigabe$/)).toBeInTheDocument()
    const waiting = within(awaiting).getByRole('list', { name: 'Wartende Vereine' })
    // The seed's PROCESSING club, a link to its entry in the release list.
    expect(
      within(waiting).getByRole('link', { name: 'Naturschutzverein Wienerwald Baden in der Freigabe öffnen' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/admin\?status=PROCESSING&q=Naturschutzverein/))
    const picker = screen.getByRole('region', { name: 'Verein auswählen' })
    const first = (await within(picker).findAllByRole('link'))[0]!
    const name = first.textContent ?? ''
    await user.click(first)
    expect(await heading(name)).toBeInTheDocument()
  })

  it('shows the club picker when an administrator chooses another club', async () => {
    const { user, router } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'admin@demo.at' })
    await heading('SV Grünbach 1923')
    await user.click(screen.getByRole('button', { name: 'Anderen Verein wählen' }))
    expect(await screen.findByRole('region', { name: 'Verein auswählen' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ pick: true })
    expect(localStorage.getItem(activeClubStorageKey('uid-admin'))).toBeNull()
  })

  it('leads from the open card-payment badge to the provider’s onboarding', async () => {
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => undefined)
    const { user } = await renderRoute(`/home?id=${HALLEIN}`, { signedInAs: 'verein@demo.at' })
    await heading('Musikverein Hallein')
    const overview = screen.getByRole('region', { name: 'Vereinsübersicht' })
    expect(within(overview).getByText('Einrichtung offen')).toBeInTheDocument()
    await user.click(within(overview).getByRole('button', { name: 'Kartenzahlung einrichten' }))
    // A fresh link for this club's account, and off to the provider's hosted page.
    await waitFor(() => expect(go).toHaveBeenCalledWith(expect.stringContaining('/__mock/provider/onboarding?link=')))
    expect(await within(overview).findByText('Sie werden zum Zahlungsanbieter weitergeleitet …')).toBeInTheDocument()
    go.mockRestore()
  })

  it('offers no onboarding where there is nothing to set up', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await heading('SV Grünbach 1923')
    const overview = screen.getByRole('region', { name: 'Vereinsübersicht' })
    expect(within(overview).getAllByText('Aktiv').length).toBeGreaterThan(0)
    expect(within(overview).queryByRole('button', { name: 'Kartenzahlung einrichten' })).not.toBeInTheDocument()
  })

  it('says what the campaign count counts: running ones out of all', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await heading('SV Grünbach 1923')
    const campaigns = await screen.findByRole('region', { name: 'Kampagnen' })
    const items = await within(campaigns).findAllByTestId('campaign-item')
    // Running: enabled and inside the donation period, the campaigns whose one status reads "Läuft".
    const running = items.filter((item) => within(item).queryByText('Läuft')).length
    const figures = screen.getByRole('region', { name: 'Spendenübersicht' })
    const detail = running === 1 ? `läuft, ${items.length} insgesamt` : `laufen, ${items.length} insgesamt`
    expect(await within(figures).findByText(detail)).toBeInTheDocument()
    // The figure is the definition before its detail.
    const definitions = within(figures).getAllByRole('definition')
    const figure = definitions[definitions.findIndex((definition) => definition.textContent === detail) - 1]
    expect(figure).toHaveTextContent(String(running))
  })

  it('names the club for an administrator, who is not one of its representatives', async () => {
    await renderRoute(`/home?id=${HALLEIN}`, { signedInAs: 'admin@demo.at' })
    await heading('Musikverein Hallein')
    expect(screen.getByText('Die Übersicht des Vereins Musikverein Hallein.')).toBeInTheDocument()
    expect(screen.queryByText(/Ihres Vereins/)).not.toBeInTheDocument()
    // Administrators may start the onboarding too.
    expect(screen.getByRole('button', { name: 'Kartenzahlung einrichten' })).toBeInTheDocument()
  })

  it('names an incomplete club for staff instead of "Ihr Vereinsprofil"', async () => {
    await renderRoute('/home?id=club-su-leoben', { signedInAs: 'staff@demo.at' })
    expect(
      await screen.findByText('Das Vereinsprofil von Sportunion Leoben ist noch nicht vollständig'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Ihr Vereinsprofil|Ihres Vereins/)).not.toBeInTheDocument()
  })

  it('keeps "Ihr Verein" for its representatives', async () => {
    await renderRoute(`/home?id=${HALLEIN}`, { signedInAs: 'verein@demo.at' })
    await heading('Musikverein Hallein')
    expect(screen.getByText('Die Übersicht Ihres Vereins.')).toBeInTheDocument()
  })

  it('is read-only for staff', async () => {
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'staff@demo.at' })
    await heading('SV Grünbach 1923')
    expect(screen.queryByRole('form', { name: 'Person einladen' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Neue Kampagne' })).not.toBeInTheDocument()
  })

  it('shows staff the open card-payment setup without a way to start it (staff only read)', async () => {
    await renderRoute(`/home?id=${HALLEIN}`, { signedInAs: 'staff@demo.at' })
    await heading('Musikverein Hallein')
    const overview = screen.getByRole('region', { name: 'Vereinsübersicht' })
    expect(within(overview).getByText('Einrichtung offen')).toBeInTheDocument()
    expect(within(overview).queryByRole('button', { name: 'Kartenzahlung einrichten' })).not.toBeInTheDocument()
  })
})
