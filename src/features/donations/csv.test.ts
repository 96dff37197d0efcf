import { describe, expect, it } from 'vitest'
import type { Donation } from '#openapi/generated/model/donation.ts'
import {
  buildDonationsCsv,
  centsToCsvAmount,
  CSV_BOM,
  csvText,
  donationsCsvFileName,
  slugify,
  type CsvLabels,
} from './csv.ts'

const labels: CsvLabels = {
  date: 'Datum',
  time: 'Uhrzeit',
  donor: 'Spender/in',
  campaign: 'Kampagne',
  amount: 'Betrag',
  currency: 'Währung',
  status: 'Status',
  refunded: 'Erstattet',
  message: 'Nachricht',
  anonymous: 'Anonym',
  statusOf: (status) =>
    ({ PAID: 'bezahlt', PARTIALLY_REFUNDED: 'teilweise erstattet', REFUNDED: 'erstattet', DISPUTED: 'angefochten' })[
      status
    ],
  total: 'Summe',
  count: (count) => `${count} Spenden`,
  noCampaign: 'Allgemeine Spende',
}

const donation = (overrides: Partial<Donation>): Donation => ({
  id: 'd1',
  clubId: 'club-1',
  campaignId: 'cmp-1',
  campaignName: 'Kunstrasen',
  amountCents: 123456,
  refundedCents: 0,
  refundableCents: 0,
  status: 'PAID',
  currency: 'EUR',
  donorName: 'Anna Huber',
  message: null,
  donatedAt: '2026-05-03T12:30:00Z',
  receipt: null,
  receiptAddress: null,
  ...overrides,
})

describe('centsToCsvAmount', () => {
  it('writes a decimal comma without thousands separators', () => {
    expect(centsToCsvAmount(123456)).toBe('1234,56')
    expect(centsToCsvAmount(5)).toBe('0,05')
    expect(centsToCsvAmount(100)).toBe('1,00')
    expect(centsToCsvAmount(1_000_000_00)).toBe('1000000,00')
  })
})

describe('csvText', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvText('plain')).toBe('plain')
    expect(csvText('a;b')).toBe('"a;b"')
    expect(csvText('sagt "Danke"')).toBe('"sagt ""Danke"""')
    expect(csvText('zwei\nZeilen')).toBe('"zwei\nZeilen"')
  })

  it('defuses spreadsheet formulas', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvText('+43 1 234')).toBe("'+43 1 234")
    expect(csvText('-5')).toBe("'-5")
    expect(csvText('@user')).toBe("'@user")
  })
})

describe('buildDonationsCsv', () => {
  const csv = buildDonationsCsv(
    [
      donation({}),
      donation({
        id: 'd2',
        donorName: null,
        campaignId: null,
        campaignName: null,
        amountCents: 2000,
        message: 'Für den Verein; danke!',
        donatedAt: '2026-01-31T23:30:00Z',
      }),
      donation({
        id: 'd3',
        amountCents: 5000,
        refundedCents: 1000,
        refundableCents: 4000,
        status: 'PARTIALLY_REFUNDED',
        donatedAt: '2026-02-01T09:00:00Z',
      }),
      donation({
        id: 'd4',
        amountCents: 3000,
        refundedCents: 3000,
        status: 'REFUNDED',
        donatedAt: '2026-02-02T09:00:00Z',
      }),
    ],
    // What was paid and not given back: 1234,56 + 20 + 40 + 0.
    { totalCents: 129456, count: 4 },
    labels,
  )
  const lines = csv.slice(CSV_BOM.length).split('\r\n')

  it('starts with the UTF-8 byte order mark so Excel reads umlauts', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true)
  })

  it('has German headers separated by semicolons', () => {
    expect(lines[0]).toBe('Datum;Uhrzeit;Spender/in;Kampagne;Betrag;Währung;Status;Erstattet;Nachricht')
  })

  it('writes one row per donation in Vienna time with decimal-comma amounts', () => {
    // 12:30 UTC is 14:30 in Vienna in May (summer time).
    expect(lines[1]).toBe('03.05.2026;14:30;Anna Huber;Kunstrasen;1234,56;EUR;bezahlt;0,00;')
    // 23:30 UTC on 31 January is already 1 February in Vienna.
    expect(lines[2]).toBe('01.02.2026;00:30;Anonym;Allgemeine Spende;20,00;EUR;bezahlt;0,00;"Für den Verein; danke!"')
  })

  it('says what became of each donation and how much went back', () => {
    expect(lines[3]).toBe('01.02.2026;10:00;Anna Huber;Kunstrasen;50,00;EUR;teilweise erstattet;10,00;')
    expect(lines[4]).toBe('02.02.2026;10:00;Anna Huber;Kunstrasen;30,00;EUR;erstattet;30,00;')
  })

  it('ends with a sum row (the list’s sum and the refunds) and a final line break', () => {
    expect(lines[5]).toBe('Summe;;4 Spenden;;1294,56;EUR;;40,00;')
    expect(lines[6]).toBe('')
    expect(lines).toHaveLength(7)
  })

  it('builds a header and sum row for an empty export', () => {
    const empty = buildDonationsCsv([], { totalCents: 0, count: 0 }, labels).slice(1).split('\r\n')
    expect(empty).toEqual([
      'Datum;Uhrzeit;Spender/in;Kampagne;Betrag;Währung;Status;Erstattet;Nachricht',
      'Summe;;0 Spenden;;0,00;EUR;;0,00;',
      '',
    ])
  })
})

describe('file name', () => {
  it('slugifies German names', () => {
    expect(slugify('SV Grünbach 1923')).toBe('sv-gruenbach-1923')
    expect(slugify('Straßenfest – Größe!')).toBe('strassenfest-groesse')
  })

  it('is spenden-<club>-<day>.csv with the day in Vienna', () => {
    expect(donationsCsvFileName(['SV Grünbach 1923'], new Date('2026-05-03T23:30:00Z'))).toBe(
      'spenden-sv-gruenbach-1923-2026-05-04.csv',
    )
    expect(donationsCsvFileName(['Musikverein Hallein', 'Neue Tracht'], new Date('2026-05-03T10:00:00Z'))).toBe(
      'spenden-musikverein-hallein-neue-tracht-2026-05-03.csv',
    )
  })

  it('says the range of a date-filtered export instead of the day of the export', () => {
    const now = new Date('2026-05-03T10:00:00Z')
    expect(donationsCsvFileName(['Musikverein Hallein'], now, { from: '2026-01-01', to: '2026-03-31' })).toBe(
      'spenden-musikverein-hallein-2026-01-01-bis-2026-03-31.csv',
    )
    expect(donationsCsvFileName(['Musikverein Hallein'], now, { from: '2026-01-01' })).toBe(
      'spenden-musikverein-hallein-ab-2026-01-01.csv',
    )
    expect(donationsCsvFileName(['Musikverein Hallein'], now, { to: '2026-03-31' })).toBe(
      'spenden-musikverein-hallein-bis-2026-03-31.csv',
    )
    expect(donationsCsvFileName(['Musikverein Hallein'], now, { from: undefined, to: undefined })).toBe(
      'spenden-musikverein-hallein-2026-05-03.csv',
    )
  })
})
