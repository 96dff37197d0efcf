import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { seedCampaigns } from '#adapters/demo-seed/seed-accounts.ts'
import { backend } from '#mocks/node.ts'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// The seed's running, enabled campaign of SV Grünbach: suggested € 100, minimum € 10, goal € 250.000.
const RUNNING = seedCampaigns.runningEnabled

const openPage = async (campaignId: string = RUNNING) => {
  const view = await renderRoute(`/spenden/${campaignId}`)
  await screen.findByRole('heading', { level: 1 })
  return view
}

/** Every checkout the mocked backend has started, newest last. */
const checkouts = () => backend.store.read((tx) => [...tx.table('checkouts').values()])

const redirectSpy = () => vi.spyOn(providerRedirect, 'go').mockImplementation(() => undefined)

const fillDonor = async (user: UserEvent, { name = 'Anna Berger', email = 'anna@example.at' } = {}) => {
  if (name) await user.type(screen.getByLabelText(/^Ihr Name/), name)
  if (email) await user.type(screen.getByLabelText(/^E-Mail-Adresse/), email)
}

const amountField = () => screen.getByLabelText(/^Betrag in Euro/)

const setAmount = async (user: UserEvent, value: string) => {
  await user.clear(amountField())
  await user.type(amountField(), value)
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }))

describe('the public donation page', () => {
  it('shows the club, the campaign and its progress without signing in', async () => {
    await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Kunstrasenplatz' })).toBeInTheDocument()
    expect(screen.getByText('SV Grünbach 1923')).toBeInTheDocument()
    expect(screen.getByText(/ganzjährig bespielbarer Kunstrasenplatz/)).toBeInTheDocument()
    const progress = screen.getByRole('progressbar', { name: 'Spendenstand' })
    expect(progress).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^€\s[\d.]+,\d\d von €\s250\.000,00 gesammelt$/),
    )
    expect(screen.getByText(/^\d[\d.]* Spenden?$/)).toBeInTheDocument()
    expect(document.title).toBe('Kunstrasenplatz · Vereinsportal')
  })

  it('offers the suggested amount, chosen, and round amounts above the minimum', async () => {
    const { user } = await openPage()
    const preset = (euros: number) => screen.getByRole('button', { name: new RegExp(`^€\\s${euros}$`) })
    for (const euros of [50, 100, 200, 250]) expect(preset(euros)).toBeInTheDocument()
    expect(preset(100)).toHaveAttribute('aria-pressed', 'true')
    expect(amountField()).toHaveValue('100')
    await user.click(preset(250))
    expect(amountField()).toHaveValue('250')
    expect(preset(250)).toHaveAttribute('aria-pressed', 'true')
    expect(preset(100)).toHaveAttribute('aria-pressed', 'false')
  })

  it('refuses an amount below the minimum or not in euros, and asks for the name and the address', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    await setAmount(user, '5')
    await submit(user)
    expect(await screen.findByText('Die Mindestspende für diese Kampagne beträgt € 10,00.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Namen ein oder wählen Sie „Anonym spenden“.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument()
    // The first field in error has the focus.
    expect(amountField()).toHaveFocus()
    await setAmount(user, 'zehn')
    expect(
      await screen.findByText('Bitte geben Sie einen Betrag in Euro ein, z. B. 25 oder 25,50.'),
    ).toBeInTheDocument()
    expect(go).not.toHaveBeenCalled()
    expect(checkouts()).toEqual([])
  })

  it('starts the checkout with the typed amount and leaves for the provider’s page', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    await setAmount(user, '25,50')
    await fillDonor(user)
    await user.type(screen.getByLabelText(/^Nachricht an den Verein/), 'Viel Erfolg!')
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    const [started] = checkouts()
    expect(started).toMatchObject({
      campaignId: RUNNING,
      amountCents: 2550,
      donorName: 'Anna Berger',
      email: 'anna@example.at',
      message: 'Viel Erfolg!',
      state: 'OPEN',
    })
    expect(go.mock.calls[0]?.[0]).toContain(started?.sessionId)
    // Busy until the browser has left: no second checkout by a second click.
    expect(screen.getByRole('button', { name: 'Weiter zur Zahlung' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('sends no name for an anonymous donation, whatever the name field held', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    await fillDonor(user, { name: 'Anna Berger' })
    await user.click(screen.getByRole('checkbox', { name: 'Anonym spenden' }))
    expect(screen.queryByLabelText(/^Ihr Name/)).not.toBeInTheDocument()
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    expect(checkouts()[0]).toMatchObject({ amountCents: 10_000, donorName: null, message: null })
  })

  it('keeps what the donor typed when the campaign closed in the meantime (409)', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    failOperation('createDonationCheckout', 409)
    await setAmount(user, '42')
    await fillDonor(user)
    await submit(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Die Spende wurde nicht gestartet')
    expect(alert).toHaveTextContent(/nimmt gerade keine Spenden an/)
    expect(screen.getByTestId('checkout-failure')).toHaveFocus()
    expect(amountField()).toHaveValue('42')
    expect(screen.getByLabelText(/^Ihr Name/)).toHaveValue('Anna Berger')
    expect(screen.getByLabelText(/^E-Mail-Adresse/)).toHaveValue('anna@example.at')
    expect(screen.getByRole('button', { name: 'Weiter zur Zahlung' })).toBeEnabled()
    expect(go).not.toHaveBeenCalled()
  })

  it('says when the payment cannot start right now (503) and when it was tried too often (429)', async () => {
    redirectSpy()
    const { user } = await openPage()
    failOperation('createDonationCheckout', 503, 1)
    await fillDonor(user)
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(/konnte gerade nicht gestartet werden/)
    failOperation('createDonationCheckout', 429, 1)
    await submit(user)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Zu viele Versuche/))
    expect(screen.getByLabelText(/^Ihr Name/)).toHaveValue('Anna Berger')
  })

  it('shows the go-live gate instead of the form when the campaign takes no donations', async () => {
    await openPage(seedCampaigns.runningDisabled)
    expect(screen.getByRole('heading', { level: 1, name: 'Busfahrt zum Cupfinale' })).toBeInTheDocument()
    expect(screen.getByText('Diese Kampagne nimmt derzeit keine Spenden an')).toBeInTheDocument()
    expect(screen.getByText('Der Verein hat die Kampagne vorübergehend pausiert.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Weiter zur Zahlung' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Betrag in Euro/)).not.toBeInTheDocument()
  })

  it('says from when a campaign that has not started takes donations', async () => {
    await openPage(seedCampaigns.upcomingEnabled)
    expect(
      screen.getByText(/^Die Kampagne beginnt erst: Spenden sind ab \d\d\.\d\d\.\d{4} möglich\.$/),
    ).toBeInTheDocument()
  })

  it('says until when an ended campaign took donations', async () => {
    await openPage(seedCampaigns.endedEnabled)
    expect(
      screen.getByText(/^Die Kampagne ist beendet: Spenden waren bis \d\d\.\d\d\.\d{4} möglich\./),
    ).toBeInTheDocument()
  })

  it('says so for a campaign that does not exist', async () => {
    await openPage('gibt-es-nicht')
    expect(screen.getByRole('heading', { level: 1, name: 'Diese Kampagne gibt es nicht' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
  })
})
