import { act, configure, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { seedClubRoles, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { memberWithRole, setClubRole } from '#mocks/testing.ts'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { issueReceipt, payByCard } from '#tests/utils/card-donation.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderComponent, renderRoute } from '#tests/utils/render.tsx'
import { DonationsSection } from './donations-section.tsx'

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

/** happy-dom lays nothing out: every row is this high, the list starts at the top of an 800 px window. */
const ROW = 37

/** Scrolls the window (happy-dom has no layout: the offset is set and announced). */
const scrollWindowTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })

const rowIndexes = () => screen.getAllByTestId('donation-row').map((row) => Number(row.getAttribute('aria-rowindex')))

const amounts = () =>
  screen.getAllByTestId('donation-row').map((row) => euros(within(row).getAllByRole('cell').at(-1)!.textContent ?? ''))

describe('DonationsSection', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW)
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

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
    // 100 rows on the page (and the header row), fewer in the DOM: the list is virtual.
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '101'))
    expect(router.state.location.search).toMatchObject({ dSize: 100 })
    expect(router.state.location.search).not.toHaveProperty('dPage')
  })

  it('keeps at most 60 rows of a 250-row page in the DOM and shows the others as the page scrolls', async () => {
    const { user } = await renderList()
    await screen.findByTestId('donation-totals')
    await user.selectOptions(screen.getByLabelText('Einträge pro Seite'), '250')
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '251'))
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toHaveTextContent(/von 4\d /),
    )
    // The header row is row 1; the first donation row 2; the last one (251) is not rendered yet.
    expect(screen.getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1')
    expect(rowIndexes()[0]).toBe(2)
    expect(rowIndexes().length).toBeLessThanOrEqual(60)
    expect(rowIndexes()).not.toContain(251)

    scrollWindowTo(250 * ROW)
    await waitFor(() => expect(rowIndexes()).toContain(251))
    expect(rowIndexes()).not.toContain(2)
    expect(rowIndexes().length).toBeLessThanOrEqual(60)
    // Consecutive rows, as a screen reader reads them.
    expect(rowIndexes()).toEqual(rowIndexes().map((_, offset) => rowIndexes()[0]! + offset))
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

/** The first row of the list (the newest donation): the one a test paid by card just now. */
const newestRow = async () => (await screen.findAllByTestId('donation-row'))[0]!

describe('DonationsSection: status and refunds', () => {
  it('shows each donation’s status and offers a refund only for a card donation with something left', async () => {
    await payByCard({ donorName: 'Erika Muster' })
    await renderComponent(
      <DonationsSection
        scope={{ kind: 'club', clubId: VOLUME_CLUB }}
        fileNameParts={['SV Grünbach 1923']}
        refunds={{ allowed: true, clubName: 'SV Grünbach 1923' }}
      />,
      { signedInAs: 'verein@demo.at' },
    )
    const row = await newestRow()
    expect(within(row).getAllByText('bezahlt').length).toBeGreaterThan(0)
    // On phones the action sits under the donor, on wider screens in the status column: both name the donation.
    const actions = screen.getAllByRole('button', { name: /^Erstatten/ })
    expect(actions.length).toBeGreaterThan(0)
    for (const action of actions)
      expect(action).toHaveAccessibleName(/^Erstatten \(Spende von Erika Muster, €\s25,00\)$/)
    // The seed's donations were not paid by card: nothing to refund, but their status shows.
    const others = screen.getAllByTestId('donation-row').slice(1)
    for (const other of others) expect(within(other).queryByRole('button', { name: /^Erstatten/ })).toBeNull()
    expect(within(others[0]!).getAllByText('bezahlt').length).toBeGreaterThan(0)
  })

  it('refunds from the list; the donation shows "erstattet" once the provider confirms it', async () => {
    await payByCard({ donorName: 'Erika Muster' })
    const { user } = await renderComponent(
      <>
        <DonationsSection
          scope={{ kind: 'club', clubId: VOLUME_CLUB }}
          fileNameParts={['SV Grünbach 1923']}
          refunds={{ allowed: true, clubName: 'SV Grünbach 1923' }}
        />
        <Toaster />
      </>,
      { signedInAs: 'verein@demo.at' },
    )
    await user.click(within(await newestRow()).getAllByRole('button', { name: /^Erstatten/ })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Spende erstatten' })
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Wunsch der Spenderin')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))
    expect(await screen.findByText(/^Die Erstattung wurde beim Zahlungsanbieter beauftragt/)).toBeInTheDocument()
    await waitFor(async () => expect(within(await newestRow()).getAllByText('erstattet').length).toBeGreaterThan(0))
    expect(within(await newestRow()).queryByRole('button', { name: /^Erstatten/ })).toBeNull()
  })

  it('offers the club’s representative a refund on the dashboard', async () => {
    await payByCard({ donorName: 'Erika Muster' })
    await renderRoute(`/home?id=${seedClubs.volume}`, { signedInAs: 'verein@demo.at' })
    const list = await screen.findByRole('region', { name: 'Spenden' })
    expect(
      await within(list).findAllByRole('button', { name: /^Erstatten \(Spende von Erika Muster/ }),
    ).not.toHaveLength(0)
  })

  it('hides the refund from a member whose club role may not manage money, and says why', async () => {
    await payByCard({ donorName: 'Erika Muster' })
    const deputy = memberWithRole(seedClubs.volume, seedClubRoles.stellvertretung)
    setClubRole(seedClubs.volume, deputy.uid, seedClubRoles.schriftfuehrung)
    await renderRoute(`/home?id=${seedClubs.volume}`, { signedInAs: deputy.email })
    const list = await screen.findByRole('region', { name: 'Spenden' })
    expect(await within(list).findByText(/Ihre Rolle im Verein darf keine Spenden erstatten\./)).toBeInTheDocument()
    expect(within(list).getAllByText('bezahlt').length).toBeGreaterThan(0)
    expect(within(list).queryByRole('button', { name: /^Erstatten/ })).toBeNull()
  })
})

/** What the list saved through a Blob and an `<a download>`: the files' names and Blobs. */
const captureDownloads = () => {
  const blobs: Blob[] = []
  const names: string[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob)
    return `blob:http://localhost:3000/${blobs.length}`
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  return { names, blobs }
}

/** Who issues and downloads receipts: the volume club's chair, whose club role may manage money. */
const TREASURER = 'verein@demo.at'

const RECEIPT_ADDRESS = {
  name: 'Erika Muster',
  street: 'Herrengasse 7',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
}

/** The club's list as its chair sees it on the dashboard: refunds and receipts offered. */
const renderManagedList = () =>
  renderComponent(
    <>
      <DonationsSection
        scope={{ kind: 'club', clubId: VOLUME_CLUB }}
        fileNameParts={['SV Grünbach 1923']}
        refunds={{ allowed: true, clubName: 'SV Grünbach 1923' }}
      />
      <Toaster />
    </>,
    { signedInAs: TREASURER },
  )

describe('DonationsSection: donation receipts', () => {
  it('issues a receipt from the row: the dialog has the donor’s address, the row then shows its number', async () => {
    await payByCard({ donorName: 'Erika Muster', receipt: RECEIPT_ADDRESS, leftToTheClub: true })
    const { user } = await renderManagedList()
    const issue = within(await newestRow()).getAllByRole('button', { name: /^Bestätigung ausstellen/ })
    for (const action of issue)
      expect(action).toHaveAccessibleName(/^Bestätigung ausstellen \(Spende von Erika Muster, €\s25,00\)$/)
    await user.click(issue[0]!)

    const dialog = await screen.findByRole('dialog', { name: 'Spendenbestätigung ausstellen' })
    expect(within(dialog).getByLabelText(/^Straße und Hausnummer/)).toHaveValue('Herrengasse 7')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigung ausstellen' }))

    const toastText = await screen.findByText(/^Spendenbestätigung \d{4}-\d{6} ausgestellt$/)
    const number = /\d{4}-\d{6}/.exec(toastText.textContent ?? '')![0]
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const row = await newestRow()
    expect(within(row).getAllByTestId('receipt-number')[0]).toHaveTextContent(`Bestätigung ${number}`)
    expect(within(row).queryByRole('button', { name: /^Bestätigung ausstellen/ })).toBeNull()
    // The focus goes where "Bestätigung ausstellen" was: to the download that took its place.
    const download = within(row).getAllByRole('button', { name: /^Bestätigung herunterladen/ })[0]!
    await waitFor(() => expect(download).toHaveFocus())
    // The seed's donations have no receipt: each can get one.
    const other = screen.getAllByTestId('donation-row')[1]!
    expect(within(other).getAllByRole('button', { name: /^Bestätigung ausstellen/ }).length).toBeGreaterThan(0)
  })

  it('downloads the archived receipt as a PDF, from the row and from the toast', async () => {
    const downloads = captureDownloads()
    await payByCard({ donorName: 'Erika Muster', receipt: RECEIPT_ADDRESS, leftToTheClub: true })
    const { user } = await renderManagedList()
    await user.click(within(await newestRow()).getAllByRole('button', { name: /^Bestätigung ausstellen/ })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Spendenbestätigung ausstellen' })
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigung ausstellen' }))
    const toastText = await screen.findByText(/^Spendenbestätigung \d{4}-\d{6} ausgestellt$/)
    const number = /\d{4}-\d{6}/.exec(toastText.textContent ?? '')![0]

    const download = within(await newestRow()).getAllByRole('button', { name: /^Bestätigung herunterladen/ })[0]!
    expect(download).toHaveAccessibleName(
      new RegExp(`^Bestätigung herunterladen \\(Bestätigung ${number}, Spende von Erika Muster, €\\s25,00\\)$`),
    )
    await user.click(download)
    await waitFor(() => expect(downloads.names).toEqual([`spendenbestaetigung-${number}.pdf`]))
    const [pdf] = downloads.blobs
    expect(pdf!.type).toBe('application/pdf')
    expect(new TextDecoder().decode(new Uint8Array(await pdf!.arrayBuffer()).subarray(0, 5))).toBe('%PDF-')

    await user.click(screen.getByRole('button', { name: 'Herunterladen' }))
    await waitFor(() => expect(downloads.names).toHaveLength(2))
    expect(downloads.names[1]).toBe(`spendenbestaetigung-${number}.pdf`)
    // The archived bytes: the same every time.
    expect(await downloads.blobs[1]!.arrayBuffer()).toEqual(await pdf!.arrayBuffer())
  })

  it('says so when the download fails', async () => {
    await payByCard({ donorName: 'Erika Muster', receipt: RECEIPT_ADDRESS, leftToTheClub: true })
    const { user } = await renderManagedList()
    await user.click(within(await newestRow()).getAllByRole('button', { name: /^Bestätigung ausstellen/ })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Spendenbestätigung ausstellen' })
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigung ausstellen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    failOperation('getReceiptFile', 500, 1)
    await user.click(within(await newestRow()).getAllByRole('button', { name: /^Bestätigung herunterladen/ })[0]!)
    expect(
      await screen.findByText(/^Die Spendenbestätigung \d{4}-\d{6} konnte nicht heruntergeladen werden\./),
    ).toBeInTheDocument()
  })

  it('shows a receipt’s number to a member who may not manage money, without issuing or downloading', async () => {
    const donation = await payByCard({ donorName: 'Erika Muster', receipt: RECEIPT_ADDRESS, leftToTheClub: true })
    const { number } = await issueReceipt(donation.id, RECEIPT_ADDRESS)
    const deputy = memberWithRole(seedClubs.volume, seedClubRoles.stellvertretung)
    setClubRole(seedClubs.volume, deputy.uid, seedClubRoles.schriftfuehrung)
    await renderRoute(`/home?id=${seedClubs.volume}`, { signedInAs: deputy.email })
    const list = await screen.findByRole('region', { name: 'Spenden' })
    const row = (await within(list).findAllByTestId('donation-row'))[0]!
    expect(within(row).getAllByTestId('receipt-number')[0]).toHaveTextContent(`Bestätigung ${number}`)
    expect(within(list).queryByRole('button', { name: /^Bestätigung (ausstellen|herunterladen)/ })).toBeNull()
  })
})
