import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { DonorReceipt } from '#openapi/generated/model/donorReceipt.ts'
import { server } from '#mocks/node.ts'
import { renderRoute } from '#tests/utils/render.tsx'

/*
 * The donor's receipt page (the link of the confirmation e-mail) against mocked answers of its two
 * operations: what it shows in each state, the download, and a link that does not exist.
 */

const TOKEN = 'k7PqW2xZ9mTn4RvB'
const BASE = `*/api/backend/v1/giving/receipts/${TOKEN}`

const donorReceipt = (rest: Partial<DonorReceipt> = {}): DonorReceipt => ({
  clubName: 'SV Grünbach 1923',
  campaignName: 'Neue Flutlichtanlage',
  day: '2026-03-14',
  amountCents: 4_200,
  donor: { name: 'Erika Muster', street: 'Herrengasse 7', postalCode: '1010', city: 'Wien', country: 'AT' },
  country: 'AT',
  state: 'ISSUED',
  reason: null,
  receipt: { number: '2026-000042', kind: 'SINGLE', issuedOn: '2026-03-14' },
  ...rest,
})

const answer = (body: DonorReceipt) => server.use(http.get(BASE, () => HttpResponse.json(body)))

const openPage = async () => {
  const view = await renderRoute(`/spendenbestaetigung/${TOKEN}`)
  await screen.findByRole('heading', { level: 1 })
  return view
}

/** What the page's list says for each term ("Verein" → "SV Grünbach 1923"). */
const details = () => {
  const terms = screen.getAllByRole('term').map((term) => term.textContent)
  const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent)
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index]]))
}

describe('the donor’s receipt page (/spendenbestaetigung)', () => {
  it('shows the donation and the issued receipt, and saves the archived PDF', async () => {
    answer(donorReceipt())
    const files: string[] = []
    server.use(
      http.get(`${BASE}/file`, () => {
        files.push(TOKEN)
        return HttpResponse.json({
          fileName: 'spendenbestaetigung-2026-000042.pdf',
          contentType: 'application/pdf',
          base64: btoa('%PDF-1.7 Erika Muster'),
          sha256: 'c'.repeat(64),
          duplicate: false,
        })
      }),
    )
    const names: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost:3000/1')
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Spendenbestätigung' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Ausgestellt am 14.03.2026')
    expect(screen.getByRole('status')).toHaveTextContent('Spendenbestätigung Nr. 2026-000042')
    expect(details()).toMatchObject({
      Verein: 'SV Grünbach 1923',
      Kampagne: 'Neue Flutlichtanlage',
      'Spende vom': '14.03.2026',
      'Ausgestellt auf': 'Erika MusterHerrengasse 71010 Wien',
    })
    expect(details().Betrag).toMatch(/^€\s42,00$/)

    await user.click(screen.getByRole('button', { name: 'Spendenbestätigung herunterladen (PDF)' }))
    await waitFor(() => expect(names).toEqual(['spendenbestaetigung-2026-000042.pdf']))
    expect(files).toEqual([TOKEN])
  })

  it('says the club will issue it while it is pending, and offers no download', async () => {
    answer(donorReceipt({ state: 'PENDING', receipt: null }))
    await openPage()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Noch nicht ausgestelltSV Grünbach 1923 stellt Ihre Spendenbestätigung aus.',
    )
    expect(screen.queryByRole('button', { name: /herunterladen/ })).not.toBeInTheDocument()
  })

  it('says why there is none', async () => {
    answer(donorReceipt({ state: 'NOT_POSSIBLE', reason: 'TRANSMITTED', receipt: null }))
    await openPage()
    expect(screen.getByRole('status')).toHaveTextContent(
      /Keine Spendenbestätigung.*an das Finanzamt übermittelt.*brauchen Sie dafür nicht/,
    )
  })

  it('says so when the receipt was withdrawn before the download, and shows where it stands now', async () => {
    let state = donorReceipt()
    server.use(
      http.get(BASE, () => HttpResponse.json(state)),
      http.get(`${BASE}/file`, () => {
        state = donorReceipt({ state: 'PENDING', receipt: null })
        return HttpResponse.json(
          { type: 'https://vereinsportal.at/problems/not-found', title: 'Not Found', status: 404 },
          { status: 404 },
        )
      }),
    )
    const { user } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Spendenbestätigung herunterladen (PDF)' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/inzwischen zurückgezogen/)
    await screen.findByText('Noch nicht ausgestellt')
  })

  it('calls it a Zuwendungsbestätigung for a club in Germany', async () => {
    answer(
      donorReceipt({
        clubName: 'Verein Jugend im Dreiländereck Passau e. V.',
        country: 'DE',
        receipt: { number: '2026-000007', kind: 'ANNUAL', issuedOn: '2026-01-10' },
      }),
    )
    await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Zuwendungsbestätigung' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Sammelbestätigung Nr. 2026-000007')
    expect(screen.getByRole('button', { name: 'Zuwendungsbestätigung herunterladen (PDF)' })).toBeInTheDocument()
  })

  it('tells a link that does not exist', async () => {
    server.use(
      http.get(BASE, () =>
        HttpResponse.json(
          { type: 'https://vereinsportal.at/problems/not-found', title: 'Not Found', status: 404 },
          { status: 404 },
        ),
      ),
    )
    await openPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Diesen Link gibt es nicht' })).toBeInTheDocument()
  })
})
