import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failOperation } from '../../../tests/utils/mock-faults'
import { renderComponent } from '../../../tests/utils/render'
import { DonationsSection } from './donations-section'

// Several steps (save, navigate, load the next screen) run against the in-process mocked backend; on a
// machine busy with many test files that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

const VOLUME_CLUB = 'club-sv-gruenbach'
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))

const renderList = () =>
  renderComponent(
    <DonationsSection scope={{ kind: 'club', clubId: VOLUME_CLUB }} fileNameParts={['SV Grünbach 1923']} />,
    {
      signedInAs: 'verein@demo.at',
    },
  )

const amounts = () =>
  screen.getAllByTestId('donation-row').map((row) => euros(within(row).getAllByRole('cell').at(-1)!.textContent ?? ''))

describe('DonationsSection', () => {
  it('shows a loading state, then one page of the 10 000+ donations with the totals', async () => {
    await renderList()
    expect(screen.getByText('Spenden werden geladen …')).toBeInTheDocument()
    expect(await screen.findByTestId('donation-totals')).toHaveTextContent(
      /Summe: € [\d.]+,\d\d aus \d{2}[\s.]\d{3} Spenden/,
    )
    expect(screen.getAllByTestId('donation-row')).toHaveLength(50)
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toHaveTextContent(/Seite 1 von \d+/)
  })

  it('sorts by amount on the server when the column header is pressed', async () => {
    const { user, router } = await renderList()
    await screen.findByTestId('donation-totals')
    await user.click(screen.getByRole('button', { name: /^Betrag/ }))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Betrag/ })).toHaveAttribute('aria-sort', 'descending'),
    )
    await waitFor(() => {
      const values = amounts()
      expect(values).toEqual([...values].sort((a, b) => b - a))
    })
    expect(router.state.location.search).toMatchObject({ dSort: 'amountCents,desc' })
    await user.click(screen.getByRole('button', { name: /^Betrag/ }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ dSort: 'amountCents,asc' }))
  })

  it('pages and changes the page size through the URL', async () => {
    const { user, router } = await renderList()
    await screen.findByTestId('donation-totals')
    await user.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ dPage: 1 }))
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toHaveTextContent(/Seite 2 von/),
    )
    await user.selectOptions(screen.getByLabelText('Einträge pro Seite'), '100')
    await waitFor(() => expect(screen.getAllByTestId('donation-row')).toHaveLength(100))
    expect(router.state.location.search).toMatchObject({ dSize: 100 })
    expect(router.state.location.search).not.toHaveProperty('dPage')
  })

  it('refuses a "bis" date before the "von" date', async () => {
    const { user } = await renderList()
    await screen.findByTestId('donation-totals')
    await user.type(screen.getByLabelText('Von'), '2026-03-10')
    await user.type(screen.getByLabelText('Bis'), '2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Filtern' }))
    expect(await screen.findByText('Das Bis-Datum darf nicht vor dem Von-Datum liegen.')).toBeInTheDocument()
  })

  it('says so when no donation falls into the chosen range', async () => {
    const { user, router } = await renderList()
    await screen.findByTestId('donation-totals')
    await user.type(screen.getByLabelText('Von'), '2001-01-01')
    await user.type(screen.getByLabelText('Bis'), '2001-01-31')
    await user.click(screen.getByRole('button', { name: 'Filtern' }))
    expect(await screen.findByText('Keine Spenden im gewählten Zeitraum.')).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ dFrom: '2001-01-01', dTo: '2001-01-31' })
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }))
    expect(await screen.findByTestId('donation-totals')).toBeInTheDocument()
  })

  it('shows an empty state for a campaign without donations', async () => {
    await renderComponent(
      <DonationsSection
        scope={{ kind: 'campaign', campaignId: 'cmp-gruenbach-winterwanderung' }}
        fileNameParts={['SV Grünbach 1923', 'Winterwanderung']}
      />,
      { signedInAs: 'verein@demo.at' },
    )
    expect(await screen.findByText('Noch keine Spenden.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Spenden an diese Kampagne' })).toBeInTheDocument()
  })

  it('shows an error with a retry when the list cannot be loaded', async () => {
    failOperation('getDonationsOfClub', 500, 1)
    const { user } = await renderList()
    expect(await screen.findByText('Die Spenden konnten nicht geladen werden.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    expect(await screen.findByTestId('donation-totals')).toBeInTheDocument()
  })
})
