/**
 * `npm run docs:receipts`: renders each kind of donation receipt (issue 24) with sample data and writes a
 * page of each as PNG to docs/screenshots/ with poppler's pdftoppm (Debian's `poppler-utils`):
 * receipt-at-single.png, receipt-at-annual.png (its first page), receipt-de-single.png,
 * receipt-de-collective.png and receipt-de-collective-annex.png (the annex's first page).
 *
 *   --keep <dir>   also keep the PDFs in that folder
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { crc32, deflateSync } from 'node:zlib'
import { amountInWords } from '#domain/amount-in-words.ts'
import type { ReceiptDocument, ReceiptLine } from '#domain/receipt-document.ts'
import { pdfkitReceiptRenderer } from '#adapters/receipt-pdf/render-receipt.ts'

const root = path.resolve(import.meta.dirname, '../..')
const screenshots = path.join(root, 'docs/screenshots')

/** An RGBA PNG from a function of the pixel: enough for a sample logo and signature without an image library. */
const png = (width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]) => {
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0 // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 4 + 1) + 1 + x * 4)
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits, RGBA, deflate, no filter method, not interlaced
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/** A club emblem: a green disc with a white stripe, on transparency. */
const logo = png(180, 180, (x, y) => {
  const d = Math.hypot(x - 90, y - 90)
  if (d > 86) return [0, 0, 0, 0]
  if (d > 80) return [20, 90, 50, 255]
  return Math.abs(y - 90 + (x - 90) * 0.4) < 14 ? [255, 255, 255, 255] : [40, 130, 75, 255]
})

/** A signature: a blue pen stroke, a few loops on transparency. */
const signatureImage = png(360, 92, (x, y) => {
  const curve = 46 + 22 * Math.sin(x / 17) * Math.cos(x / 53) - (x - 180) * 0.05
  return Math.abs(y - curve) < 2.2 ? [20, 40, 120, 255] : [0, 0, 0, 0]
})

const day = (year: number, index: number, count: number) => {
  const date = new Date(Date.UTC(year, 0, 3 + Math.floor((index * 360) / count)))
  return date.toISOString().slice(0, 10)
}

const lines = (year: number, count: number, waiverEvery = 0): ReceiptLine[] =>
  Array.from({ length: count }, (_, i) => ({
    day: day(year, i, count),
    amountCents: 1500 + ((i * 3779) % 9000),
    waiver: waiverEvery > 0 && i % waiverEvery === waiverEvery - 1,
  }))

const total = (entries: readonly ReceiptLine[]) => entries.reduce((sum, entry) => sum + entry.amountCents, 0)

const austrian = (entries: ReceiptLine[], year: number | null): ReceiptDocument => ({
  country: 'AT',
  number: year === null ? '2026-000017' : '2026-000102',
  duplicate: false,
  club: {
    name: 'Sportverein Grünbach am Schneeberg',
    address: {
      name: 'Sportverein Grünbach am Schneeberg',
      street: 'Hauptstraße 12',
      postalCode: '2733',
      city: 'Grünbach am Schneeberg',
      country: 'AT',
    },
    registerNumber: 'SO-1158',
    purposes: null,
    exemption: null,
    logo,
  },
  donor: {
    name: 'Maria Weißenböck',
    street: 'Lerchenfelder Straße 3/7',
    postalCode: '1070',
    city: 'Wien',
    country: 'AT',
  },
  lines: entries,
  totalCents: total(entries),
  totalInWords: amountInWords(total(entries)),
  year,
  place: 'Wien',
  issuedOn: '2026-01-15',
  signature: { image: signatureImage, name: 'Johann Öllinger', role: 'Kassier' },
  createdAt: Date.UTC(2026, 0, 15, 9, 30),
})

const german = (entries: ReceiptLine[], kind: 'FREISTELLUNGSBESCHEID' | 'FEST_60A'): ReceiptDocument => ({
  country: 'DE',
  number: entries.length === 1 ? '2026-000023' : '2026-000118',
  duplicate: entries.length > 1,
  club: {
    name: 'Turn- und Sportverein Süderbrarup 1896 e. V.',
    address: {
      name: 'Turn- und Sportverein Süderbrarup 1896 e. V.',
      street: 'Am Sportplatz 4',
      postalCode: '24392',
      city: 'Süderbrarup',
      country: 'DE',
    },
    registerNumber: null,
    purposes: 'Förderung des Sports',
    exemption:
      kind === 'FREISTELLUNGSBESCHEID'
        ? {
            kind,
            taxOffice: 'Flensburg',
            taxNumber: '15/293/12345',
            issuedOn: '2024-05-06',
            lastPeriod: '2022',
          }
        : { kind, taxOffice: 'Flensburg', taxNumber: '15/293/12345', issuedOn: '2023-09-18' },
    logo: entries.length === 1 ? logo : null,
  },
  donor: {
    name: 'Dr. Jürgen Straßburger',
    street: 'Große Straße 17',
    postalCode: '24937',
    city: 'Flensburg',
    country: 'DE',
  },
  lines: entries,
  totalCents: total(entries),
  totalInWords: amountInWords(total(entries)),
  year: entries.length === 1 ? null : 2025,
  place: 'Süderbrarup',
  issuedOn: '2026-01-20',
  signature: { image: entries.length === 1 ? signatureImage : null, name: 'Heike Thomsen', role: 'Kassenwartin' },
  createdAt: Date.UTC(2026, 0, 20, 14, 5),
})

/** Each screenshot: the document and which of its pages. */
const shots: { file: string; receipt: ReceiptDocument; page: 'first' | 'last' }[] = [
  {
    file: 'receipt-at-single.png',
    receipt: austrian([{ day: '2025-03-14', amountCents: 5000, waiver: false }], null),
    page: 'first',
  },
  { file: 'receipt-at-annual.png', receipt: austrian(lines(2025, 24), 2025), page: 'first' },
  {
    file: 'receipt-de-single.png',
    receipt: german([{ day: '2025-06-02', amountCents: 12_345, waiver: false }], 'FREISTELLUNGSBESCHEID'),
    page: 'first',
  },
  { file: 'receipt-de-collective.png', receipt: german(lines(2025, 14, 5), 'FEST_60A'), page: 'first' },
  { file: 'receipt-de-collective-annex.png', receipt: german(lines(2025, 14, 5), 'FEST_60A'), page: 'last' },
]

const pageCount = (pdf: string): number => {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? '1')
}

const main = async () => {
  const { values } = parseArgs({ options: { keep: { type: 'string' } } })
  const work = mkdtempSync(path.join(tmpdir(), 'receipts-'))
  try {
    mkdirSync(screenshots, { recursive: true })
    for (const shot of shots) {
      const pdf = path.join(work, shot.file.replace(/\.png$/, '.pdf'))
      writeFileSync(pdf, await pdfkitReceiptRenderer.render(shot.receipt))
      if (values.keep) {
        mkdirSync(values.keep, { recursive: true })
        copyFileSync(pdf, path.join(values.keep, path.basename(pdf)))
      }
      const page = shot.page === 'first' ? 1 : pageCount(pdf)
      const target = path.join(screenshots, shot.file.replace(/\.png$/, ''))
      execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', '-f', String(page), '-l', String(page), pdf, target])
      console.warn(`${path.relative(root, target)}.png (page ${page})`)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error('pdftoppm or pdfinfo is missing: install Debian’s poppler-utils (apt-get install poppler-utils).')
      process.exitCode = 1
      return
    }
    throw error
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
