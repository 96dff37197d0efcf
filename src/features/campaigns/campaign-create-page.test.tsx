import { configure, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { dropConnection, failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// Several steps (save, navigate, load the next screen) run against the in-process mocked backend; on a
// machine busy with many test files that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

const CLUB = 'club-sv-gruenbach'

const openForm = async () => {
  const view = await renderRoute(`/campaign/${CLUB}`, { signedInAs: 'verein@demo.at' })
  await screen.findByRole('button', { name: 'Kampagne anlegen' })
  return view
}

const fill = async (user: UserEvent, values: Partial<Record<string, string>>) => {
  const labels: Record<string, string> = {
    name: 'Name der Kampagne',
    description: 'Beschreibung',
    goal: 'Spendenziel',
    amount: 'Vorgeschlagener Betrag',
    minimumDonation: 'Mindestspende',
    date: 'Datum des Anlasses',
    time: 'Uhrzeit',
    from: 'Spenden ab',
    to: 'Spenden bis',
  }
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${labels[field]}`))
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

const valid = {
  name: 'Neue Tore',
  description: 'Zwei neue Tore für den Trainingsplatz.',
  goal: '5.000',
  amount: '50,00',
  minimumDonation: '5',
  date: '2031-06-20',
  time: '18:00',
  from: '2031-05-01',
  to: '2031-06-15',
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Kampagne anlegen' }))

describe('Kampagne anlegen', () => {
  it('asks for every field when the form is sent empty', async () => {
    const { user } = await openForm()
    await submit(user)
    expect(await screen.findByText('Bitte füllen Sie alle Felder aus')).toBeInTheDocument()
    expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(9)
  })

  it('shows the currency as fixed EUR', async () => {
    await openForm()
    const currency = screen.getByLabelText('Währung')
    expect(currency).toHaveValue('EUR')
    expect(currency).toHaveAttribute('readonly')
  })

  it('explains amounts that are not euros, zero or too large', async () => {
    const { user } = await openForm()
    await fill(user, { ...valid, goal: 'viel', amount: '0', minimumDonation: '2.000.000,00' })
    await submit(user)
    expect(await screen.findByText('Bitte geben Sie einen Betrag in Euro ein, z. B. 1.234,50.')).toBeInTheDocument()
    expect(screen.getByText('Der Betrag muss größer als 0 sein.')).toBeInTheDocument()
    expect(screen.getByText(/^Der Betrag darf höchstens € 1\.000\.000,00 betragen\.$/)).toBeInTheDocument()
    expect(screen.queryByText('Bitte füllen Sie alle Felder aus')).not.toBeInTheDocument()
  })

  it('requires the end after the start', async () => {
    const { user } = await openForm()
    await fill(user, { ...valid, from: '2031-06-15', to: '2031-06-15' })
    await submit(user)
    expect(await screen.findByText('Das Ende muss nach dem Beginn liegen.')).toBeInTheDocument()
  })

  it('requires minimum ≤ suggested amount ≤ goal', async () => {
    const { user } = await openForm()
    await fill(user, { ...valid, goal: '100', amount: '150', minimumDonation: '200' })
    await submit(user)
    expect(
      await screen.findByText('Der vorgeschlagene Betrag darf nicht höher als das Spendenziel sein.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Die Mindestspende darf nicht höher als der vorgeschlagene Betrag sein.'),
    ).toBeInTheDocument()
  })

  it('creates the campaign in cents and opens it', async () => {
    const { user, router } = await openForm()
    await fill(user, { ...valid, goal: '1.234,50' })
    await submit(user)
    expect(await screen.findByText('Kampagne wurde angelegt')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/campaign/${CLUB}/.+`)))
    await screen.findByRole('heading', { level: 1, name: 'Kampagne bearbeiten' })
    expect(screen.getByLabelText(/^Spendenziel/)).toHaveValue('1234,50')
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Neue Tore')
  })

  it('keeps what was typed and says "Fehler beim Erstellen der Kampagne" when saving fails', async () => {
    failOperation('createCampaign', 500)
    const { user, router } = await openForm()
    await fill(user, valid)
    await submit(user)
    expect(await screen.findByText('Fehler beim Erstellen der Kampagne')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Neue Tore')
    expect(router.state.location.pathname).toBe(`/campaign/${CLUB}`)
  })

  it('says that the connection failed and keeps every value when the save gets no answer; sending again works', async () => {
    dropConnection('createCampaign', { once: true })
    const { user, router } = await openForm()
    await fill(user, valid)
    await submit(user)
    expect(await screen.findByText('Fehler beim Erstellen der Kampagne')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Die Verbindung zum Server ist fehlgeschlagen. Ihre Eingaben bleiben erhalten. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Neue Tore')
    expect(screen.getByLabelText(/^Beschreibung/)).toHaveValue('Zwei neue Tore für den Trainingsplatz.')
    expect(screen.getByLabelText(/^Spendenziel/)).toHaveValue('5.000')
    expect(screen.getByLabelText(/^Spenden bis/)).toHaveValue('2031-06-15')
    expect(router.state.location.pathname).toBe(`/campaign/${CLUB}`)

    // The connection is back: the same values are sent as they are.
    await submit(user)
    expect(await screen.findByText('Kampagne wurde angelegt')).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Kampagne bearbeiten' })
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Neue Tore')
  })

  it('says no more than the failure when the backend answers with an error', async () => {
    failOperation('createCampaign', 500)
    const { user } = await openForm()
    await fill(user, valid)
    await submit(user)
    expect(await screen.findByText('Fehler beim Erstellen der Kampagne')).toBeInTheDocument()
    expect(screen.queryByText(/Die Verbindung zum Server ist fehlgeschlagen/)).not.toBeInTheDocument()
  })

  it('shows the form for the club, once the club is known', async () => {
    await renderRoute(`/campaign/${CLUB}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('button', { name: 'Kampagne anlegen' })).toBeInTheDocument()
    expect(screen.getByText('Eine neue Spendenkampagne für SV Grünbach 1923.')).toBeInTheDocument()
  })

  it('is not offered for a club of somebody else: "Kein Zugriff", no form', async () => {
    await renderRoute('/campaign/club-su-leoben', { signedInAs: 'verein@demo.at' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Kein Zugriff')
    expect(screen.queryByLabelText(/^Name der Kampagne/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('is not offered for a club that does not exist: "Nicht gefunden"', async () => {
    await renderRoute('/campaign/club-gibt-es-nicht', { signedInAs: 'admin@demo.at' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nicht gefunden')
    expect(screen.queryByLabelText(/^Name der Kampagne/)).not.toBeInTheDocument()
  })

  it('offers a retry, and no form, while the club cannot be loaded', async () => {
    // The route's prefetch and the page's own request fail; the retry is answered.
    failOperation('getClubOverview', 500, 2)
    const { user } = await renderRoute(`/campaign/${CLUB}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Der Verein konnte nicht geladen werden.')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Name der Kampagne/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    expect(await screen.findByLabelText(/^Name der Kampagne/)).toBeInTheDocument()
  })

  it('is not offered to staff: "Kein Zugriff", as every refusal says', async () => {
    await renderRoute(`/campaign/${CLUB}`, { signedInAs: 'staff@demo.at' })
    expect(await screen.findByText('Kein Zugriff')).toBeInTheDocument()
    expect(screen.queryByText('Keine Berechtigung')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Kampagne anlegen' })).not.toBeInTheDocument()
  })
})
