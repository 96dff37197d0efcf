/**
 * The server's receipt renderer (issue 24): pdfkit's Node build and the DejaVu files read from their
 * package. The layout and metadata are ./renderer.ts's; decision 49.
 */
import PDFDocument from 'pdfkit'
import { receiptFonts } from './fonts.ts'
import { createReceiptRenderer } from './renderer.ts'

export { receiptTitle } from './renderer.ts'

export const pdfkitReceiptRenderer = createReceiptRenderer({ PDFDocument, fonts: receiptFonts })
