import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedCampaigns } from '#adapters/demo-seed/seed-accounts.ts'
import { server } from '#mocks/node.ts'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// The seed's running campaign of SV Grünbach (on the BMF list: the tax section shows before the receipt's).
const RUNNING = seedCampaigns.runningEnabled

const openPage = async () => {
  const view = await renderRoute(`/spenden/${RUNNING}`)
  await screen.findByRole('heading', { level: 1 })
  return view
}

const redirectSpy = () => vi.spyOn(providerRedirect, 'go').mockImplementation(() => undefined)

/** The bodies of the checkouts the page sent, as sent. */
const listeners: Array<() => void> = []
afterEach(() => listeners.splice(0).forEach((remove) => remove()))
const sentBodies = () => {
  const bodies: unknown[] = []
  const onRequest = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && request.url.endsWith(`/giving/campaigns/${RUNNING}/checkouts`)) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body))
    }
  }
  server.events.on('request:start', onRequest)
  listeners.push(() => server.events.removeListener('request:start', onRequest))
  return bodies
}

const wanted = () => screen.getByRole('checkbox', { name: 'Spendenbestätigung gewünscht' })
const address = () => screen.getByRole('group', { name: 'Name und Adresse für die Spendenbestätigung' })
const inAddress = (label: RegExp) => within(address()).getByLabelText(label)
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }))

const fillDonor = async (user: UserEvent) => {
  await user.type(screen.getByLabelText(/^Ihr Name/), 'Anna Berger')
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/), 'anna@example.at')
}

const fillAddress = async (user: UserEvent, { street = 'Hauptplatz 1', postalCode = '8010', city = 'Graz' } = {}) => {
  await user.type(inAddress(/^Straße und Hausnummer/), street)
  await user.type(inAddress(/^PLZ/), postalCode)
  await user.type(inAddress(/^Ort/), city)
}

describe('a donor who asks for a receipt', () => {
  it('sees the name and address fields only when asking for one, after the tax section', async () => {
    const { user } = await openPage()
    expect(wanted()).not.toBeChecked()
    expect(wanted()).toHaveAccessibleDescription(
      'Der Verein stellt sie aus; den Link dazu erhalten Sie mit der Bestätigung Ihrer Spende per E-Mail.',
    )
    expect(screen.queryByRole('group', { name: 'Name und Adresse für die Spendenbestätigung' })).toBeNull()
    const taxGroup = screen.getByRole('group', { name: 'Spende steuerlich absetzen' })
    expect(taxGroup.compareDocumentPosition(wanted()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await fillDonor(user)
    await user.click(wanted())
    // The name starts as the donor's; Austria is chosen.
    expect(inAddress(/^Name/)).toHaveValue('Anna Berger')
    expect(inAddress(/^Straße und Hausnummer/)).toHaveValue('')
    expect(inAddress(/^Land/)).toHaveValue('AT')
    await waitFor(() =>
      expect(within(inAddress(/^Land/)).getByRole('option', { name: 'Deutschland' })).toBeInTheDocument(),
    )
    expect(within(inAddress(/^Land/)).getByRole('option', { selected: true })).toHaveTextContent('Österreich')

    await user.click(wanted())
    expect(screen.queryByRole('group', { name: 'Name und Adresse für die Spendenbestätigung' })).toBeNull()
  })

  it('is asked for every field in German, and nothing is sent', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await user.click(wanted())
    await user.clear(inAddress(/^Name/))
    await submit(user)
    expect(
      await screen.findByText('Bitte geben Sie den Namen ein, auf den die Bestätigung lautet.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Straße und Hausnummer ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie die Postleitzahl ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie den Ort ein.')).toBeInTheDocument()
    expect(inAddress(/^Name/)).toHaveFocus()
    expect(go).not.toHaveBeenCalled()
    expect(bodies).toEqual([])
  })

  it('sends the name and address with the donation', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await user.click(wanted())
    await fillAddress(user, { street: ' Hauptplatz 1 ' })
    await waitFor(() =>
      expect(within(inAddress(/^Land/)).getByRole('option', { name: 'Deutschland' })).toBeInTheDocument(),
    )
    await user.selectOptions(inAddress(/^Land/), 'DE')
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      donorName: 'Anna Berger',
      receipt: { name: 'Anna Berger', street: 'Hauptplatz 1', postalCode: '8010', city: 'Graz', country: 'DE' },
    })
  })

  it('sends null when not asked for, whatever was typed before', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await user.click(wanted())
    await fillAddress(user)
    await user.click(wanted())
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ receipt: null })
  })

  it('gets the backend’s field error at its field and keeps what was typed', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    await fillDonor(user)
    await user.click(wanted())
    // A street of nothing but a zero-width space: the backend reads it as empty (`receipt.street`).
    await fillAddress(user, { street: '\u200B' })
    await submit(user)
    const street = inAddress(/^Straße und Hausnummer/)
    await waitFor(() => expect(street).toHaveAccessibleDescription('Bitte geben Sie Straße und Hausnummer ein.'))
    expect(street).toHaveFocus()
    expect(screen.getByTestId('checkout-failure')).toHaveTextContent('Bitte prüfen Sie Ihre Angaben.')
    expect(inAddress(/^PLZ/)).toHaveValue('8010')
    expect(inAddress(/^Ort/)).toHaveValue('Graz')
    expect(wanted()).toBeChecked()
    expect(go).not.toHaveBeenCalled()
  })
})
