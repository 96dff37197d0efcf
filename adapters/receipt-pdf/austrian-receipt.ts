/**
 * The Austrian Spendenbestätigung: the club with its number on the BMF list of begünstigte
 * Spendenempfänger, the donor, the donation (one: amount and day; a year's: a table and the sum), that it is
 * a Geldzuwendung, place, date and signature. Austria has no official template to follow word for word;
 * this carries what § 4a EStG and the BMF's guidance ask a receipt to show.
 */
import type { ReceiptDocument } from '#domain/receipt-document.ts'
import { addressLines, austrianEuro, germanDate } from './format.ts'
import { COLOR, FONT, type Layout } from './layout.ts'
import { continuationHead, duplicateMark, letterhead, signature } from './parts.ts'

export const austrianTitle = (receipt: ReceiptDocument): string =>
  receipt.year === null ? 'Spendenbestätigung' : `Spendenbestätigung für das Jahr ${receipt.year}`

export const layoutAustrianReceipt = (layout: Layout, receipt: ReceiptDocument): void => {
  const title = austrianTitle(receipt)
  const home = receipt.club.address.country
  layout.onPageAdded = () => continuationHead(layout, receipt, 'Spendenbestätigung')
  letterhead(layout, receipt)

  // The title, the receipt's number and the club's register number; the duplicate mark beside them.
  const top = layout.y
  const markSpace = receipt.duplicate ? 100 : 0
  let y = top
  y += layout.textAt(title, layout.left, y, layout.width - markSpace, { font: FONT.bold, size: 17 }) + 4
  y += layout.textAt(`Nr. ${receipt.number}`, layout.left, y, layout.width - markSpace, { size: 10 }) + 2
  if (receipt.club.registerNumber) {
    y += layout.textAt(`Registrierungsnummer (BMF-Liste): ${receipt.club.registerNumber}`, layout.left, y, layout.width)
  }
  if (receipt.duplicate) duplicateMark(layout, layout.right, top + 2)
  layout.y = y + 22

  // The donor.
  const donor = addressLines(receipt.donor, home)
  layout.keepTogether(layout.measure(donor.join('\n')) + 16, () => {
    layout.textAt('Spenderin / Spender', layout.left, layout.y, layout.width, { size: 8, color: COLOR.muted })
    layout.y += 12
    layout.y += layout.textAt(donor.join('\n'), layout.left, layout.y, layout.width, { lineGap: 1.5 })
  })
  layout.y += 20

  const [line] = receipt.lines
  if (receipt.lines.length === 1 && line) {
    const labelWidth = 150
    const row = (label: string, value: string, bold: boolean) => {
      layout.ensure(16)
      layout.textAt(label, layout.left, layout.y, labelWidth)
      layout.textAt(value, layout.left + labelWidth, layout.y, layout.width - labelWidth, {
        font: bold ? FONT.bold : FONT.regular,
      })
      layout.y += 17
    }
    row('Betrag:', austrianEuro(line.amountCents), true)
    row('Datum der Zuwendung:', germanDate(line.day), false)
  } else {
    const lines = [...receipt.lines].sort((a, b) => a.day.localeCompare(b.day))
    layout.paragraph(
      receipt.year === null ? 'Zuwendungen:' : `Zuwendungen im Jahr ${receipt.year}:`,
      { font: FONT.bold },
      6,
    )
    layout.table(
      [
        { header: 'Datum der Zuwendung', width: 3 },
        { header: 'Betrag', width: 2, align: 'right' },
      ],
      lines.map((entry) => [germanDate(entry.day), austrianEuro(entry.amountCents)]),
      { width: 270, total: ['Summe', austrianEuro(receipt.totalCents)] },
    )
  }
  layout.y += 18

  const listed = receipt.club.registerNumber
    ? `${receipt.club.name} ist unter der Registrierungsnummer ${receipt.club.registerNumber} in der Liste der begünstigten Spendenempfänger (§ 4a EStG) des Bundesministeriums für Finanzen eingetragen.`
    : `${receipt.club.name} ist in der Liste der begünstigten Spendenempfänger (§ 4a EStG) des Bundesministeriums für Finanzen eingetragen.`
  const kind =
    receipt.lines.length === 1
      ? 'Die bestätigte Zuwendung ist eine Geldzuwendung.'
      : 'Die bestätigten Zuwendungen sind Geldzuwendungen.'
  layout.paragraph(`${listed} ${kind}`, {}, 26)

  signature(layout, receipt, `${receipt.place}, am ${germanDate(receipt.issuedOn)}`)
}
