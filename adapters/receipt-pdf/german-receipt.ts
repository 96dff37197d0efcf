/**
 * The German Zuwendungsbestätigung after the BMF's binding template (§ 50 Abs. 1 EStDV; BMF-Schreiben vom
 * 7. November 2013, BStBl I S. 1333): "Bestätigung über Geldzuwendungen" for one donation, the
 * "Sammelbestätigung über Geldzuwendungen" with its "Anlage zur Sammelbestätigung" for several. The BMF
 * requires the template's wording and order unchanged and allows leaving out what does not apply (the
 * Mitgliedsbeitrag parts, the exemption that is not the club's); the receipt itself is one A4 page, the
 * annex may take more.
 */
import type { GermanExemption, ReceiptDocument } from '#domain/receipt-document.ts'
import { addressLines, germanDate, germanEuro } from './format.ts'
import { COLOR, FONT, type Layout } from './layout.ts'
import { continuationHead, duplicateMark, letterhead, signature } from './parts.ts'

const ISSUER = 'Aussteller (Bezeichnung und Anschrift der steuerbegünstigten Einrichtung)'
const SUBTITLE =
  'im Sinne des § 10b des Einkommensteuergesetzes an eine der in § 5 Abs. 1 Nr. 9 des Körperschaftsteuergesetzes bezeichneten Körperschaften, Personenvereinigungen oder Vermögensmassen'
const LIABILITY =
  'Wer vorsätzlich oder grob fahrlässig eine unrichtige Zuwendungsbestätigung erstellt oder veranlasst, dass Zuwendungen nicht zu den in der Zuwendungsbestätigung angegebenen steuerbegünstigten Zwecken verwendet werden, haftet für die entgangene Steuer (§ 10b Abs. 4 EStG, § 9 Abs. 3 KStG, § 9 Nr. 5 GewStG).'
const VALIDITY =
  'Diese Bestätigung wird nicht als Nachweis für die steuerliche Berücksichtigung der Zuwendung anerkannt, wenn das Datum des Freistellungsbescheides länger als 5 Jahre bzw. das Datum der Feststellung der Einhaltung der satzungsmäßigen Voraussetzungen nach § 60a Abs. 1 AO länger als 3 Jahre seit Ausstellung des Bescheides zurückliegt (§ 63 Abs. 5 AO).'
const NO_OTHER_RECEIPTS =
  'Es wird bestätigt, dass über die in der Gesamtsumme enthaltenen Zuwendungen keine weiteren Bestätigungen, weder formelle Zuwendungsbestätigungen noch Beitragsquittungen oder Ähnliches ausgestellt wurden und werden.'
const WAIVER_IN_ANNEX =
  'Ob es sich um den Verzicht auf Erstattung von Aufwendungen handelt, ist der Anlage zur Sammelbestätigung zu entnehmen.'
const SIGNATURE_CAPTION = '(Ort, Datum und Unterschrift des Zuwendungsempfängers)'

export const isCollective = (receipt: ReceiptDocument): boolean => receipt.lines.length > 1

export const germanTitle = (receipt: ReceiptDocument): string =>
  isCollective(receipt) ? 'Sammelbestätigung über Geldzuwendungen' : 'Bestätigung über Geldzuwendungen'

/**
 * The purposes after the template's own word "Förderung" ("wegen Förderung …", "nur zur Förderung …"). A
 * club may type them with the word ("Förderung des Sports", as the receipt settings suggest) or without
 * ("des Sports"): a leading "Förderung" is not said twice.
 */
const afterFoerderung = (purposes: string): string => purposes.replace(/^\s*Förderung\s+/u, '').trim()

/** The template says "des Finanzamtes …" / "vom Finanzamt …": a place typed as "Finanzamt Passau" is not doubled. */
const officePlace = (taxOffice: string): string => taxOffice.replace(/^\s*Finanzamt(?:es)?\s+/iu, '').trim()

const exemptionText = (exemption: GermanExemption, purposes: string): string =>
  exemption.kind === 'FREISTELLUNGSBESCHEID'
    ? `Wir sind wegen Förderung ${afterFoerderung(purposes)} nach dem Freistellungsbescheid bzw. nach der Anlage zum Körperschaftsteuerbescheid des Finanzamtes ${officePlace(exemption.taxOffice)}, StNr. ${exemption.taxNumber}, vom ${germanDate(exemption.issuedOn)} für den letzten Veranlagungszeitraum ${exemption.lastPeriod} nach § 5 Abs. 1 Nr. 9 des Körperschaftsteuergesetzes von der Körperschaftsteuer und nach § 3 Nr. 6 des Gewerbesteuergesetzes von der Gewerbesteuer befreit.`
    : `Die Einhaltung der satzungsmäßigen Voraussetzungen nach den §§ 51, 59, 60 und 61 AO wurde vom Finanzamt ${officePlace(exemption.taxOffice)}, StNr. ${exemption.taxNumber} mit Bescheid vom ${germanDate(exemption.issuedOn)} nach § 60a AO gesondert festgestellt. Wir fördern nach unserer Satzung Förderung ${afterFoerderung(purposes)}.`

/**
 * The amount in words with soft hyphens where pdfkit may break it: after "hundert" and "tausend" and after
 * the "…und" of a ones' digit ("achthundert-sechsund-siebzig…"). One German number is one word, often
 * longer than its field is wide; without them pdfkit would cut it anywhere.
 */
const breakableWords = (words: string): string =>
  words
    .replace(/(hundert|tausend)(?=\p{L})/gu, '$1\u00ad')
    .replace(/(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und(?=\p{L})/gu, '$1und\u00ad')

/** The period a Sammelbestätigung covers: the first donation's day to the last's, on two lines. */
const period = (days: readonly string[]): string => {
  const sorted = [...days].sort()
  const first = sorted[0] ?? ''
  const last = sorted.at(-1) ?? ''
  return `vom ${germanDate(first)}\nbis ${germanDate(last)}`
}

/**
 * A row of framed fields side by side: a small label over each value, the values on one level, all frames
 * as tall as the tallest.
 */
const fieldRow = (layout: Layout, fields: readonly { label: string; value: string; width: number }[]): void => {
  const pad = 6
  const total = fields.reduce((sum, field) => sum + field.width, 0)
  const widths = fields.map((field) => (field.width / total) * layout.width - 2 * pad)
  const labelStyle = { size: 7.5, color: COLOR.muted } as const
  const valueStyle = { font: FONT.bold, size: 10 } as const
  const labelHeight = Math.max(...fields.map((field, i) => layout.measure(field.label, labelStyle, widths[i])))
  const valueHeight = Math.max(...fields.map((field, i) => layout.measure(field.value, valueStyle, widths[i])))
  const height = pad + labelHeight + layout.space(5) + valueHeight + pad
  layout.ensure(height)
  let x = layout.left
  fields.forEach((field, i) => {
    const width = widths[i] ?? 0
    layout.box(x, layout.y, width + 2 * pad, height)
    layout.textAt(field.label, x + pad, layout.y + pad, width, labelStyle)
    layout.textAt(field.value, x + pad, layout.y + pad + labelHeight + layout.space(5), width, valueStyle)
    x += width + 2 * pad
  })
  layout.y += height
}

const receiptPage = (layout: Layout, receipt: ReceiptDocument): void => {
  const collective = isCollective(receipt)
  const purposes = receipt.club.purposes ?? ''
  layout.onPageAdded = () => continuationHead(layout, receipt, germanTitle(receipt))
  letterhead(layout, receipt, ISSUER)

  // The title and the template's subtitle, centred; the number and the duplicate mark on one line below.
  layout.paragraph(germanTitle(receipt), { font: FONT.bold, size: 15, align: 'center' }, 4)
  layout.paragraph(SUBTITLE, { size: 8.5, align: 'center', lineGap: 1 }, 10)
  const numberTop = layout.y
  layout.textAt(`Nr. ${receipt.number}`, layout.left, numberTop + 4, layout.width / 2, { size: 9.5 })
  const markHeight = receipt.duplicate ? duplicateMark(layout, layout.right, numberTop) : 12
  layout.y = numberTop + Math.max(markHeight, 16) + layout.space(10)

  // The donor, framed: "Name und Anschrift des Zuwendenden:".
  const donor = addressLines(receipt.donor, receipt.club.address.country).join('\n')
  const donorLabel = 'Name und Anschrift des Zuwendenden:'
  const donorLabelStyle = { size: 7.5, color: COLOR.muted } as const
  const donorLabelHeight = layout.measure(donorLabel, donorLabelStyle) + layout.space(3)
  const donorHeight = 6 + donorLabelHeight + layout.measure(donor, { lineGap: 1 }) + 6
  layout.ensure(donorHeight)
  layout.box(layout.left, layout.y, layout.width, donorHeight)
  layout.textAt(donorLabel, layout.left + 6, layout.y + 6, layout.width - 12, donorLabelStyle)
  layout.textAt(donor, layout.left + 6, layout.y + 6 + donorLabelHeight, layout.width - 12, { lineGap: 1 })
  layout.y += donorHeight

  const [line] = receipt.lines
  // The template's "– in Ziffern –" on a line of its own: the column is too narrow for the whole label.
  fieldRow(layout, [
    {
      label: `${collective ? 'Gesamtbetrag' : 'Betrag'} der Zuwendung\n– in Ziffern –`,
      value: germanEuro(receipt.totalCents),
      width: 30,
    },
    { label: '– in Buchstaben –', value: breakableWords(receipt.totalInWords), width: collective ? 42 : 46 },
    collective
      ? { label: 'Zeitraum der Sammelbestätigung:', value: period(receipt.lines.map((entry) => entry.day)), width: 28 }
      : { label: 'Tag der Zuwendung:', value: line ? germanDate(line.day) : '', width: 24 },
  ])
  layout.y += layout.space(12)

  if (!collective && line) {
    // The template's two boxes, one ticked: ☐ and ☒ are in DejaVu Sans.
    const yes = line.waiver ? '☒' : '☐'
    const no = line.waiver ? '☐' : '☒'
    layout.paragraph(
      `Es handelt sich um den Verzicht auf Erstattung von Aufwendungen:   Ja ${yes}    Nein ${no}`,
      { size: 9.5 },
      10,
    )
  }

  const body = { size: 9.5, lineGap: 1.5 } as const
  if (receipt.club.exemption) layout.paragraph(exemptionText(receipt.club.exemption, purposes), body, 8)
  layout.paragraph(
    `Es wird bestätigt, dass die Zuwendung nur zur Förderung ${afterFoerderung(purposes)} verwendet wird.`,
    body,
    8,
  )
  if (collective) {
    layout.paragraph(NO_OTHER_RECEIPTS, body, 8)
    layout.paragraph(WAIVER_IN_ANNEX, body, 8)
  }
  layout.y += layout.space(16)

  signature(layout, receipt, `${receipt.place}, ${germanDate(receipt.issuedOn)}`, SIGNATURE_CAPTION)

  // The notes on liability and validity, which the BMF wants on every receipt.
  const note = { size: 7.5, lineGap: 1, color: COLOR.muted } as const
  const noteHeight =
    layout.measure('Hinweis:', { ...note, font: FONT.bold }) +
    layout.measure(LIABILITY, note) +
    layout.measure(VALIDITY, note)
  layout.keepTogether(noteHeight + 12, () => {
    layout.paragraph('Hinweis:', { ...note, font: FONT.bold, color: COLOR.text }, 2)
    layout.paragraph(LIABILITY, note, 5)
    layout.paragraph(VALIDITY, note, 0)
  })
}

/** The annex: every donation with its day, kind, waiver and amount, and the total, on as many pages as it takes. */
const annexPages = (layout: Layout, receipt: ReceiptDocument): void => {
  const title = `Anlage zur Sammelbestätigung vom ${germanDate(receipt.issuedOn)}`
  layout.onPageAdded = null
  layout.newPage()
  layout.onPageAdded = () => continuationHead(layout, receipt, 'Anlage zur Sammelbestätigung')
  const top = layout.y
  const markSpace = receipt.duplicate ? 100 : 0
  let y = top
  y += layout.textAt(title, layout.left, y, layout.width - markSpace, { font: FONT.bold, size: 14 }) + 4
  y += layout.textAt(
    `zur Sammelbestätigung Nr. ${receipt.number} für ${receipt.donor.name}`,
    layout.left,
    y,
    layout.width - markSpace,
    { size: 9.5 },
  )
  if (receipt.duplicate) duplicateMark(layout, layout.right, top)
  layout.y = y + 16

  const lines = [...receipt.lines].sort((a, b) => a.day.localeCompare(b.day))
  layout.table(
    [
      { header: 'Datum der Zuwendung', width: 20 },
      { header: 'Art der Zuwendung (Geldzuwendung/ Mitgliedsbeitrag)', width: 30 },
      { header: 'Verzicht auf die Erstattung von Aufwendungen (ja/nein)', width: 30 },
      { header: 'Betrag', width: 20, align: 'right' },
    ],
    lines.map((entry) => [
      germanDate(entry.day),
      'Geldzuwendung',
      entry.waiver ? 'ja' : 'nein',
      germanEuro(entry.amountCents),
    ]),
    { total: ['Gesamtsumme', '', '', germanEuro(receipt.totalCents)] },
  )
}

/**
 * Smaller sizes to try, in turn, when the receipt does not fit its one A4 page at full size (long purposes,
 * a long name, a tall logo); below the last, text would be too small to read, and the receipt runs on.
 */
const SCALES = [1, 0.95, 0.9, 0.85, 0.8, 0.75]

export const layoutGermanReceipt = (layout: Layout, receipt: ReceiptDocument): void => {
  layout.scale = layout.fitsOnePage(SCALES, () => receiptPage(layout, receipt)) ?? SCALES.at(-1) ?? 1
  receiptPage(layout, receipt)
  layout.scale = 1
  if (isCollective(receipt)) annexPages(layout, receipt)
}
