import { configure, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { backend } from '#mocks/node.ts'
import { updateClubTaxStatus } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

configure({ asyncUtilTimeout: 5000 })

const VOLUME = seedClubs.volume
const CLUB = 'SV Grünbach 1923'
/** SV Grünbach's entry, confirmed by the administrator in the seed (SO-4711, SP, from 2019). */
const ENTRY = 'tax-entry-gruenbach-1'

/** The club's treasurer corrects the register number (here the administrator, who may edit every club). */
const changeRegisterNumber = () =>
  updateClubTaxStatus(VOLUME, {
    entryId: ENTRY,
    registerNumber: 'so 4712',
    category: 'SP',
    validFrom: '2019-01-01',
    revokedOn: null,
    taxNumber: '123456789',
    lastReportOn: null,
  })

const openReleaseList = async () => {
  const view = await renderRoute('/admin?clubType=ct-sportverein&status=ACTIVE', { signedInAs: 'admin@demo.at' })
  const card = await screen.findByRole('article', { name: CLUB })
  return { ...view, card }
}

const storedEntry = () => backend.store.read((tx) => tx.table('taxStatus').get(VOLUME)?.entries[0])

describe('The Spendenbegünstigung in the release list', () => {
  it('loads when opened and shows a confirmed entry in one line', async () => {
    const { user, card } = await openReleaseList()
    const toggle = within(card).getByRole('button', { name: `Spendenbegünstigung (${CLUB})` })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await within(card).findByTestId('deductibility-confirmed')).toHaveTextContent(
      /^SO-4711 · Kategorie SP · gültig ab 01\.01\.2019Bestätigt am .+ von .+$/,
    )
    expect(within(card).getByText('Spenden derzeit absetzbar')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /^Spendenbegünstigung bestätigen/ })).toBeNull()
  })

  it('says "Keine Angaben" for a club without an entry', async () => {
    backend.store.transact((tx) => tx.delete('taxStatus', VOLUME))
    const { user, card } = await openReleaseList()
    await user.click(within(card).getByRole('button', { name: `Spendenbegünstigung (${CLUB})` }))
    expect(await within(card).findByText('Keine Angaben')).toBeInTheDocument()
    expect(within(card).getByText('Spenden derzeit nicht absetzbar')).toBeInTheDocument()
  })

  it('shows a change beside the confirmed values with the BMF list, and an administrator confirms it', async () => {
    await changeRegisterNumber()
    const { user, card } = await openReleaseList()
    await user.click(within(card).getByRole('button', { name: `Spendenbegünstigung (${CLUB})` }))
    const table = await within(card).findByRole('table', { name: `Spendenbegünstigung von ${CLUB}: bestätigt und neu` })
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) })
    expect(row('Registrierungsnummer')).toHaveTextContent(/SO-4711.*SO-4712 \(geändert\)/)
    expect(row('Kategorie')).toHaveTextContent('SPSP')
    expect(row('Gültig ab')).toHaveTextContent('01.01.201901.01.2019')
    expect(row('Widerrufen am')).toHaveTextContent('——')
    expect(within(card).getByText(/Bitte mit der BMF-Liste der begünstigten Spendenempfänger abgleichen/)).toBeVisible()
    expect(within(card).getByRole('link', { name: /BMF-Liste öffnen/ })).toHaveAttribute(
      'href',
      'https://service.bmf.gv.at/service/allg/spenden/',
    )
    expect(within(card).getByText('Bestätigung ausstehend')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: `Spendenbegünstigung bestätigen (${CLUB})` }))
    const dialog = await screen.findByRole('dialog', { name: `Spendenbegünstigung von ${CLUB} bestätigen?` })
    expect(dialog).toHaveTextContent('Registrierungsnummer SO-4712, Kategorie SP, gültig ab 01.01.2019.')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    expect(await screen.findByText(`Die Spendenbegünstigung von ${CLUB} ist bestätigt.`)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(card).queryByRole('table')).toBeNull()
    expect(within(card).getByTestId('deductibility-confirmed')).toHaveTextContent(/^SO-4712 · Kategorie SP/)
    // "Bestätigen" is gone: the confirmed entry that took its place has the focus.
    await waitFor(() => expect(within(card).getByTestId('deductibility-summary')).toHaveFocus())
    expect(storedEntry()).toMatchObject({ pending: null, confirmed: { registerNumber: 'SO-4712' } })
  })
})
