import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { TAX_CONSENT_TEXT } from '#domain/tax-donors.ts'
import { backend, server } from '#mocks/node.ts'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'
import { todayIso } from '#src/lib/format.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// The seed's running campaign of SV Grünbach, whose entry on the BMF list an administrator confirmed.
const RUNNING = seedCampaigns.runningEnabled

/** Takes SV Grünbach off the BMF list: its donations no longer count for tax. */
const makeNotDeductible = () => backend.store.transact((tx) => tx.delete('taxStatus', seedClubs.volume))

const openPage = async () => {
  const view = await renderRoute(`/spenden/${RUNNING}`)
  await screen.findByRole('heading', { level: 1 })
  return view
}

const redirectSpy = () => vi.spyOn(providerRedirect, 'go').mockImplementation(() => undefined)

/** The bodies of the checkouts the page sent, as sent. */
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
const listeners: Array<() => void> = []
afterEach(() => listeners.splice(0).forEach((remove) => remove()))

const taxGroup = () => screen.getByRole('group', { name: 'Spende steuerlich absetzen' })
const choose = (user: UserEvent, name: string) => user.click(within(taxGroup()).getByRole('radio', { name }))
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }))

const fillDonor = async (user: UserEvent) => {
  await user.type(screen.getByLabelText(/^Ihr Name/), 'Anna Berger')
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/), 'anna@example.at')
}

const fillPerson = async (
  user: UserEvent,
  { firstName = 'Anna', lastName = 'Berger', birthDate = '1980-05-17' } = {},
) => {
  await user.type(screen.getByLabelText(/^Vorname/), firstName)
  await user.type(screen.getByLabelText(/^Nachname/), lastName)
  await user.type(screen.getByLabelText(/^Geburtsdatum/), birthDate)
}

describe('a donation that counts for tax', () => {
  it('says so at the title and asks, as a person, for the names as on the Meldezettel, the birth date and the scope', async () => {
    const { user } = await openPage()
    expect(screen.getByText('Ihre Spende ist steuerlich absetzbar')).toBeInTheDocument()
    expect(taxGroup()).toHaveTextContent('Ohne diese Angaben kann die Spende nicht steuerlich abgesetzt werden.')
    expect(within(taxGroup()).getByRole('radio', { name: 'Nicht absetzen' })).toBeChecked()
    expect(screen.queryByLabelText(/^Vorname/)).not.toBeInTheDocument()

    await choose(user, 'Als Privatperson absetzen')
    expect(screen.getByLabelText(/^Vorname/)).toHaveAccessibleDescription('wie am Meldezettel')
    expect(screen.getByLabelText(/^Nachname/)).toHaveAccessibleDescription('wie am Meldezettel')
    expect(screen.getByLabelText(/^Geburtsdatum/)).toHaveAttribute('type', 'date')
    const scope = screen.getByRole('group', { name: /^Ihre Einwilligung gilt/ })
    expect(within(scope).getByRole('radio', { name: 'nur für diese Spende' })).not.toBeChecked()
    expect(
      within(scope).getByRole('radio', { name: 'für alle künftigen Spenden an diesen Verein, bis ich widerrufe' }),
    ).not.toBeChecked()
    // The consent text in full, before the button that gives it.
    expect(screen.getByRole('region', { name: 'Einwilligung zur Übermittlung an das Finanzamt' })).toHaveTextContent(
      TAX_CONSENT_TEXT,
    )

    await choose(user, 'Spende eines Unternehmens (Betriebsausgabe) – wird nicht übermittelt')
    expect(screen.queryByLabelText(/^Vorname/)).not.toBeInTheDocument()
    expect(screen.getByText(/meldet diese Spende nicht an das Finanzamt/)).toBeInTheDocument()
  })

  it('shows nothing of it for a club that is not on the BMF list, and sends no tax data', async () => {
    makeNotDeductible()
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    expect(screen.queryByText('Ihre Spende ist steuerlich absetzbar')).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Spende steuerlich absetzen' })).not.toBeInTheDocument()
    await fillDonor(user)
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).not.toHaveProperty('tax')
  })

  it('refuses a donor younger than 14 and a missing scope in German, and sends nothing', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    const thirteen = `${Number(todayIso().slice(0, 4)) - 13}-01-01`
    await fillPerson(user, { birthDate: thirteen })
    await submit(user)
    const birthDate = screen.getByLabelText(/^Geburtsdatum/)
    expect(
      await screen.findByText(
        'Eine Spende kann erst ab 14 Jahren steuerlich abgesetzt werden. Bitte prüfen Sie das Geburtsdatum.',
      ),
    ).toBeInTheDocument()
    expect(birthDate).toHaveAttribute('aria-invalid', 'true')
    expect(birthDate).toHaveFocus()
    expect(screen.getByText('Bitte wählen Sie, wofür Ihre Einwilligung gilt.')).toBeInTheDocument()
    expect(go).not.toHaveBeenCalled()
    expect(bodies).toEqual([])
  })

  it('asks for the names and the date of birth when they are missing', async () => {
    redirectSpy()
    const { user } = await openPage()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    await submit(user)
    expect(
      await screen.findByText('Bitte geben Sie Ihren Vornamen ein, wie er am Meldezettel steht.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Nachnamen ein, wie er am Meldezettel steht.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihr Geburtsdatum ein.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Vorname/)).toHaveFocus()
  })

  it('sends the person’s data and the consent’s scope', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    await fillPerson(user, { firstName: ' Anna Maria ', lastName: 'Berger' })
    await user.click(
      screen.getByRole('radio', { name: 'für alle künftigen Spenden an diesen Verein, bis ich widerrufe' }),
    )
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      donorName: 'Anna Berger',
      tax: {
        company: false,
        firstName: 'Anna Maria',
        lastName: 'Berger',
        birthDate: '1980-05-17',
        scope: 'UNTIL_WITHDRAWN',
      },
    })
  })

  it('sends a company’s donation without any person’s data', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    // Typed first, then the donor changed their mind: none of it is sent.
    await choose(user, 'Als Privatperson absetzen')
    await fillPerson(user)
    await choose(user, 'Spende eines Unternehmens (Betriebsausgabe) – wird nicht übermittelt')
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      tax: { company: true, firstName: null, lastName: null, birthDate: null, scope: null },
    })
  })

  it('sends null for "Nicht absetzen"', async () => {
    const go = redirectSpy()
    const bodies = sentBodies()
    const { user } = await openPage()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    await fillPerson(user)
    await choose(user, 'Nicht absetzen')
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ tax: null })
  })

  it('puts the backend’s field error on its field and keeps what was typed', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    // A first name of nothing but a zero-width space: the backend reads it as empty (`tax.firstName`).
    await fillPerson(user, { firstName: '\u200B' })
    await user.click(screen.getByRole('radio', { name: 'nur für diese Spende' }))
    await submit(user)
    const firstName = screen.getByLabelText(/^Vorname/)
    await waitFor(() =>
      expect(firstName).toHaveAccessibleDescription('Bitte geben Sie Ihren Vornamen ein, wie er am Meldezettel steht.'),
    )
    expect(firstName).toHaveFocus()
    expect(screen.getByTestId('checkout-failure')).toHaveTextContent('Bitte prüfen Sie Ihre Angaben.')
    expect(screen.getByLabelText(/^Nachname/)).toHaveValue('Berger')
    expect(screen.getByLabelText(/^Geburtsdatum/)).toHaveValue('1980-05-17')
    expect(go).not.toHaveBeenCalled()
  })

  it('says so at the tax choice when the club is no longer deductible (409), keeping what was typed', async () => {
    const go = redirectSpy()
    const { user } = await openPage()
    makeNotDeductible()
    await fillDonor(user)
    await choose(user, 'Als Privatperson absetzen')
    await fillPerson(user)
    await user.click(screen.getByRole('radio', { name: 'nur für diese Spende' }))
    await submit(user)
    const failure = await screen.findByTestId('checkout-failure')
    expect(failure).toHaveTextContent(/derzeit nicht steuerlich absetzbar/)
    expect(failure).toHaveFocus()
    expect(within(taxGroup()).getByText('Diese Spende kann derzeit nicht steuerlich abgesetzt werden.')).toBeVisible()
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Anna')
    expect(screen.getByLabelText(/^Geburtsdatum/)).toHaveValue('1980-05-17')
    expect(go).not.toHaveBeenCalled()

    // "Nicht absetzen" and once more: the donation goes through without tax data.
    await choose(user, 'Nicht absetzen')
    await submit(user)
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1))
  })
})
