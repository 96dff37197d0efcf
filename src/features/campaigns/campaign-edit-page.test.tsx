import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { dropConnection, failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// Several steps (save, navigate, load the next screen) run against the in-process mocked backend; on a
// machine busy with many test files that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

const CLUB = 'club-sv-gruenbach'
const open = (campaignId: string, signedInAs = 'verein@demo.at') =>
  renderRoute(`/campaign/${CLUB}/${campaignId}`, { signedInAs })

describe('Kampagne bearbeiten', () => {
  it('shows the saved campaign with its state, progress and donations', async () => {
    await open('cmp-gruenbach-kunstrasen')
    expect(await screen.findByLabelText(/^Name der Kampagne/)).toHaveValue('Kunstrasenplatz')
    expect(screen.getByLabelText(/^Spendenziel/)).toHaveValue('250000,00')
    const status = screen.getByRole('region', { name: 'Status' })
    expect(within(status).getByText('Läuft')).toBeInTheDocument()
    expect(within(status).getByRole('progressbar')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Spenden an diese Kampagne' })).toBeInTheDocument()
    expect(await screen.findByTestId('donation-totals')).toHaveTextContent(/aus [\d.\s]+ Spenden/)
  })

  it('gives a deactivated campaign inside its donation period one status: "Deaktiviert", not "Läuft"', async () => {
    await open('cmp-gruenbach-busfahrt')
    const status = await screen.findByRole('region', { name: 'Status' })
    expect(within(status).getByText('Deaktiviert')).toBeInTheDocument()
    expect(within(status).queryByText('Läuft')).not.toBeInTheDocument()
    expect(within(status).getByText('Eine deaktivierte Kampagne nimmt keine Spenden an.')).toBeInTheDocument()
  })

  it('validates like the create form', async () => {
    const { user } = await open('cmp-gruenbach-kunstrasen')
    const name = await screen.findByLabelText(/^Name der Kampagne/)
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }))
    expect(await screen.findByText('Bitte füllen Sie alle Felder aus')).toBeInTheDocument()
    expect(screen.getByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument()
  })

  it('saves changes', async () => {
    const { user } = await open('cmp-gruenbach-kunstrasen')
    const name = await screen.findByLabelText(/^Name der Kampagne/)
    await user.clear(name)
    await user.type(name, 'Kunstrasenplatz 2.0')
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }))
    expect(await screen.findByText('Kampagne wurde gespeichert')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Kunstrasenplatz 2.0')
  })

  it('keeps the changes and says so when saving fails', async () => {
    failOperation('updateCampaign', 500)
    const { user } = await open('cmp-gruenbach-kunstrasen')
    const name = await screen.findByLabelText(/^Name der Kampagne/)
    await user.type(name, ' Süd')
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }))
    expect(await screen.findByText('Fehler beim Speichern der Kampagne')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Kunstrasenplatz Süd')
  })

  it('says that the connection failed and keeps the changes when the save gets no answer', async () => {
    dropConnection('updateCampaign')
    const { user } = await open('cmp-gruenbach-kunstrasen')
    const name = await screen.findByLabelText(/^Name der Kampagne/)
    await user.type(name, ' Süd')
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }))
    expect(await screen.findByText('Fehler beim Speichern der Kampagne')).toBeInTheDocument()
    expect(
      screen.getByText(/^Die Verbindung zum Server ist fehlgeschlagen\. Ihre Eingaben bleiben erhalten\./),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name der Kampagne/)).toHaveValue('Kunstrasenplatz Süd')
  })

  it('deactivates and activates', async () => {
    const { user } = await open('cmp-gruenbach-kunstrasen')
    await user.click(await screen.findByRole('button', { name: 'Kampagne deaktivieren' }))
    expect(await screen.findByText('Kampagne wurde deaktiviert')).toBeInTheDocument()
    const status = screen.getByRole('region', { name: 'Status' })
    expect(within(status).getByText('Deaktiviert')).toBeInTheDocument()
    expect(within(status).queryByText('Läuft')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Kampagne aktivieren' }))
    expect(await screen.findByText('Kampagne wurde aktiviert')).toBeInTheDocument()
    expect(within(status).getByText('Läuft')).toBeInTheDocument()
    expect(within(status).queryByText('Deaktiviert')).not.toBeInTheDocument()
  })

  it('explains that a campaign with donations can only be deactivated', async () => {
    const { user } = await open('cmp-gruenbach-kunstrasen')
    await user.click(await screen.findByRole('button', { name: 'Kampagne löschen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Kampagne löschen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }))
    const explained = await screen.findByRole('dialog', { name: 'Kampagne kann nicht gelöscht werden' })
    expect(explained).toHaveTextContent('können Kampagnen mit Spenden nicht gelöscht werden')
    await user.click(within(explained).getByRole('button', { name: 'Stattdessen deaktivieren' }))
    const status = screen.getByRole('region', { name: 'Status' })
    expect(await within(status).findByText('Deaktiviert')).toBeInTheDocument()
    expect((await screen.findAllByText('Kampagne wurde deaktiviert')).length).toBeGreaterThan(0)
  })

  it('deletes a campaign without donations after confirmation', async () => {
    const { user, router } = await open('cmp-gruenbach-winterwanderung')
    await user.click(await screen.findByRole('button', { name: 'Kampagne löschen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Kampagne löschen?' })
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }))
    expect(await screen.findByText('Kampagne wurde gelöscht')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('says when the campaign does not exist', async () => {
    await open('cmp-gibt-es-nicht')
    expect(await screen.findByText('Diese Kampagne gibt es nicht (mehr).')).toBeInTheDocument()
  })

  it('shows an error with a retry when the campaign cannot be loaded', async () => {
    failOperation('getCampaign', 500)
    await open('cmp-gruenbach-kunstrasen')
    expect(await screen.findByText('Die Kampagne konnte nicht geladen werden.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
  })

  it('is read-only for staff', async () => {
    await open('cmp-gruenbach-kunstrasen', 'staff@demo.at')
    expect(await screen.findByLabelText(/^Name der Kampagne/)).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Änderungen speichern' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Kampagne löschen' })).not.toBeInTheDocument()
  })
})
