/**
 * The receipts as PDF/A-2b (issue 24), made with pdfkit: A4, DejaVu Sans embedded, pdfkit's sRGB output
 * intent and XMP metadata with the PDF/A identification. The same document gives the same bytes: the
 * dates come from `createdAt`, and pdfkit derives the trailer's ID from the document information
 * (an MD5 over its entries), so nothing depends on the clock or on chance.
 * Decision record: docs/decisions/0049-receipt-pdfs-with-pdfkit.md.
 */
import type PDFDocument from 'pdfkit'
import type { ReceiptDocument, ReceiptRenderer } from '#domain/receipt-document.ts'
import { austrianTitle, layoutAustrianReceipt } from './austrian-receipt.ts'
import type { ReceiptFonts } from './fonts-type.ts'
import { germanTitle, layoutGermanReceipt } from './german-receipt.ts'
import { FONT, Layout, MARGIN, type Pdf } from './layout.ts'

/** The document's title in its metadata: what it is, its number, and "Duplikat" for a reprint. */
export const receiptTitle = (receipt: ReceiptDocument): string => {
  const kind =
    receipt.country === 'AT' ? austrianTitle(receipt).replace(/ für das Jahr \d+$/, '') : germanTitle(receipt)
  return `${kind} Nr. ${receipt.number}${receipt.duplicate ? ' (Duplikat)' : ''}`
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** `2026-01-15T09:30:00Z`: XMP's form of a date, to the second as pdfkit writes CreateDate. */
const xmpDate = (date: Date): string => `${date.toISOString().split('.')[0] ?? ''}Z`

/**
 * What pdfkit's metadata leaves out or gets wrong for PDF/A. It copies Title and Author into the XMP packet
 * unescaped (a club called "Sport & Spiel" would break the XML): the Info dictionary is written from the raw
 * text first, so they are escaped just before the packet is made. And PDF/A wants every Info entry in the
 * XMP too: pdfkit writes no xmp:ModifyDate for ModDate.
 */
const completeMetadata = (doc: Pdf, modified: Date): void => {
  const endMetadata = doc.endMetadata.bind(doc)
  doc.endMetadata = () => {
    const { Title, Author } = doc.info
    doc.info = {
      ...doc.info,
      ...(Title ? { Title: escapeXml(Title) } : {}),
      ...(Author ? { Author: escapeXml(Author) } : {}),
    }
    doc.appendXML(`
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <xmp:ModifyDate>${xmpDate(modified)}</xmp:ModifyDate>
        </rdf:Description>
        `)
    endMetadata()
  }
}

/** The stream's chunks as one array, once pdfkit has written the trailer. */
const collect = (doc: Pdf): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk))
    doc.on('error', reject)
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
      let at = 0
      for (const chunk of chunks) {
        bytes.set(chunk, at)
        at += chunk.length
      }
      resolve(bytes)
    })
  })

/**
 * The renderer over a pdfkit build and the font's bytes: Node's pdfkit and the package's files on the
 * server (./render-receipt.ts), pdfkit's browser build and the files as assets in the browser's mocked
 * backend (./browser-renderer.ts). The same layout and metadata either way.
 */
export const createReceiptRenderer = (deps: {
  readonly PDFDocument: typeof PDFDocument
  readonly fonts: () => Promise<ReceiptFonts>
}): ReceiptRenderer => ({
  async render(receipt) {
    const { PDFDocument } = deps
    const fonts = await deps.fonts()
    const created = new Date(receipt.createdAt)
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      pdfVersion: '1.7',
      // Level B (the look is preserved) needs no tagged structure; 2a would.
      subset: 'PDF/A-2b',
      lang: receipt.country === 'AT' ? 'de-AT' : 'de-DE',
      displayTitle: true,
      // No default font: pdfkit would otherwise load Helvetica, one of the standard 14 fonts PDF/A forbids
      // (they are never embedded). The first page waits until DejaVu is registered.
      font: '',
      autoFirstPage: false,
      // The page numbers are written when all pages are known.
      bufferPages: true,
      info: {
        Title: receiptTitle(receipt),
        Author: receipt.club.name,
        Creator: 'Vereinsportal',
        CreationDate: created,
        ModDate: created,
      },
    })
    const bytes = collect(doc)
    completeMetadata(doc, created)
    doc.registerFont(FONT.regular, fonts.regular)
    doc.registerFont(FONT.bold, fonts.bold)
    doc.font(FONT.regular)
    doc.addPage()

    const layout = new Layout(doc)
    if (receipt.country === 'AT') layoutAustrianReceipt(layout, receipt)
    else layoutGermanReceipt(layout, receipt)
    layout.pageNumbers()

    doc.end()
    return bytes
  },
})
