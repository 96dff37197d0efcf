import { screen, waitFor, within } from '@testing-library/react'
import { unzipSync } from 'fflate'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { AnnualReceiptCandidate } from '#openapi/generated/model/annualReceiptCandidate.ts'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import type { ReceiptSettings } from '#openapi/generated/model/receiptSettings.ts'
import { backend, server } from '#mocks/node.ts'
import { todayIso } from '#src/lib/format.ts'
import { renderRoute } from '#tests/utils/render.tsx'

/*
 * The receipts screen against mocked answers of the receipts operations (the rest of the app, the
 * signed-in user and the club, is the mocked backend's): the list of a period and what each receipt
 * offers, the period's ZIP and CSV, the yearly receipts issued one donor after the other, the settings.
 */

const CLUB = 'club-sv-gruenbach'
const BASE = `*/api/backend/v1/club/${CLUB}`
const YEAR = Number(todayIso().slice(0, 4))
const LAST_YEAR = YEAR - 1

const BERGER = { name: 'Franz Berger', street: 'Hauptstraße 12', postalCode: '8010', city: 'Graz', country: 'AT' }
const WAGNER = {
  name: 'Elisabeth Wagner',
  street: 'Mozartgasse 3/5',
  postalCode: '5020',
  city: 'Salzburg',
  country: 'AT',
}
const AUTOHAUS = { name: 'Autohaus Berger GmbH', street: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'AT' }

const number = (sequence: number) => `${YEAR}-${String(sequence).padStart(6, '0')}`

const receipt = (sequence: number, rest: Partial<Receipt> = {}): Receipt => ({
  id: `receipt-${sequence}`,
  clubId: CLUB,
  number: number(sequence),
  kind: 'SINGLE',
  country: 'AT',
  year: null,
  donor: BERGER,
  lines: [{ donationId: `donation-${sequence}`, day: `${YEAR}-01-10`, amountCents: 7_500 }],
  totalCents: 7_500,
  issuedOn: `${YEAR}-01-15`,
  issuedAt: `${YEAR}-01-15T09:00:00Z`,
  issuedByName: 'Markus Obermayr',
  status: 'ISSUED',
  withdrawnAt: null,
  withdrawnByName: null,
  withdrawReason: null,
  replacesId: null,
  sha256: 'a'.repeat(64),
  ...rest,
})

const AUSTRIAN_SETTINGS: ReceiptSettings = {
  place: 'Grünbach',
  signerName: 'Markus Obermayr',
  signerRole: 'Obmann',
  germany: null,
}

const candidate = (donor: typeof BERGER, rest: Partial<AnnualReceiptCandidate> = {}): AnnualReceiptCandidate => ({
  donorKey: donor.name.toLowerCase(),
  donor,
  donationCount: 2,
  openCount: 2,
  openCents: 10_000,
  receipts: [],
  blockedReason: null,
  ...rest,
})

const problem = (kind: string, status: number, extra: Record<string, JsonBodyType> = {}) =>
  HttpResponse.json(
    { type: `https://vereinsportal.at/problems/${kind}`, title: 'Problem', status, detail: 'English detail', ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )

/** A PDF's bytes as the backend sends them: base64 of a text that starts like a PDF. */
const pdfBase64 = (text: string) => btoa(`%PDF-1.7\n${text}\n%%EOF`)

/** A promise a test resolves when it wants the held request answered. */
const gate = () => {
  let open = () => undefined as void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open: () => open() }
}

interface MockOptions {
  receipts?: Receipt[]
  settings?: ReceiptSettings
  candidates?: AnnualReceiptCandidate[]
}

/**
 * The receipts operations answer from the given state, paging and withdrawing as the backend does; the
 * returned record says what the screen asked for and sent.
 */
const mockReceipts = ({ receipts = [], settings = AUSTRIAN_SETTINGS, candidates = [] }: MockOptions = {}) => {
  const state = { receipts: [...receipts], settings }
  const seen = {
    lists: [] as URLSearchParams[],
    files: [] as Array<{ id: string; copy: string | null }>,
    withdrawals: [] as Array<{ id: string; body: unknown }>,
    issued: [] as string[],
    settings: [] as unknown[],
  }
  server.use(
    http.get(`${BASE}/receipts`, ({ request }) => {
      const query = new URL(request.url).searchParams
      seen.lists.push(query)
      const page = Number(query.get('page') ?? 0)
      const size = Number(query.get('size') ?? 50)
      return HttpResponse.json({
        items: state.receipts.slice(page * size, (page + 1) * size),
        page,
        size,
        totalItems: state.receipts.length,
        totalPages: Math.ceil(state.receipts.length / size),
      })
    }),
    http.get(`${BASE}/receipts/:receiptId/file`, ({ params, request }) => {
      const copy = new URL(request.url).searchParams.get('copy')
      const duplicate = copy === 'duplicate'
      const id = String(params.receiptId)
      seen.files.push({ id, copy })
      const found = state.receipts.find((entry) => entry.id === id)!
      return HttpResponse.json({
        fileName: `spendenbestaetigung-${found.number}${duplicate ? '-duplikat' : ''}.pdf`,
        contentType: 'application/pdf',
        base64: pdfBase64(`${found.number} ${found.donor.name}`),
        sha256: 'b'.repeat(64),
        duplicate,
      })
    }),
    http.post(`${BASE}/receipts/:receiptId/withdraw`, async ({ params, request }) => {
      const body = (await request.json()) as { reason: string }
      const id = String(params.receiptId)
      seen.withdrawals.push({ id, body })
      const index = state.receipts.findIndex((entry) => entry.id === id)
      const withdrawn: Receipt = {
        ...state.receipts[index]!,
        status: 'WITHDRAWN',
        withdrawnAt: `${YEAR}-02-01T10:00:00Z`,
        withdrawReason: body.reason,
      }
      state.receipts[index] = withdrawn
      return HttpResponse.json(withdrawn)
    }),
    http.get(`${BASE}/receipts/annual/:year`, () => HttpResponse.json(candidates)),
    http.post(`${BASE}/receipts/annual/:year`, async ({ request }) => {
      const { donorKey } = (await request.json()) as { donorKey: string }
      seen.issued.push(donorKey)
      return HttpResponse.json(receipt(100 + seen.issued.length, { kind: 'ANNUAL', year: LAST_YEAR }), {
        status: 201,
      })
    }),
    http.get(`${BASE}/receipt-settings`, () => HttpResponse.json(state.settings)),
    http.put(`${BASE}/receipt-settings`, async ({ request }) => {
      const body = (await request.json()) as ReceiptSettings
      seen.settings.push(body)
      state.settings = body
      return HttpResponse.json(body)
    }),
  )
  return seen
}

/** What the screen saved through a Blob and an `<a download>`: file names and contents. */
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

const openScreen = async (search = '') => {
  const view = await renderRoute(`/bestaetigungen/${CLUB}${search}`, { signedInAs: 'verein@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Spendenbestätigungen' })
  await screen.findByRole('heading', { name: 'Bestätigungen' })
  return view
}

const receiptsTable = () => screen.getByRole('region', { name: 'Spendenbestätigungen, Tabelle' })
const rowOf = (receiptNumber: string) => within(receiptsTable()).getByRole('row', { name: new RegExp(receiptNumber) })

describe('Spendenbestätigungen: the list', () => {
  it('shows this year’s receipts, valid and withdrawn, and pages', async () => {
    const withdrawn = receipt(2, {
      donor: WAGNER,
      kind: 'ANNUAL',
      year: LAST_YEAR,
      totalCents: 123_456,
      status: 'WITHDRAWN',
      withdrawnAt: `${YEAR}-01-20T10:00:00Z`,
      withdrawReason: 'Name falsch geschrieben',
    })
    const many = [receipt(1), withdrawn, ...Array.from({ length: 58 }, (_, index) => receipt(index + 3))]
    const seen = mockReceipts({ receipts: many })
    const { user, router } = await openScreen()

    expect(seen.lists[0]!.get('from')).toBe(`${YEAR}-01-01`)
    expect(seen.lists[0]!.get('to')).toBe(`${YEAR}-12-31`)
    expect(screen.getByLabelText('Von')).toHaveValue(`${YEAR}-01-01`)
    expect(within(receiptsTable()).getAllByTestId('receipt-row')).toHaveLength(50)

    const first = rowOf(number(1))
    expect(first).toHaveTextContent('Franz Berger')
    expect(first).toHaveTextContent('Hauptstraße 12, 8010 Graz')
    expect(first).toHaveTextContent('Einzeln')
    expect(first).toHaveTextContent('€ 75,00')
    expect(first).toHaveTextContent(`15.01.${YEAR}`)
    expect(first).toHaveTextContent('gültig')
    for (const action of ['Herunterladen', 'Duplikat', 'Zurückziehen'])
      expect(within(first).getByRole('button', { name: `${action} ${number(1)}` })).toBeInTheDocument()

    const second = rowOf(number(2))
    expect(second).toHaveTextContent(`Jahresbestätigung ${LAST_YEAR}`)
    expect(second).toHaveTextContent('€ 1.234,56')
    expect(second).toHaveTextContent('zurückgezogen')
    expect(second).toHaveTextContent(`am 20.01.${YEAR}: Name falsch geschrieben`)
    // A withdrawn receipt offers nothing but its PDF.
    expect(
      within(second)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([`Herunterladen ${number(2)}`])

    expect(screen.getByText(/Seite 1 von 2/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(within(receiptsTable()).getAllByTestId('receipt-row')).toHaveLength(10))
    expect(router.state.location.search).toMatchObject({ page: 1 })
    expect(seen.lists.at(-1)!.get('page')).toBe('1')
  })

  it('shows another period chosen with Von and Bis, and refuses Bis before Von', async () => {
    const seen = mockReceipts({ receipts: [receipt(1)] })
    const { user, router } = await openScreen()
    const from = screen.getByLabelText('Von')
    const to = screen.getByLabelText('Bis')
    await user.clear(from)
    await user.type(from, `${LAST_YEAR}-03-01`)
    await user.clear(to)
    await user.type(to, `${LAST_YEAR}-02-01`)
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }))
    expect(await screen.findByText('Das Bis-Datum darf nicht vor dem Von-Datum liegen.')).toBeInTheDocument()

    await user.clear(to)
    await user.type(to, `${LAST_YEAR}-12-31`)
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: `${LAST_YEAR}-03-01`, to: `${LAST_YEAR}-12-31` }),
    )
    await waitFor(() => expect(seen.lists.at(-1)!.get('from')).toBe(`${LAST_YEAR}-03-01`))
    expect(
      await screen.findByText(`Ausgestellt von 01.03.${LAST_YEAR} bis 31.12.${LAST_YEAR}, neueste zuerst.`),
    ).toBeInTheDocument()
  })

  it('says "Kein Zugriff" to a member whose club role may not manage money', async () => {
    mockReceipts()
    server.use(http.get(`${BASE}/receipts`, () => problem('club-right-missing', 403)))
    await renderRoute(`/bestaetigungen/${CLUB}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Kein Zugriff')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(/Rolle Geld verwalten darf/)
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Bestätigungen' })).toBeNull()
  })
})

describe('Spendenbestätigungen: one receipt', () => {
  it('saves the archived PDF under the backend’s name, and a duplicate', async () => {
    const seen = mockReceipts({ receipts: [receipt(1)] })
    const downloads = captureDownloads()
    const { user } = await openScreen()

    await user.click(within(rowOf(number(1))).getByRole('button', { name: /^Herunterladen/ }))
    await waitFor(() => expect(downloads.names).toEqual([`spendenbestaetigung-${number(1)}.pdf`]))
    expect(seen.files).toEqual([{ id: 'receipt-1', copy: null }])
    expect(downloads.blobs[0]!.type).toBe('application/pdf')
    expect(await downloads.blobs[0]!.text()).toMatch(/^%PDF-1\.7\n/)

    await user.click(within(rowOf(number(1))).getByRole('button', { name: /^Duplikat/ }))
    await waitFor(() => expect(downloads.names).toHaveLength(2))
    expect(downloads.names[1]).toBe(`spendenbestaetigung-${number(1)}-duplikat.pdf`)
    expect(seen.files[1]).toEqual({ id: 'receipt-1', copy: 'duplicate' })
  })

  it('withdraws after asking the reason, then shows it withdrawn', async () => {
    const seen = mockReceipts({ receipts: [receipt(1), receipt(2, { donor: WAGNER })] })
    const { user } = await openScreen()
    const reads = seen.lists.length

    await user.click(within(rowOf(number(1))).getByRole('button', { name: /^Zurückziehen/ }))
    const dialog = await screen.findByRole('dialog', { name: `Bestätigung ${number(1)} zurückziehen?` })
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }))
    expect(await within(dialog).findByText('Bitte nennen Sie den Grund in mindestens 3 Zeichen.')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/^Grund/), 'ab')
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }))
    expect(within(dialog).getByLabelText(/^Grund/)).toHaveAccessibleDescription(
      'Bitte nennen Sie den Grund in mindestens 3 Zeichen.',
    )
    expect(seen.withdrawals).toEqual([])

    await user.clear(within(dialog).getByLabelText(/^Grund/))
    await user.type(within(dialog).getByLabelText(/^Grund/), '  Betrag falsch ')
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(seen.withdrawals).toEqual([{ id: 'receipt-1', body: { reason: 'Betrag falsch' } }])
    expect(await screen.findByText(`Die Bestätigung ${number(1)} wurde zurückgezogen.`)).toBeInTheDocument()

    await waitFor(() => expect(seen.lists.length).toBeGreaterThan(reads))
    await waitFor(() => expect(rowOf(number(1))).toHaveTextContent('zurückgezogen'))
    expect(rowOf(number(1))).toHaveTextContent('Betrag falsch')
    expect(within(rowOf(number(1))).queryByRole('button', { name: /^Duplikat/ })).toBeNull()
    expect(within(rowOf(number(2))).getByRole('button', { name: /^Zurückziehen/ })).toBeInTheDocument()
  })

  it('explains a receipt withdrawn meanwhile', async () => {
    mockReceipts({ receipts: [receipt(1)] })
    server.use(http.post(`${BASE}/receipts/:receiptId/withdraw`, () => problem('receipt-not-possible', 409)))
    const { user } = await openScreen()
    await user.click(within(rowOf(number(1))).getByRole('button', { name: /^Zurückziehen/ }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Doppelt ausgestellt')
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Diese Bestätigung wurde inzwischen zurückgezogen.',
    )
  })
})

describe('Spendenbestätigungen: the period at once', () => {
  it('zips every receipt of the period with a progress bar and saves the ZIP', async () => {
    const receipts = [receipt(1), receipt(2, { donor: WAGNER }), receipt(3, { donor: AUTOHAUS })]
    const seen = mockReceipts({ receipts })
    const held = gate()
    server.use(
      http.get(`${BASE}/receipts/receipt-2/file`, async () => {
        await held.opened
        return HttpResponse.json({
          fileName: `spendenbestaetigung-${number(2)}.pdf`,
          contentType: 'application/pdf',
          base64: pdfBase64('Elisabeth Wagner'),
          sha256: 'b'.repeat(64),
          duplicate: false,
        })
      }),
    )
    const downloads = captureDownloads()
    const { user } = await openScreen()

    await user.click(screen.getByRole('button', { name: 'Alle als ZIP herunterladen' }))
    const bar = await screen.findByRole('progressbar', { name: 'PDFs für die ZIP-Datei' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'))
    expect(bar).toHaveAttribute('aria-valuemax', '3')
    expect(screen.getByText('1 von 3')).toBeInTheDocument()
    held.open()

    const fileName = `spendenbestaetigungen-${YEAR}-01-01-${YEAR}-12-31.zip`
    expect(await screen.findByText(`${fileName} mit 3 Bestätigungen wurde heruntergeladen.`)).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(downloads.names).toEqual([fileName])
    expect(downloads.blobs[0]!.type).toBe('application/zip')
    const entries = unzipSync(new Uint8Array(await downloads.blobs[0]!.arrayBuffer()))
    expect(Object.keys(entries).sort()).toEqual([1, 2, 3].map((n) => `spendenbestaetigung-${number(n)}.pdf`))
    expect(new TextDecoder().decode(entries[`spendenbestaetigung-${number(3)}.pdf`])).toMatch(
      /^%PDF-1\.7\n.*Autohaus Berger GmbH/,
    )
    expect(seen.files.map((file) => file.id)).toEqual(['receipt-1', 'receipt-3'])
  })

  it('stops the ZIP between two files and saves nothing', async () => {
    mockReceipts({ receipts: [receipt(1), receipt(2)] })
    const held = gate()
    server.use(
      http.get(`${BASE}/receipts/receipt-1/file`, async () => {
        await held.opened
        return HttpResponse.json({
          fileName: 'a.pdf',
          contentType: 'application/pdf',
          base64: pdfBase64('a'),
          sha256: 'b'.repeat(64),
          duplicate: false,
        })
      }),
    )
    const downloads = captureDownloads()
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'Alle als ZIP herunterladen' }))
    await screen.findByRole('progressbar', { name: 'PDFs für die ZIP-Datei' })
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }))
    held.open()
    expect(await screen.findByText('Abgebrochen. Es wurde keine ZIP-Datei gespeichert.')).toBeInTheDocument()
    expect(downloads.names).toEqual([])
  })

  it('saves the period as CSV', async () => {
    mockReceipts({
      receipts: [
        receipt(1),
        receipt(2, {
          donor: WAGNER,
          status: 'WITHDRAWN',
          withdrawnAt: `${YEAR}-02-01T10:00:00Z`,
          withdrawReason: 'Betrag falsch',
        }),
      ],
    })
    const downloads = captureDownloads()
    const { user } = await openScreen()
    await user.click(screen.getByRole('button', { name: 'CSV herunterladen' }))
    const fileName = `spendenbestaetigungen-${YEAR}-01-01-${YEAR}-12-31.csv`
    expect(await screen.findByText(`${fileName} wurde heruntergeladen.`)).toBeInTheDocument()
    expect(downloads.names).toEqual([fileName])
    expect((await downloads.blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Nummer;Datum;Spender:in;Adresse;Summe;Status;Grund',
      `${number(1)};15.01.${YEAR};Franz Berger;Hauptstraße 12, 8010 Graz, AT;75,00;gültig;`,
      `${number(2)};15.01.${YEAR};Elisabeth Wagner;Mozartgasse 3/5, 5020 Salzburg, AT;75,00;zurückgezogen;Betrag falsch`,
      '',
    ])
  })
})

describe('Spendenbestätigungen: yearly receipts', () => {
  const CANDIDATES = [
    candidate(AUTOHAUS, { openCents: 50_000 }),
    candidate(WAGNER, { donationCount: 1, openCount: 1, openCents: 15_000 }),
    candidate(BERGER, {
      openCount: 0,
      openCents: 0,
      receipts: [{ id: 'receipt-9', number: number(9) }],
      blockedReason: 'NOTHING_OPEN',
    }),
    candidate({ ...BERGER, name: 'Anna Huber' }, { blockedReason: 'NOT_DEDUCTIBLE' }),
  ]

  it('lists last year’s donors and why some get none', async () => {
    mockReceipts({ candidates: CANDIDATES })
    await openScreen()
    const table = await screen.findByRole('region', { name: `Spender:innen ${LAST_YEAR}, Tabelle` })
    const autohaus = within(table).getByRole('row', { name: /Autohaus Berger GmbH/ })
    expect(autohaus).toHaveTextContent('€ 500,00')
    expect(autohaus).toHaveTextContent('offen')
    const berger = within(table).getByRole('row', { name: /Franz Berger/ })
    expect(berger).toHaveTextContent('bereits bestätigt')
    expect(berger).toHaveTextContent(number(9))
    expect(within(table).getByRole('row', { name: /Anna Huber/ })).toHaveTextContent(
      'Verein war nicht spendenbegünstigt',
    )
    expect(
      screen.getByText('Für 2 Spender:innen wird je eine Bestätigung ausgestellt, nacheinander.'),
    ).toBeInTheDocument()
  })

  it('issues one donor after the other with a progress bar and stops when cancelled', async () => {
    const three = [candidate(AUTOHAUS), candidate(WAGNER), candidate(BERGER)]
    const seen = mockReceipts({ candidates: three })
    const gates = [gate(), gate(), gate()]
    server.use(
      http.post(`${BASE}/receipts/annual/:year`, async ({ request, params }) => {
        const { donorKey } = (await request.json()) as { donorKey: string }
        expect(params.year).toBe(String(LAST_YEAR))
        seen.issued.push(donorKey)
        await gates[seen.issued.length - 1]!.opened
        return HttpResponse.json(receipt(100 + seen.issued.length, { kind: 'ANNUAL' }), { status: 201 })
      }),
    )
    const { user } = await openScreen()
    await user.click(await screen.findByRole('button', { name: `Jahresbestätigungen ${LAST_YEAR} ausstellen` }))
    const bar = await screen.findByRole('progressbar', { name: `Jahresbestätigungen ${LAST_YEAR}` })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '3')
    gates[0]!.open()
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'))
    // The second donor's request is on its way; the run stops after it.
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }))
    expect(screen.getByRole('button', { name: 'Wird abgebrochen …' })).toBeDisabled()
    gates[1]!.open()
    expect(await screen.findByText('2 ausgestellt, abgebrochen, 1 nicht bearbeitet.')).toBeInTheDocument()
    expect(seen.issued).toEqual(['autohaus berger gmbh', 'elisabeth wagner'])
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('issues each donor once on a double click and sums up what was not possible', async () => {
    const seen = mockReceipts({ candidates: CANDIDATES })
    server.use(
      http.post(`${BASE}/receipts/annual/:year`, async ({ request }) => {
        const { donorKey } = (await request.json()) as { donorKey: string }
        seen.issued.push(donorKey)
        return donorKey === 'elisabeth wagner'
          ? problem('receipt-not-possible', 409, { reason: 'NOTHING_OPEN' })
          : HttpResponse.json(receipt(100 + seen.issued.length, { kind: 'ANNUAL' }), { status: 201 })
      }),
    )
    const { user } = await openScreen()
    await user.dblClick(await screen.findByRole('button', { name: `Jahresbestätigungen ${LAST_YEAR} ausstellen` }))
    expect(
      await screen.findByText('1 ausgestellt, 1 nicht möglich: Elisabeth Wagner (bereits bestätigt).'),
    ).toBeInTheDocument()
    expect(seen.issued).toEqual(['autohaus berger gmbh', 'elisabeth wagner'])
  })

  it('offers nothing for a year without open donors and follows the chosen year', async () => {
    mockReceipts({ candidates: [CANDIDATES[2]!] })
    const { user, router } = await openScreen()
    expect(await screen.findByRole('button', { name: `Jahresbestätigungen ${LAST_YEAR} ausstellen` })).toBeDisabled()
    expect(screen.getByText(`Für ${LAST_YEAR} ist keine Jahresbestätigung offen.`)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Jahr'), String(LAST_YEAR - 1))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ year: LAST_YEAR - 1 }))
    expect(
      await screen.findByRole('button', { name: `Jahresbestätigungen ${LAST_YEAR - 1} ausstellen` }),
    ).toBeInTheDocument()
  })
})

/** The club's address in Germany (its profile's country): the settings ask for the German receipt's data. */
const moveClubToGermany = () =>
  backend.transact(async (ports) => {
    const club = (await ports.clubs.get(CLUB))!
    const address = { ...club.profile.address, postalCode: '94032', city: 'Passau', country: 'DE' as const }
    await ports.clubs.update({ ...club, profile: { ...club.profile, address } })
  })

describe('Spendenbestätigungen: what the receipt prints', () => {
  it('saves place and signer of an Austrian club, which is not asked for German data and keeps what it had', async () => {
    const kept = {
      purposes: 'Förderung des Sports',
      exemption: {
        kind: 'FREISTELLUNGSBESCHEID' as const,
        taxOffice: 'Finanzamt Passau',
        taxNumber: '153/270/12345',
        issuedOn: `${YEAR - 2}-01-10`,
        lastPeriod: String(YEAR - 3),
      },
    }
    const seen = mockReceipts({ settings: { ...AUSTRIAN_SETTINGS, germany: kept } })
    const { user } = await openScreen()
    const card = screen.getByRole('region', { name: 'Angaben auf der Bestätigung' })
    expect(within(card).getByLabelText(/^Ort der Ausstellung/)).toHaveValue('Grünbach')
    expect(within(card).queryByLabelText(/^Finanzamt/)).toBeNull()
    expect(within(card).queryByRole('checkbox')).toBeNull()
    await user.clear(within(card).getByLabelText(/^Funktion/))
    await user.type(within(card).getByLabelText(/^Funktion/), 'Kassier')
    await user.click(within(card).getByRole('button', { name: 'Angaben speichern' }))
    await waitFor(() => expect(seen.settings).toHaveLength(1))
    expect(seen.settings[0]).toEqual({ ...AUSTRIAN_SETTINGS, signerRole: 'Kassier', germany: kept })
  })

  it('saves place and signer, and for a German club the exemption, warning of a notice too old', async () => {
    await moveClubToGermany()
    const seen = mockReceipts()
    const { user } = await openScreen()
    const card = screen.getByRole('region', { name: 'Angaben auf der Bestätigung' })
    expect(within(card).getByLabelText(/^Ort der Ausstellung/)).toHaveValue('Grünbach')
    expect(within(card).getByLabelText(/^Funktion/)).toHaveValue('Obmann')
    expect(await within(card).findByLabelText(/^Finanzamt/)).toHaveValue('')
    expect(within(card).getByRole('radio', { name: 'Freistellungsbescheid' })).toBeChecked()
    await user.click(within(card).getByRole('button', { name: 'Angaben speichern' }))
    expect(await within(card).findByText('Bitte geben Sie das Finanzamt an.')).toBeInTheDocument()
    expect(within(card).getByText('Bitte geben Sie die Steuernummer an.')).toBeInTheDocument()
    expect(within(card).getByText('Bitte geben Sie das Datum des Bescheids an.')).toBeInTheDocument()
    expect(within(card).getByText(/Bitte geben Sie den letzten Veranlagungszeitraum an/)).toBeInTheDocument()
    expect(within(card).getByText(/Bitte nennen Sie die steuerbegünstigten Zwecke/)).toBeInTheDocument()
    expect(seen.settings).toEqual([])

    const sixYearsAgo = `${YEAR - 6}-05-01`
    await user.type(within(card).getByLabelText(/^Steuerbegünstigte Zwecke/), 'Förderung des Sports')
    await user.type(within(card).getByLabelText(/^Finanzamt/), 'Finanzamt Passau')
    await user.type(within(card).getByLabelText(/^Steuernummer/), '153/270/12345')
    await user.type(within(card).getByLabelText(/^Datum des Bescheids/), sixYearsAgo)
    await user.type(within(card).getByLabelText(/^Letzter Veranlagungszeitraum/), String(YEAR - 7))
    expect(
      within(card).getByText(/Mit diesem Bescheid dürfen keine Zuwendungsbestätigungen mehr ausgestellt werden/),
    ).toBeInTheDocument()

    const recent = `${YEAR - 1}-05-01`
    await user.clear(within(card).getByLabelText(/^Datum des Bescheids/))
    await user.type(within(card).getByLabelText(/^Datum des Bescheids/), recent)
    expect(within(card).queryByText(/keine Zuwendungsbestätigungen mehr/)).toBeNull()
    expect(
      within(card).getByText(
        `Mit diesem Bescheid dürfen Zuwendungsbestätigungen bis 01.05.${YEAR + 4} ausgestellt werden.`,
      ),
    ).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Angaben speichern' }))
    await waitFor(() => expect(seen.settings).toHaveLength(1))
    expect(seen.settings[0]).toEqual({
      place: 'Grünbach',
      signerName: 'Markus Obermayr',
      signerRole: 'Obmann',
      germany: {
        purposes: 'Förderung des Sports',
        exemption: {
          kind: 'FREISTELLUNGSBESCHEID',
          taxOffice: 'Finanzamt Passau',
          taxNumber: '153/270/12345',
          issuedOn: recent,
          lastPeriod: String(YEAR - 7),
        },
      },
    })
    expect(await screen.findByText('Die Angaben auf der Bestätigung wurden gespeichert.')).toBeInTheDocument()
  })

  it('knows a § 60a notice by three years and without an assessment period', async () => {
    await moveClubToGermany()
    const seen = mockReceipts({
      settings: {
        ...AUSTRIAN_SETTINGS,
        germany: {
          purposes: 'Förderung der Jugendhilfe',
          exemption: {
            kind: 'FREISTELLUNGSBESCHEID',
            taxOffice: 'Finanzamt Passau',
            taxNumber: '153/270/12345',
            issuedOn: `${YEAR - 2}-01-10`,
            lastPeriod: String(YEAR - 3),
          },
        },
      },
    })
    const { user } = await openScreen()
    const card = screen.getByRole('region', { name: 'Angaben auf der Bestätigung' })
    expect(await within(card).findByLabelText(/^Finanzamt/)).toHaveValue('Finanzamt Passau')
    await user.click(within(card).getByRole('radio', { name: 'Feststellung nach § 60a AO' }))
    expect(within(card).queryByLabelText(/^Letzter Veranlagungszeitraum/)).toBeNull()
    await user.clear(within(card).getByLabelText(/^Datum des Bescheids/))
    await user.type(within(card).getByLabelText(/^Datum des Bescheids/), `${YEAR - 4}-01-10`)
    expect(within(card).getByText(/Die Feststellung nach § 60a AO ist älter als drei Jahre/)).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Angaben speichern' }))
    await waitFor(() => expect(seen.settings).toHaveLength(1))
    expect(seen.settings[0]).toMatchObject({
      germany: { exemption: { kind: 'FEST_60A', issuedOn: `${YEAR - 4}-01-10`, lastPeriod: null } },
    })
  })

  it('shows the backend’s finding at its field', async () => {
    mockReceipts()
    server.use(
      http.put(`${BASE}/receipt-settings`, () =>
        problem('validation', 400, {
          errors: [{ field: 'signerName', message: 'Must not be blank.', code: 'too_small' }],
        }),
      ),
    )
    const { user } = await openScreen()
    const card = screen.getByRole('region', { name: 'Angaben auf der Bestätigung' })
    await user.click(within(card).getByRole('button', { name: 'Angaben speichern' }))
    await waitFor(() =>
      expect(within(card).getByLabelText(/^Name der unterschreibenden Person/)).toHaveAttribute('aria-invalid', 'true'),
    )
  })
})

describe('Spendenbestätigungen: the way there', () => {
  it('is linked from the dashboard’s sections for a member who may manage money', async () => {
    mockReceipts()
    await renderRoute(`/home?id=${CLUB}`, { signedInAs: 'verein@demo.at' })
    const sections = await screen.findByRole('navigation', { name: 'Bereiche der Übersicht' })
    expect(within(sections).getByRole('link', { name: 'Spendenbestätigungen' })).toHaveAttribute(
      'href',
      `/bestaetigungen/${CLUB}`,
    )
  })
})
