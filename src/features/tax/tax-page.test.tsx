import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { TaxTransmission } from '#openapi/generated/model/taxTransmission.ts'
import type { TaxYear } from '#openapi/generated/model/taxYear.ts'
import type { TaxYearSummary } from '#openapi/generated/model/taxYearSummary.ts'
import { server } from '#mocks/node.ts'
import { renderRoute } from '#tests/utils/render.tsx'

/*
 * The tax screen against mocked answers of the tax operations (the rest of the app, the signed-in user and
 * the club, is the mocked backend's): what the treasurer sees of the years, a year's donors and
 * transmissions, and what the downloads, imports and the correction send and show.
 */

const CLUB = 'club-sv-gruenbach'
const BASE = `*/api/backend/v1/club/${CLUB}/tax`

const STATUS: ClubTaxStatus = {
  clubId: CLUB,
  taxNumber: '123456789',
  lastReportOn: null,
  deductibleToday: true,
  entries: [
    {
      id: 'entry-1',
      confirmed: {
        registerNumber: 'SO-1158',
        category: 'SP',
        validFrom: '2019-01-01',
        revokedOn: null,
        confirmedAt: '2019-02-01T10:00:00Z',
        confirmedByName: 'Andrea Admin',
      },
      pending: null,
      changedAt: '2019-02-01T10:00:00Z',
    },
  ],
  notices: [{ kind: 'REPORT_DUE', year: 2025, on: '2026-02-28' }],
}

const summary = (year: number, rest: Partial<TaxYearSummary> = {}): TaxYearSummary => ({
  year,
  mayTransmit: true,
  donorCount: 0,
  totalCents: 0,
  open: 0,
  withoutVbpk: 0,
  rejected: 0,
  transmitted: false,
  ...rest,
})

const YEARS: TaxYearSummary[] = [
  summary(2026, { mayTransmit: false, donorCount: 1, totalCents: 5_000, open: 1, withoutVbpk: 1 }),
  summary(2025, { donorCount: 3, totalCents: 123_456, open: 2, withoutVbpk: 1, rejected: 1 }),
  summary(2024, { donorCount: 2, totalCents: 40_000, transmitted: true }),
]

const TEST_TRANSMISSION: TaxTransmission = {
  id: 'tx-test',
  year: 2025,
  mode: 'TEST',
  createdAt: '2026-01-15T09:30:00Z',
  createdByName: 'Markus Obermayr',
  counts: { E: 2, A: 1, S: 0 },
  files: [
    {
      part: 1,
      messageRefId: 'msg-test-1',
      recordCount: 3,
      protocol: {
        status: 'TWOK',
        importedAt: '2026-01-16T08:00:00Z',
        errors: [{ refNr: 'SP-2', message: 'Der Betrag ist ungültig.' }],
      },
    },
  ],
}

const PRODUCTION_WITHOUT_PROTOCOL: TaxTransmission = {
  id: 'tx-production',
  year: 2025,
  mode: 'PRODUCTION',
  createdAt: '2026-02-02T10:00:00Z',
  createdByName: 'Markus Obermayr',
  counts: { E: 2, A: 0, S: 0 },
  files: [{ part: 1, messageRefId: 'msg-production-1', recordCount: 2, protocol: null }],
}

const YEAR_2025: TaxYear = {
  summary: YEARS[1]!,
  category: 'SP',
  donors: [
    {
      refNr: 'SP-1',
      firstName: 'Maria',
      lastName: 'Huber',
      birthDate: '1975-04-12',
      bpkState: 'FOUND',
      bpkMessage: null,
      totalCents: 17_000,
      donationCount: 2,
      acceptedCents: null,
      next: 'E',
      rejection: null,
    },
    {
      refNr: 'SP-2',
      firstName: 'Johann',
      lastName: 'Gruber',
      birthDate: '1962-11-03',
      bpkState: 'FOUND',
      bpkMessage: null,
      totalCents: 98_456,
      donationCount: 1,
      acceptedCents: 25_000,
      next: 'A',
      rejection: 'Der Betrag ist ungültig.',
    },
    {
      refNr: 'SP-3',
      firstName: 'Sabine',
      lastName: 'Moser',
      birthDate: '1988-07-21',
      bpkState: 'NO_MATCH',
      bpkMessage: 'Keine Person gefunden',
      totalCents: 8_000,
      donationCount: 1,
      acceptedCents: null,
      next: null,
      rejection: null,
    },
  ],
  tooLarge: [],
  transmissions: [TEST_TRANSMISSION],
}

const emptyYear = (year: TaxYearSummary): TaxYear => ({
  summary: year,
  category: 'SP',
  donors: [],
  tooLarge: [],
  transmissions: [],
})

const problem = (kind: string, status: number, extra: Record<string, JsonBodyType> = {}) =>
  HttpResponse.json(
    { type: `https://vereinsportal.at/problems/${kind}`, title: 'Problem', status, detail: 'English detail', ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )

/** The tax operations answer from the fixtures; `year` replaces 2025's answer. Returns how often each was read. */
const mockTax = ({ year = YEAR_2025, years = YEARS }: { year?: TaxYear; years?: TaxYearSummary[] } = {}) => {
  const reads = { status: 0, years: 0, year: 0 }
  server.use(
    http.get(BASE, () => {
      reads.status += 1
      return HttpResponse.json(STATUS)
    }),
    http.get(`${BASE}/years`, () => {
      reads.years += 1
      return HttpResponse.json(years)
    }),
    http.get(`${BASE}/years/:year`, ({ params }) => {
      reads.year += 1
      const wanted = Number(params.year)
      if (wanted === 2025) return HttpResponse.json(year)
      const found = years.find((candidate) => candidate.year === wanted)
      return found ? HttpResponse.json(emptyYear(found)) : problem('not-found', 404)
    }),
  )
  return reads
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
  return { names, contents: () => Promise.all(blobs.map((blob) => blob.text())), blobs }
}

const openYear = async (year = 2025) => {
  const view = await renderRoute(`/steuer/${CLUB}?year=${year}`, { signedInAs: 'verein@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Steuer' })
  await screen.findByRole('heading', { name: `Spender:innen ${year}` })
  return view
}

describe('Steuer: the years and a year', () => {
  it('shows the status, the years and the chosen year’s donors and transmissions', async () => {
    mockTax()
    const { user, router } = await openYear()
    expect(screen.getByText('Die Übermittlung für 2025 ist bis 28.02.2026 fällig.')).toBeInTheDocument()
    expect(screen.getByText('Spenden sind heute steuerlich absetzbar')).toBeInTheDocument()
    expect(screen.getByText('SO-1158')).toBeInTheDocument()

    const years = screen.getByRole('region', { name: 'Jahre, Tabelle' })
    const row2025 = within(years).getByRole('row', { name: /2025/ })
    expect(row2025).toHaveTextContent('€ 1.234,56')
    expect(within(row2025).getByText('offen')).toBeInTheDocument()
    // The chosen year's link is the current one (the router marks the link of the URL shown).
    expect(within(row2025).getByRole('link', { name: 'Jahr 2025 anzeigen' })).toHaveAttribute('aria-current')
    expect(within(years).getByRole('link', { name: 'Jahr 2024 anzeigen' })).not.toHaveAttribute('aria-current')
    expect(within(years).getByRole('row', { name: /2026/ })).toHaveTextContent('läuft noch')
    expect(within(years).getByRole('row', { name: /2024/ })).toHaveTextContent('übermittelt')

    const donors = screen.getByRole('region', { name: 'Spender:innen 2025, Tabelle' })
    const maria = within(donors).getByRole('row', { name: /Maria Huber/ })
    expect(maria).toHaveTextContent('SP-1')
    expect(maria).toHaveTextContent('12.04.1975')
    expect(maria).toHaveTextContent('€ 170,00')
    expect(maria).toHaveTextContent('Erstmeldung (E)')
    expect(maria).toHaveTextContent('Gefunden')
    const johann = within(donors).getByRole('row', { name: /Johann Gruber/ })
    expect(johann).toHaveTextContent('€ 250,00')
    expect(johann).toHaveTextContent('Änderung (A)')
    expect(johann).toHaveTextContent('Der Betrag ist ungültig.')
    const sabine = within(donors).getByRole('row', { name: /Sabine Moser/ })
    expect(sabine).toHaveTextContent('Keine Übereinstimmung')
    expect(sabine).toHaveTextContent('Keine Person gefunden')

    const toCorrect = screen.getByRole('region', { name: 'Zu korrigieren (1)' })
    expect(within(toCorrect).getByRole('button', { name: 'Daten korrigieren (Sabine Moser)' })).toBeInTheDocument()

    const transmissions = screen.getByRole('region', { name: 'Übermittlungen 2025' })
    const item = within(transmissions).getByTestId('tax-transmission')
    expect(item).toHaveTextContent('erstellt von Markus Obermayr')
    expect(item).toHaveTextContent('Test')
    expect(item).toHaveTextContent('2 Erstmeldungen (E), 1 Änderungen (A), 0 Stornos (S)')
    expect(item).toHaveTextContent('teilweise angenommen')
    expect(item).toHaveTextContent('RefNr SP-2: Der Betrag ist ungültig.')
    // Uploaded (it has a protocol): no longer discardable.
    expect(within(item).queryByRole('button', { name: /verwerfen/ })).toBeNull()

    await user.click(within(years).getByRole('link', { name: 'Jahr 2024 anzeigen' }))
    expect(await screen.findByRole('heading', { name: 'Spender:innen 2024' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ year: 2024 })
  })

  it('says "Noch keine Spenden mit Einwilligung" when no year has a consenting donor', async () => {
    mockTax({ years: [summary(2026, { mayTransmit: false }), summary(2025)] })
    await renderRoute(`/steuer/${CLUB}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Noch keine Spenden mit Einwilligung')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Spender:innen/ })).toBeNull()
  })

  it('says "Kein Zugriff" to a member whose club role may not manage money', async () => {
    mockTax()
    server.use(http.get(`${BASE}/years`, () => problem('club-right-missing', 403)))
    await renderRoute(`/steuer/${CLUB}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Kein Zugriff')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(/Rolle Geld verwalten darf/)
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull()
  })
})

describe('Steuer: downloads', () => {
  it('saves the bPK query the backend made as a file', async () => {
    mockTax()
    const content = 'VERSCHLÜSSELTEBPK=BMF+SA\r\nLAUFNR;NACHNAME;VORNAME;GEBDATUM\r\n3;Moser;Sabine;1988-07-21\r\n'
    const asked = vi.fn()
    server.use(
      http.get(`${BASE}/years/2025/bpk-query`, () => {
        asked()
        return HttpResponse.json({ fileName: 'bpk-abfrage-2025.csv', contentType: 'text/csv;charset=utf-8', content })
      }),
    )
    const downloads = captureDownloads()
    const { user } = await openYear()
    await user.click(screen.getByRole('button', { name: 'bPK-Abfrage (CSV)' }))
    expect(await screen.findByText('bpk-abfrage-2025.csv wurde heruntergeladen.')).toBeInTheDocument()
    expect(asked).toHaveBeenCalledTimes(1)
    expect(downloads.names).toEqual(['bpk-abfrage-2025.csv'])
    expect(await downloads.contents()).toEqual([content])
    expect(downloads.blobs[0]!.type).toBe('text/csv;charset=utf-8')
  })

  it('makes a test transmission and saves each of its files', async () => {
    const reads = mockTax()
    const bodies: unknown[] = []
    const created: TaxTransmission = {
      ...PRODUCTION_WITHOUT_PROTOCOL,
      id: 'tx-new',
      mode: 'TEST',
      files: [
        { part: 1, messageRefId: 'a', recordCount: 10_000, protocol: null },
        { part: 2, messageRefId: 'b', recordCount: 1, protocol: null },
      ],
    }
    server.use(
      http.post(`${BASE}/years/2025/transmissions`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(created, { status: 201 })
      }),
      http.get(`${BASE}/transmissions/tx-new/files/:part`, ({ params }) =>
        HttpResponse.json({
          fileName: `uebermittlung-2025-test-teil-${String(params.part)}.xml`,
          contentType: 'application/xml;charset=utf-8',
          content: `<SonderausgabenUebermittlung part="${String(params.part)}"/>`,
        }),
      ),
    )
    const downloads = captureDownloads()
    const { user } = await openYear()
    // Production is the default; the test upload is chosen.
    expect(screen.getByRole('radio', { name: /Produktion/ })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: /Test/ }))
    await user.click(screen.getByRole('button', { name: 'Übermittlungsdatei 2025 (XML)' }))
    expect(await screen.findByText(/2 Testdateien wurden erstellt und heruntergeladen/)).toBeInTheDocument()
    expect(bodies).toEqual([{ mode: 'TEST' }])
    expect(downloads.names).toEqual(['uebermittlung-2025-test-teil-1.xml', 'uebermittlung-2025-test-teil-2.xml'])
    expect(await downloads.contents()).toEqual([
      '<SonderausgabenUebermittlung part="1"/>',
      '<SonderausgabenUebermittlung part="2"/>',
    ])
    // The year is read again: the new transmission is listed.
    await waitFor(() => expect(reads.year).toBeGreaterThan(1))
  })

  it('explains a refusal while a production file awaits its protocol, and discards that file after asking', async () => {
    const reads = mockTax({
      year: { ...YEAR_2025, transmissions: [PRODUCTION_WITHOUT_PROTOCOL, TEST_TRANSMISSION] },
    })
    const discarded = vi.fn()
    server.use(
      http.post(`${BASE}/years/2025/transmissions`, () => problem('invalid-transition', 409)),
      http.delete(`${BASE}/transmissions/:id`, ({ params }) => {
        discarded(params.id)
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = await openYear()
    await user.click(screen.getByRole('button', { name: 'Übermittlungsdatei 2025 (XML)' }))
    const refusal = await screen.findByText(/Eine Produktions-Übermittlung für 2025 wartet noch auf ihr Protokoll/)
    expect(refusal).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zu den Übermittlungen' })).toHaveAttribute(
      'href',
      '#tax-transmissions-title',
    )

    const transmissions = screen.getByRole('region', { name: 'Übermittlungen 2025' })
    const [production] = within(transmissions).getAllByTestId('tax-transmission')
    expect(production).toHaveTextContent('Protokoll ausständig')
    await user.click(within(production!).getByRole('button', { name: /verwerfen$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Übermittlung verwerfen?' })
    const before = reads.year
    await user.click(within(dialog).getByRole('button', { name: 'Verwerfen' }))
    await waitFor(() => expect(discarded).toHaveBeenCalledWith('tx-production'))
    await waitFor(() => expect(reads.year).toBeGreaterThan(before))
  })

  it('offers the file of the current year only from January of the next', async () => {
    mockTax()
    await openYear(2026)
    expect(screen.getByRole('button', { name: 'Übermittlungsdatei 2026 (XML)' })).toBeDisabled()
    expect(screen.getByText('2026 kann ab Jänner 2027 übermittelt werden.')).toBeInTheDocument()
  })
})

describe('Steuer: imports', () => {
  it('imports the bPK answer and says what it found; shows the backend’s finding on a file it cannot read', async () => {
    const reads = mockTax()
    const bodies: unknown[] = []
    server.use(
      http.post(`${BASE}/bpk-answer`, async ({ request }) => {
        const body = (await request.json()) as { content: string }
        bodies.push(body)
        return body.content.startsWith('LAUFNR')
          ? HttpResponse.json({ found: 3, noMatch: 1, ambiguous: 0, error: 0, unknown: 2, unreadable: 0 })
          : problem('validation', 400, {
              errors: [{ field: 'content', message: 'Die Datei enthält keine Spalte LAUFNR.', code: 'unreadable' }],
            })
      }),
    )
    const { user } = await openYear()
    const input = screen.getByLabelText('Antwort des bPK-Service (CSV)')
    await user.upload(input, new File(['LAUFNR;VBPK\r\n1;abc\r\n'], 'antwort.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'bPK-Antwort importieren' }))
    expect(
      await screen.findByText('3 gefunden, 1 ohne Übereinstimmung, 0 mehrdeutig, 0 mit Fehler.'),
    ).toBeInTheDocument()
    expect(screen.getByText('2 Zeilen nennen keine Spender:in dieses Vereins.')).toBeInTheDocument()
    expect(bodies).toEqual([{ fileName: 'antwort.csv', content: 'LAUFNR;VBPK\r\n1;abc\r\n' }])
    await waitFor(() => expect(reads.year).toBeGreaterThan(1))

    await user.upload(input, new File(['Name;Ergebnis\r\n'], 'falsch.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'bPK-Antwort importieren' }))
    expect(await screen.findByText('Die Datei enthält keine Spalte LAUFNR.')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription('Die Datei enthält keine Spalte LAUFNR.')
  })

  it('refuses a file over 1 MB before sending it', async () => {
    mockTax()
    const sent = vi.fn()
    server.use(
      http.post(`${BASE}/bpk-answer`, () => {
        sent()
        return HttpResponse.json({ found: 0, noMatch: 0, ambiguous: 0, error: 0, unknown: 0, unreadable: 0 })
      }),
    )
    const { user } = await openYear()
    const input = screen.getByLabelText('Antwort des bPK-Service (CSV)')
    await user.upload(input, new File(['x'.repeat(1_000_001)], 'gross.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'bPK-Antwort importieren' }))
    expect(await screen.findByText(/Die Datei ist größer als 1 MB/)).toBeInTheDocument()
    expect(sent).not.toHaveBeenCalled()
  })

  it('imports a protocol and shows its status and errors per RefNr', async () => {
    mockTax({ year: { ...YEAR_2025, transmissions: [PRODUCTION_WITHOUT_PROTOCOL] } })
    server.use(
      http.post(`${BASE}/protocols`, () =>
        HttpResponse.json({
          ...PRODUCTION_WITHOUT_PROTOCOL,
          files: [
            {
              part: 1,
              messageRefId: 'msg-production-1',
              recordCount: 2,
              protocol: {
                status: 'TWOK',
                importedAt: '2026-02-10T08:00:00Z',
                errors: [{ refNr: 'SP-1', message: 'vbPK ungültig' }],
              },
            },
          ],
        }),
      ),
    )
    const { user } = await openYear()
    await user.upload(
      screen.getByLabelText('Protokoll des Finanzamts (XML)'),
      new File(['<SonderausgabenResponse/>'], 'protokoll.xml', { type: 'application/xml' }),
    )
    await user.click(screen.getByRole('button', { name: 'Protokoll importieren' }))
    expect(await screen.findByText('Protokoll importiert')).toBeInTheDocument()
    expect(screen.getByText('Datei 1: teilweise angenommen')).toBeInTheDocument()
    expect(screen.getByText(/RefNr SP-1:.*vbPK ungültig/)).toBeInTheDocument()
  })
})

describe('Steuer: correcting a donor', () => {
  it('sends the corrected name and date of birth and reads the year again', async () => {
    const reads = mockTax()
    const bodies: unknown[] = []
    server.use(
      http.put(`${BASE}/donors/SP-3`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>
        bodies.push(body)
        return HttpResponse.json({ refNr: 'SP-3', ...body, bpkState: 'NONE', bpkMessage: null })
      }),
    )
    const { user } = await openYear()
    await user.click(screen.getByRole('button', { name: 'Daten korrigieren (Sabine Moser)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Daten korrigieren' })
    const firstName = within(dialog).getByLabelText(/^Vorname/)
    expect(firstName).toHaveValue('Sabine')
    expect(within(dialog).getByLabelText(/^Geburtsdatum/)).toHaveValue('1988-07-21')

    await user.clear(firstName)
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    expect(await within(dialog).findByText('Bitte geben Sie den Vornamen ein.')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await user.type(firstName, 'Sabina')
    const before = reads.year
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodies).toEqual([{ firstName: 'Sabina', lastName: 'Moser', birthDate: '1988-07-21' }])
    await waitFor(() => expect(reads.year).toBeGreaterThan(before))
  })

  it('explains a refusal in the dialog and keeps what was typed', async () => {
    mockTax()
    server.use(http.put(`${BASE}/donors/SP-3`, () => problem('invalid-transition', 409)))
    const { user } = await openYear()
    await user.click(screen.getByRole('button', { name: 'Daten korrigieren (Sabine Moser)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Daten korrigieren' })
    await user.clear(within(dialog).getByLabelText(/^Nachname/))
    await user.type(within(dialog).getByLabelText(/^Nachname/), 'Huber')
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Eine andere Person dieses Vereins hat bereits diesen Namen und dieses Geburtsdatum.',
    )
    expect(within(dialog).getByLabelText(/^Nachname/)).toHaveValue('Huber')
  })
})
