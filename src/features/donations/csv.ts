import type { Donation } from '#openapi/generated/model/donation.ts'
import type { DonationStatus } from '#openapi/generated/model/donationStatus.ts'
import { CSV_BOM, centsToCsvAmount, csvText } from '#src/lib/csv.ts'
import { formatClockTime, formatShortDate, todayIso } from '#src/lib/format.ts'
import { transliterateGerman } from '#checks/transliterate.ts'

/**
 * The donation export as a file Excel opens correctly in de-AT: `;` separates the columns (the comma is
 * the decimal separator there), a UTF-8 byte order mark makes Excel read umlauts as UTF-8, amounts are
 * plain numbers with a decimal comma (`1234,56`, no thousands dots, so Excel can add them up), and lines
 * end with CRLF as RFC 4180 asks. Pure, so the format is unit-tested without a browser.
 */

// The file's pieces are shared with the receipts' export (src/lib/csv.ts); named here too for this file's tests.
export { CSV_BOM, centsToCsvAmount, csvText }
const SEPARATOR = ';'
const LINE_END = '\r\n'

export interface CsvLabels {
  date: string
  time: string
  donor: string
  campaign: string
  amount: string
  currency: string
  status: string
  /** The header of the refunded amount. */
  refunded: string
  message: string
  anonymous: string
  /** A donation's status in German ("teilweise erstattet"). */
  statusOf: (status: DonationStatus) => string
  /** The label of the closing sum row, e.g. "Summe". */
  total: string
  /** The count in the sum row, e.g. "3 Spenden". */
  count: (count: number) => string
  /** For donations to the club itself (no campaign). */
  noCampaign: string
}

const row = (cells: readonly string[]): string => cells.join(SEPARATOR)

export interface CsvTotals {
  totalCents: number
  count: number
}

/**
 * The whole file: BOM, header, one line per donation, and a sum row. `Betrag` is what the donor gave and
 * `Erstattet` what went back; the sum row's `Betrag` is the list's sum (what was paid and not given back,
 * as the totals count it), its `Erstattet` the refunds, so the two columns add up to what was given.
 */
export const buildDonationsCsv = (donations: readonly Donation[], totals: CsvTotals, labels: CsvLabels): string => {
  const lines: string[] = [
    row(
      [
        labels.date,
        labels.time,
        labels.donor,
        labels.campaign,
        labels.amount,
        labels.currency,
        labels.status,
        labels.refunded,
        labels.message,
      ].map(csvText),
    ),
  ]
  let refundedCents = 0
  for (const donation of donations) {
    refundedCents += donation.refundedCents
    const at = new Date(donation.donatedAt)
    lines.push(
      row([
        formatShortDate(at),
        formatClockTime(at),
        csvText(donation.donorName ?? labels.anonymous),
        csvText(donation.campaignName ?? labels.noCampaign),
        centsToCsvAmount(donation.amountCents),
        donation.currency,
        csvText(labels.statusOf(donation.status)),
        centsToCsvAmount(donation.refundedCents),
        csvText(donation.message ?? ''),
      ]),
    )
  }
  lines.push(
    row([
      csvText(labels.total),
      '',
      csvText(labels.count(totals.count)),
      '',
      centsToCsvAmount(totals.totalCents),
      'EUR',
      '',
      centsToCsvAmount(refundedCents),
      '',
    ]),
  )
  return `${CSV_BOM}${lines.join(LINE_END)}${LINE_END}`
}

/** "SV Grünbach 1923" → "sv-gruenbach-1923": safe in file names on every system. */
export const slugify = (value: string): string =>
  transliterateGerman(value.toLowerCase())
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * `spenden-<club>[-<campaign>]-<what>.csv`. `<what>` is the date filter of the export when there is one
 * (`2026-01-01-bis-2026-03-31`, `ab-2026-01-01`, `bis-2026-03-31`), so a file says which donations it
 * holds; without a filter, the day of the export in Vienna.
 */
export const donationsCsvFileName = (
  parts: readonly string[],
  now: Date = new Date(),
  range: { from?: string | undefined; to?: string | undefined } = {},
): string => {
  const from = range.from && ISO_DAY.test(range.from) ? range.from : undefined
  const to = range.to && ISO_DAY.test(range.to) ? range.to : undefined
  const what = from && to ? [from, 'bis', to] : from ? ['ab', from] : to ? ['bis', to] : [todayIso(now)]
  const names = parts.map(slugify).filter(Boolean)
  return `${['spenden', ...names, ...what].join('-')}.csv`
}
