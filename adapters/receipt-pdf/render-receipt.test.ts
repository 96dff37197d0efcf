// @vitest-environment node
/**
 * The receipt PDFs as a reader and an archive see them: poppler (Debian's `poppler-utils`: pdftotext,
 * pdfinfo, pdffonts, pdfimages) reads each rendered file back. The text must hold every field the receipt
 * needs, umlauts, ß and € intact; the file must say it is PDF/A-2b in its XMP, embed every font, be A4, and
 * come out byte for byte the same from the same document. (No PDF/A validator runs offline here:
 * docs/decisions/0049-receipt-pdfs-with-pdfkit.md says what that leaves unchecked.)
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { amountInWords } from '#domain/amount-in-words.ts'
import type { GermanExemption, ReceiptDocument, ReceiptLine } from '#domain/receipt-document.ts'
import { pdfkitReceiptRenderer } from './render-receipt.ts'

let work = ''
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'receipt-pdf-'))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs a poppler tool; a missing one fails the test with the package to install. */
const poppler = (tool: string, args: string[]): string => {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install Debian's poppler-utils (apt-get install poppler-utils)`, {
        cause: error,
      })
    }
    throw error
  }
}

/** Runs of white space (pdftotext's columns and line ends, no-break spaces) as one space. */
const squash = (text: string) => text.replace(/[\s\u00a0]+/gu, ' ').trim()

interface Inspection {
  readonly file: string
  readonly bytes: Uint8Array
  /** `pdftotext -layout`, white space squashed. */
  readonly text: string
  /** `pdftotext` in reading order (a framed field's wrapped value stays together), squashed. */
  readonly flow: string
  /** One page's text in reading order, squashed. */
  readonly pageText: (page: number) => string
  readonly info: Record<string, string>
  readonly meta: string
  readonly fonts: { name: string; type: string; embedded: string }[]
  readonly images: { page: number; type: string }[]
}

let count = 0
const render = async (receipt: ReceiptDocument): Promise<Inspection> => {
  const bytes = await pdfkitReceiptRenderer.render(receipt)
  const file = path.join(work, `receipt-${++count}.pdf`)
  writeFileSync(file, bytes)
  const info = Object.fromEntries(
    poppler('pdfinfo', [file])
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] ?? '', match[2] ?? '']),
  )
  // pdffonts: a header, a rule, then one font a line; "emb" is the third column from the right but three.
  const fonts = poppler('pdffonts', [file])
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/)
      return { name: columns[0] ?? '', type: columns.slice(1, -6).join(' '), embedded: columns.at(-5) ?? '' }
    })
  const images = poppler('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/)
      return { page: Number(columns[0]), type: columns[2] ?? '' }
    })
  return {
    file,
    bytes,
    text: squash(poppler('pdftotext', ['-layout', file, '-'])),
    flow: squash(poppler('pdftotext', [file, '-'])),
    pageText: (page) => squash(poppler('pdftotext', ['-f', String(page), '-l', String(page), file, '-'])),
    info,
    meta: poppler('pdfinfo', ['-meta', file]),
    fonts,
    images,
  }
}

/** What every receipt must be: PDF/A-2b by its XMP, 1.7, A4 on every page, fonts embedded, no standard font. */
const expectArchivable = (pdf: Inspection) => {
  expect(pdf.info['PDF version']).toBe('1.7')
  expect(pdf.info['Page size']).toBe('595.28 x 841.89 pts (A4)')
  expect(pdf.info['Metadata Stream']).toBe('yes')
  // Newer poppler prints the PDF/A part itself; 22.12 (Debian 12) does not, so the XMP is read.
  expect(pdf.info['PDF subtype'] ?? 'PDF/A-2b').toMatch(/PDF\/A-2b/)
  expect(XMLValidator.validate(pdf.meta.replace(/^\uFEFF/, '').trim())).toBe(true)
  expect(pdf.meta).toMatch(/<pdfaid:part>2<\/pdfaid:part>/)
  expect(pdf.meta).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/)
  expect(pdf.fonts.length).toBeGreaterThan(0)
  for (const font of pdf.fonts) {
    expect(font.embedded, font.name).toBe('yes')
    expect(font.name, 'a subset of DejaVu Sans').toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/)
  }
  // Every page A4: plain pdfinfo gives the first page's size, -f and -l every page's.
  const pages = Number(pdf.info.Pages)
  const sizes = poppler('pdfinfo', ['-f', '1', '-l', String(pages), pdf.file]).match(/^Page +\d+ size: .*$/gm)
  expect(sizes).toHaveLength(pages)
  for (const size of sizes ?? []) expect(size).toMatch(/size: +595\.28 x 841\.89 pts \(A4\)$/)
}

/** A PNG from rows of pixels, built by hand: the signature and logo the tests need, without an image library. */
const png = (width: number, height: number, channels: 3 | 4, pixel: number[]): Uint8Array => {
  const row = [0, ...Array.from({ length: width }, () => pixel).flat()]
  const raw = Uint8Array.from(Array.from({ length: height }, () => row).flat())
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data])
    const be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
    return [...be(data.length), ...body, ...be(crc32(body))]
  }
  const header = new Uint8Array([0, 0, 0, width, 0, 0, 0, height, 8, channels === 3 ? 2 : 6, 0, 0, 0])
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', header),
    ...chunk('IDAT', deflateSync(raw)),
    ...chunk('IEND', new Uint8Array()),
  ])
}
/** 1×1 green, opaque RGB: the logo. */
const LOGO = png(1, 1, 3, [40, 130, 75])
/** 2×1 blue with alpha: the signature (an SMask in the PDF). */
const SIGNATURE = png(2, 1, 4, [20, 40, 120, 200])

const total = (lines: readonly ReceiptLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0)

/** Cents as the receipts write them, `1.234,56`; `dd.mm.yyyy` for a day. */
const grouped = (cents: number) => {
  const [euros = '', rest = ''] = (cents / 100).toFixed(2).split('.')
  return `${euros.replace(/\B(?=(\d{3})+$)/g, '.')},${rest}`
}
const dotted = (day: string) => day.split('-').reverse().join('.')

const austrian = (lines: ReceiptLine[], overrides: Partial<ReceiptDocument> = {}): ReceiptDocument => ({
  country: 'AT',
  number: '2026-000017',
  duplicate: false,
  club: {
    name: 'Sportverein Grünbach',
    address: {
      name: 'Sportverein Grünbach',
      street: 'Hauptstraße 12',
      postalCode: '2733',
      city: 'Grünbach',
      country: 'AT',
    },
    registerNumber: 'SO-1158',
    purposes: null,
    exemption: null,
    logo: LOGO,
  },
  donor: {
    name: 'Maria Weißenböck',
    street: 'Lerchenfelder Straße 3/7',
    postalCode: '1070',
    city: 'Wien',
    country: 'AT',
  },
  lines,
  totalCents: total(lines),
  totalInWords: amountInWords(total(lines)),
  year: null,
  place: 'Wien',
  issuedOn: '2026-01-15',
  signature: { image: SIGNATURE, name: 'Johann Öllinger', role: 'Kassier' },
  createdAt: Date.UTC(2026, 0, 15, 9, 30),
  ...overrides,
})

const FREISTELLUNG: GermanExemption = {
  kind: 'FREISTELLUNGSBESCHEID',
  taxOffice: 'Flensburg',
  taxNumber: '15/293/12345',
  issuedOn: '2024-05-06',
  lastPeriod: '2022',
}
const FEST_60A: GermanExemption = {
  kind: 'FEST_60A',
  // As a club may type it: the template's "vom Finanzamt" does not double it.
  taxOffice: 'Finanzamt Hamburg-Nord',
  taxNumber: '17/456/78901',
  issuedOn: '2023-09-18',
}

const german = (lines: ReceiptLine[], exemption: GermanExemption, overrides: Partial<ReceiptDocument> = {}) =>
  ({
    country: 'DE',
    number: '2026-000023',
    duplicate: false,
    club: {
      name: 'Turnverein Süderbrarup e. V.',
      address: {
        name: 'Turnverein Süderbrarup e. V.',
        street: 'Am Sportplatz 4',
        postalCode: '24392',
        city: 'Süderbrarup',
        country: 'DE',
      },
      registerNumber: null,
      purposes: 'Förderung des Sports',
      exemption,
      logo: null,
    },
    donor: {
      name: 'Jürgen Straßburger',
      street: 'Große Straße 17',
      postalCode: '6020',
      city: 'Innsbruck',
      country: 'AT',
    },
    lines,
    totalCents: total(lines),
    totalInWords: amountInWords(total(lines)),
    year: null,
    place: 'Süderbrarup',
    issuedOn: '2026-01-20',
    signature: { image: null, name: 'Heike Thomsen', role: 'Kassenwartin' },
    createdAt: Date.UTC(2026, 0, 20, 14, 5),
    ...overrides,
  }) satisfies ReceiptDocument

/** `count` donations on distinct days of 2025, amounts that differ. */
const yearOfLines = (count: number, waiverEvery = 0): ReceiptLine[] =>
  Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2025, 0, 2 + Math.floor((i * 360) / count))).toISOString().slice(0, 10),
    amountCents: 1000 + i * 137,
    waiver: waiverEvery > 0 && i % waiverEvery === 0,
  }))

const LIABILITY =
  'Wer vorsätzlich oder grob fahrlässig eine unrichtige Zuwendungsbestätigung erstellt oder veranlasst, dass Zuwendungen nicht zu den in der Zuwendungsbestätigung angegebenen steuerbegünstigten Zwecken verwendet werden, haftet für die entgangene Steuer (§ 10b Abs. 4 EStG, § 9 Abs. 3 KStG, § 9 Nr. 5 GewStG).'
const VALIDITY =
  'Diese Bestätigung wird nicht als Nachweis für die steuerliche Berücksichtigung der Zuwendung anerkannt, wenn das Datum des Freistellungsbescheides länger als 5 Jahre bzw. das Datum der Feststellung der Einhaltung der satzungsmäßigen Voraussetzungen nach § 60a Abs. 1 AO länger als 3 Jahre seit Ausstellung des Bescheides zurückliegt (§ 63 Abs. 5 AO).'
const SUBTITLE =
  'im Sinne des § 10b des Einkommensteuergesetzes an eine der in § 5 Abs. 1 Nr. 9 des Körperschaftsteuergesetzes bezeichneten Körperschaften, Personenvereinigungen oder Vermögensmassen'

describe('the Austrian Spendenbestätigung', () => {
  it('for one donation: club, register number, donor, amount, day, the BMF list, place, date and signature', async () => {
    const pdf = await render(austrian([{ day: '2025-03-14', amountCents: 5000, waiver: false }]))
    expectArchivable(pdf)
    expect(pdf.info.Pages).toBe('1')
    expect(pdf.info.Title).toBe('Spendenbestätigung Nr. 2026-000017')
    expect(pdf.info.Author).toBe('Sportverein Grünbach')
    expect(pdf.info.CreationDate).toMatch(/Jan 15 09:30:00 2026 UTC/)
    expect(pdf.info.ModDate).toBe(pdf.info.CreationDate)
    for (const field of [
      'Sportverein Grünbach Hauptstraße 12 2733 Grünbach',
      'Spendenbestätigung Nr. 2026-000017',
      'Registrierungsnummer (BMF-Liste): SO-1158',
      'Maria Weißenböck Lerchenfelder Straße 3/7 1070 Wien',
      'Betrag: € 50,00',
      'Datum der Zuwendung: 14.03.2025',
      'Sportverein Grünbach ist unter der Registrierungsnummer SO-1158 in der Liste der begünstigten Spendenempfänger (§ 4a EStG) des Bundesministeriums für Finanzen eingetragen.',
      'Die bestätigte Zuwendung ist eine Geldzuwendung.',
      'Wien, am 15.01.2026',
      'Johann Öllinger Kassier',
    ]) {
      expect(pdf.text).toContain(field)
    }
    expect(pdf.text).not.toContain('Duplikat')
    expect(pdf.text).not.toContain('Seite')
    expect(pdf.text).not.toContain('Österreich') // the donor lives in the club's country
    // The logo (RGB) and the signature (RGB with an alpha mask).
    expect(pdf.images.map((image) => image.type)).toEqual(['image', 'image', 'smask'])
  })

  it('for a year of 60 donations: a table over several pages, the sum, "Seite x von y"', async () => {
    const lines = yearOfLines(60)
    const pdf = await render(austrian(lines, { year: 2025, number: '2026-000102' }))
    expectArchivable(pdf)
    const pages = Number(pdf.info.Pages)
    expect(pages).toBeGreaterThanOrEqual(3)
    expect(pdf.info.Title).toBe('Spendenbestätigung Nr. 2026-000102')
    expect(pdf.text).toContain('Spendenbestätigung für das Jahr 2025 Nr. 2026-000102')
    expect(pdf.text).toContain('Datum der Zuwendung Betrag')
    // Every donation once, none lost or repeated at a page break.
    for (const line of lines) {
      expect(pdf.text.split(`${dotted(line.day)} € ${grouped(line.amountCents)}`)).toHaveLength(2)
    }
    expect(pdf.text).toContain(`Summe € ${grouped(total(lines))}`)
    expect(grouped(total(lines))).toBe('3.024,90')
    expect(pdf.text).toContain('Die bestätigten Zuwendungen sind Geldzuwendungen.')
    for (let page = 1; page <= pages; page++) expect(pdf.pageText(page)).toContain(`Seite ${page} von ${pages}`)
    // Every further page names the receipt; the table's header comes again on the page it runs on to.
    for (let page = 2; page <= pages; page++) {
      expect(pdf.pageText(page)).toContain('Spendenbestätigung Nr. 2026-000102 – Fortsetzung')
    }
    expect(pdf.pageText(2)).toContain('Datum der Zuwendung Betrag')
    // Place, date and signature end the last page, after the sum.
    const last = pdf.pageText(pages)
    expect(last.indexOf('Wien, am 15.01.2026')).toBeGreaterThan(-1)
    expect(pdf.text.indexOf('Summe')).toBeLessThan(pdf.text.indexOf('Wien, am 15.01.2026'))
  })

  it('marks a reprint "Duplikat", on the page and in the title; without logo and signature image it prints the name', async () => {
    const pdf = await render(
      austrian([{ day: '2025-03-14', amountCents: 123_456, waiver: false }], {
        duplicate: true,
        club: { ...austrian([]).club, logo: null },
        signature: { image: null, name: 'Johann Öllinger', role: 'Kassier' },
      }),
    )
    expectArchivable(pdf)
    expect(pdf.info.Title).toBe('Spendenbestätigung Nr. 2026-000017 (Duplikat)')
    expect(pdf.text).toContain('Duplikat')
    expect(pdf.text).toContain('Betrag: € 1.234,56')
    expect(pdf.text).toContain('Johann Öllinger Kassier')
    expect(pdf.images).toEqual([])
  })
})

describe('the German Bestätigung über Geldzuwendungen (amtliches Muster)', () => {
  it('for one donation, with a Freistellungsbescheid: every passage of the template in its order', async () => {
    const pdf = await render(
      german([{ day: '2025-06-02', amountCents: 12_345, waiver: false }], FREISTELLUNG, {
        club: { ...german([], FREISTELLUNG).club, logo: LOGO },
        signature: { image: SIGNATURE, name: 'Heike Thomsen', role: 'Kassenwartin' },
      }),
    )
    expectArchivable(pdf)
    expect(pdf.info.Pages).toBe('1')
    expect(pdf.info.Title).toBe('Bestätigung über Geldzuwendungen Nr. 2026-000023')
    expect(pdf.info.Author).toBe('Turnverein Süderbrarup e. V.')
    const passages = [
      'Aussteller (Bezeichnung und Anschrift der steuerbegünstigten Einrichtung)',
      'Turnverein Süderbrarup e. V. Am Sportplatz 4 24392 Süderbrarup',
      'Bestätigung über Geldzuwendungen',
      SUBTITLE,
      'Nr. 2026-000023',
      'Name und Anschrift des Zuwendenden:',
      // A donor abroad: the country's German name.
      'Jürgen Straßburger Große Straße 17 6020 Innsbruck Österreich',
      'Betrag der Zuwendung – in Ziffern –',
      '– in Buchstaben –',
      'Tag der Zuwendung:',
      '123,45 €',
      'einhundertdreiundzwanzig Euro und fünfundvierzig Cent',
      '02.06.2025',
      'Es handelt sich um den Verzicht auf Erstattung von Aufwendungen: Ja ☐ Nein ☒',
      'Wir sind wegen Förderung des Sports nach dem Freistellungsbescheid bzw. nach der Anlage zum Körperschaftsteuerbescheid des Finanzamtes Flensburg, StNr. 15/293/12345, vom 06.05.2024 für den letzten Veranlagungszeitraum 2022 nach § 5 Abs. 1 Nr. 9 des Körperschaftsteuergesetzes von der Körperschaftsteuer und nach § 3 Nr. 6 des Gewerbesteuergesetzes von der Gewerbesteuer befreit.',
      'Es wird bestätigt, dass die Zuwendung nur zur Förderung des Sports verwendet wird.',
      'Süderbrarup, 20.01.2026',
      '(Ort, Datum und Unterschrift des Zuwendungsempfängers)',
      'Hinweis:',
      LIABILITY,
      VALIDITY,
    ]
    let at = -1
    for (const passage of passages) {
      const found = pdf.flow.indexOf(passage, at + 1)
      expect(found, `"${passage}" after the passage before it`).toBeGreaterThan(at)
      at = found
    }
    expect(pdf.text).toContain('Heike Thomsen Kassenwartin')
    expect(pdf.text).not.toContain('Sammelbestätigung')
    expect(pdf.text).not.toContain('§ 60a AO gesondert festgestellt')
    expect(pdf.text).not.toContain('Seite')
    expect(pdf.images.map((image) => image.type)).toEqual(['image', 'image', 'smask'])
  })

  it('stays on its one A4 page with long purposes, names and a logo: the text gets smaller, nothing runs on', async () => {
    const purposes =
      'Förderung von Kunst und Kultur, der Jugendhilfe, der Heimatpflege, Heimatkunde und Ortsverschönerung, des Sports und der Erziehung, Volks- und Berufsbildung einschließlich der Studentenhilfe'
    const pdf = await render(
      german([{ day: '2025-06-02', amountCents: 9_876_543_32, waiver: false }], FREISTELLUNG, {
        club: {
          ...german([], FREISTELLUNG).club,
          name: 'Verein der Freunde und Förderer des Musikvereins „Harmonie“ Oberndorf an der Melk e. V.',
          purposes,
          logo: png(1, 3, 3, [40, 130, 75]),
        },
        donor: { ...german([], FREISTELLUNG).donor, name: 'Univ.-Prof. Dr. Maximiliane Huber-Schwarzenbrunner' },
        signature: { image: SIGNATURE, name: 'Mag. Johann Öllinger', role: 'Obmann-Stellvertreter und Kassier' },
      }),
    )
    expectArchivable(pdf)
    expect(pdf.info.Pages).toBe('1')
    expect(pdf.flow).toContain(
      `Wir sind wegen Förderung ${purposes.replace('Förderung ', '')} nach dem Freistellungsbescheid`,
    )
    // The long number breaks at a soft hyphen, where pdfkit prints "-" at the end of the line (the layout
    // text shows it; pdftotext's reading order joins the word again).
    expect(pdf.text).toMatch(/(hundert|tausend|und)- /)
    expect(pdf.flow).toContain(
      'neun Millionen achthundertsechsundsiebzigtausendfünfhundertdreiundvierzig Euro und zweiunddreißig Cent',
    )
    expect(pdf.flow).toContain(VALIDITY)
  })

  it('ticks "Ja" for a waiver of reimbursement; takes the purposes typed without "Förderung" too', async () => {
    const club = { ...german([], FREISTELLUNG).club, purposes: 'des Sports und der Jugendhilfe' }
    const pdf = await render(german([{ day: '2025-06-02', amountCents: 5000, waiver: true }], FREISTELLUNG, { club }))
    expect(pdf.text).toContain('Es handelt sich um den Verzicht auf Erstattung von Aufwendungen: Ja ☒ Nein ☐')
    expect(pdf.flow).toContain('fünfzig Euro')
    expect(pdf.flow).toContain('Wir sind wegen Förderung des Sports und der Jugendhilfe nach dem Freistellungsbescheid')
    expect(pdf.flow).toContain('nur zur Förderung des Sports und der Jugendhilfe verwendet wird.')
  })

  it('as a Sammelbestätigung with a § 60a Feststellung: the receipt on one page, the annex with every donation after it', async () => {
    const lines = yearOfLines(60, 7)
    const pdf = await render(german(lines, FEST_60A, { duplicate: true, number: '2026-000118', year: 2025 }))
    expectArchivable(pdf)
    expect(pdf.info.Title).toBe('Sammelbestätigung über Geldzuwendungen Nr. 2026-000118 (Duplikat)')
    const pages = Number(pdf.info.Pages)
    expect(pages).toBeGreaterThanOrEqual(3)

    const receiptPage = pdf.pageText(1)
    const first = dotted(lines[0]?.day ?? '')
    const last = dotted(lines.at(-1)?.day ?? '')
    for (const passage of [
      'Sammelbestätigung über Geldzuwendungen',
      SUBTITLE,
      'Duplikat',
      'Gesamtbetrag der Zuwendung – in Ziffern –',
      'Zeitraum der Sammelbestätigung:',
      `vom ${first}`,
      `bis ${last}`,
      'Die Einhaltung der satzungsmäßigen Voraussetzungen nach den §§ 51, 59, 60 und 61 AO wurde vom Finanzamt Hamburg-Nord, StNr. 17/456/78901 mit Bescheid vom 18.09.2023 nach § 60a AO gesondert festgestellt. Wir fördern nach unserer Satzung Förderung des Sports.',
      'Es wird bestätigt, dass die Zuwendung nur zur Förderung des Sports verwendet wird.',
      'Es wird bestätigt, dass über die in der Gesamtsumme enthaltenen Zuwendungen keine weiteren Bestätigungen, weder formelle Zuwendungsbestätigungen noch Beitragsquittungen oder Ähnliches ausgestellt wurden und werden.',
      'Ob es sich um den Verzicht auf Erstattung von Aufwendungen handelt, ist der Anlage zur Sammelbestätigung zu entnehmen.',
      '(Ort, Datum und Unterschrift des Zuwendungsempfängers)',
      LIABILITY,
      VALIDITY,
      `Seite 1 von ${pages}`,
    ]) {
      expect(receiptPage).toContain(passage)
    }
    expect(pdf.flow).toContain(amountInWords(total(lines)))
    expect(receiptPage).not.toContain('Es handelt sich um den Verzicht')
    expect(receiptPage).not.toContain('Anlage zur Sammelbestätigung vom')
    expect(pdf.text).not.toContain('Freistellungsbescheid bzw.')

    const annex = pdf.pageText(2)
    expect(annex).toContain('Anlage zur Sammelbestätigung vom 20.01.2026')
    expect(annex).toContain('zur Sammelbestätigung Nr. 2026-000118 für Jürgen Straßburger')
    expect(annex).toContain('Duplikat')
    expect(pdf.flow).toContain('Art der Zuwendung (Geldzuwendung/ Mitgliedsbeitrag)')
    expect(pdf.flow).toContain('Verzicht auf die Erstattung von Aufwendungen (ja/nein)')
    for (const line of lines) {
      const row = `${dotted(line.day)} Geldzuwendung ${line.waiver ? 'ja' : 'nein'} ${grouped(line.amountCents)} €`
      expect(pdf.text.split(row)).toHaveLength(2)
    }
    const sum = grouped(total(lines))
    expect(pdf.text).toContain(`Gesamtsumme ${sum} €`)
    expect(receiptPage).toContain(`${sum} €`)
    for (let page = 3; page <= pages; page++) {
      expect(pdf.pageText(page)).toContain('Anlage zur Sammelbestätigung Nr. 2026-000118 – Fortsetzung')
    }
  })
})

describe('a receipt PDF for the archive', () => {
  it('is the same, byte for byte, when the same document is rendered again (the trailer ID too)', async () => {
    const receipt = german(yearOfLines(12, 3), FREISTELLUNG, {
      club: { ...german([], FREISTELLUNG).club, logo: LOGO },
      signature: { image: SIGNATURE, name: 'Heike Thomsen', role: 'Kassenwartin' },
    })
    const first = await pdfkitReceiptRenderer.render(receipt)
    const second = await pdfkitReceiptRenderer.render(receipt)
    expect(first).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
    const id = (bytes: Uint8Array) => /\/ID \[(<[0-9a-f]+>) \1\]/.exec(Buffer.from(bytes).toString('latin1'))?.[1]
    expect(id(first)).toMatch(/^<[0-9a-f]{32}>$/)
    // Another moment of making is another document: its ID differs.
    const later = await pdfkitReceiptRenderer.render({ ...receipt, createdAt: receipt.createdAt + 1000 })
    expect(id(later)).not.toBe(id(first))
  })

  it('keeps the XMP well-formed for a club whose name holds "&" and "<"', async () => {
    const club = { ...austrian([]).club, name: 'Sport & Spiel <Grünbach>' }
    const pdf = await render(austrian([{ day: '2025-03-14', amountCents: 5000, waiver: false }], { club }))
    expectArchivable(pdf)
    expect(pdf.info.Author).toBe('Sport & Spiel <Grünbach>')
    expect(pdf.meta).toContain('<rdf:li>Sport &amp; Spiel &lt;Grünbach&gt;</rdf:li>')
    expect(pdf.meta).toContain('<xmp:ModifyDate>2026-01-15T09:30:00Z</xmp:ModifyDate>')
    expect(pdf.text).toContain('Sport & Spiel <Grünbach>')
  })

  it('prints "?" for a character the font lacks (PDF/A forbids the .notdef glyph)', async () => {
    const donor = { ...austrian([]).donor, name: 'Zhang Wei 张伟' }
    const pdf = await render(austrian([{ day: '2025-03-14', amountCents: 5000, waiver: false }], { donor }))
    expect(pdf.text).toContain('Zhang Wei ??')
  })

  it('leaves out an image PDF/A-2b cannot take as it is (CMYK) or pdfkit cannot read, and still renders', async () => {
    // A JPEG's start and a frame header with four components (CMYK), and a GIF.
    const cmykJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x04, 1, 0x11])
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')
    const pdf = await render(
      austrian([{ day: '2025-03-14', amountCents: 5000, waiver: false }], {
        club: { ...austrian([]).club, logo: cmykJpeg },
        signature: { image: gif, name: 'Johann Öllinger', role: 'Kassier' },
      }),
    )
    expectArchivable(pdf)
    expect(pdf.images).toEqual([])
    expect(pdf.text).toContain('Johann Öllinger Kassier')
  })
})
