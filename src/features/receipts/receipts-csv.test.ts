import { describe, expect, it } from 'vitest'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import { buildReceiptsCsv, type ReceiptCsvLabels } from './receipts-csv.ts'

const labels: ReceiptCsvLabels = {
  number: 'Nummer',
  date: 'Datum',
  donor: 'Spender:in',
  address: 'Adresse',
  total: 'Summe',
  status: 'Status',
  reason: 'Grund',
  statusOf: (status) => ({ ISSUED: 'gültig', WITHDRAWN: 'zurückgezogen' })[status],
}

const receipt = (overrides: Partial<Receipt>): Receipt => ({
  id: 'r1',
  clubId: 'club-1',
  number: '2026-000001',
  kind: 'SINGLE',
  country: 'AT',
  year: null,
  donor: { name: 'Franz Berger', street: 'Hauptstraße 12', postalCode: '8010', city: 'Graz', country: 'AT' },
  lines: [{ donationId: 'd1', day: '2026-03-01', amountCents: 123456 }],
  totalCents: 123456,
  issuedOn: '2026-03-02',
  issuedAt: '2026-03-02T09:00:00Z',
  issuedByName: 'Markus Obermayr',
  status: 'ISSUED',
  withdrawnAt: null,
  withdrawnByName: null,
  withdrawReason: null,
  replacesId: null,
  sha256: 'a'.repeat(64),
  ...overrides,
})

describe('buildReceiptsCsv', () => {
  it('writes BOM, header and one line per receipt with a de-AT sum, CRLF', () => {
    const csv = buildReceiptsCsv(
      [
        receipt({}),
        receipt({
          id: 'r2',
          number: '2026-000002',
          kind: 'ANNUAL',
          donor: { name: '=Autohaus; Berger', street: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'AT' },
          totalCents: 5_000,
          status: 'WITHDRAWN',
          withdrawnAt: '2026-04-01T10:00:00Z',
          withdrawReason: 'Betrag falsch',
        }),
      ],
      labels,
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Nummer;Datum;Spender:in;Adresse;Summe;Status;Grund',
      '2026-000001;02.03.2026;Franz Berger;Hauptstraße 12, 8010 Graz, AT;1234,56;gültig;',
      // A name that would run as a formula is defused and quoted (it holds a `;`).
      `2026-000002;02.03.2026;"'=Autohaus; Berger";Ring 1, 1010 Wien, AT;50,00;zurückgezogen;Betrag falsch`,
      '',
    ])
  })
})
