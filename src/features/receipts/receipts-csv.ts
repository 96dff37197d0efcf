import type { Receipt } from '#openapi/generated/model/receipt.ts'
import type { ReceiptStatus } from '#openapi/generated/model/receiptStatus.ts'
import { centsToCsvAmount, csvFile, csvText } from '#src/lib/csv.ts'
import { formatShortDate } from '#src/lib/format.ts'

export interface ReceiptCsvLabels {
  number: string
  date: string
  donor: string
  address: string
  total: string
  status: string
  reason: string
  /** A receipt's status in German ("gültig", "zurückgezogen"). */
  statusOf: (status: ReceiptStatus) => string
}

/** The donor's postal address in one cell: "Hauptstraße 12, 8010 Graz, AT". */
export const addressLine = (donor: Receipt['donor']): string =>
  `${donor.street}, ${donor.postalCode} ${donor.city}, ${donor.country}`

/**
 * The receipts of a period as a file for the club's books (src/lib/csv.ts: what Excel in de-AT reads):
 * Nummer;Datum;Spender:in;Adresse;Summe;Status;Grund, one line per receipt, withdrawn ones with their
 * reason. The day is the day of issue; the sum a plain number with a decimal comma. Pure, so the format
 * is unit-tested without a browser.
 */
export const buildReceiptsCsv = (receipts: readonly Receipt[], labels: ReceiptCsvLabels): string =>
  csvFile([
    [labels.number, labels.date, labels.donor, labels.address, labels.total, labels.status, labels.reason].map(csvText),
    ...receipts.map((receipt) => [
      csvText(receipt.number),
      formatShortDate(receipt.issuedOn),
      csvText(receipt.donor.name),
      csvText(addressLine(receipt.donor)),
      centsToCsvAmount(receipt.totalCents),
      csvText(labels.statusOf(receipt.status)),
      csvText(receipt.withdrawReason ?? ''),
    ]),
  ])
