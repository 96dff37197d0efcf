/**
 * The receipts' font: DejaVu Sans and DejaVu Sans Bold from the `dejavu-fonts-ttf` package (Bitstream Vera
 * licence, free to embed and redistribute). PDF/A wants every font embedded, which rules out pdfkit's
 * standard 14 fonts; DejaVu has umlauts, ß, €, §, the en dash and the ballot boxes ☐ ☒ the German template
 * uses. Read once per process from the package, never from the system: the same bytes on every machine.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import type { ReceiptFonts } from './fonts-type.ts'

let fonts: Promise<ReceiptFonts> | null = null

const load = async (): Promise<ReceiptFonts> => {
  const require = createRequire(import.meta.url)
  const file = (name: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))
  const [regular, bold] = await Promise.all([file('DejaVuSans.ttf'), file('DejaVuSans-Bold.ttf')])
  return { regular, bold }
}

export const receiptFonts = (): Promise<ReceiptFonts> => {
  fonts ??= load().catch((error: unknown) => {
    fonts = null // a failed read is tried again on the next receipt
    throw error
  })
  return fonts
}
