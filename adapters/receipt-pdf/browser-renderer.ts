/**
 * The receipt renderer of the mocked backend in the browser (decision 50): the same layout as the
 * server's (./renderer.ts) over pdfkit's browser build and the DejaVu files as Vite assets, both loaded
 * on the first receipt, so the mocked mode makes the same PDFs offline without carrying pdfkit in any
 * screen's code.
 */
import type { ReceiptRenderer } from '#domain/receipt-document.ts'
import type { ReceiptFonts } from './fonts-type.ts'

const fetchBytes = async (url: string): Promise<Uint8Array> => {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The receipt font ${url} could not be loaded (${response.status}).`)
  return new Uint8Array(await response.arrayBuffer())
}

let loaded: Promise<ReceiptRenderer> | null = null

const load = async (): Promise<ReceiptRenderer> => {
  const [pdfkit, { createReceiptRenderer }, regularUrl, boldUrl] = await Promise.all([
    import('pdfkit'),
    import('./renderer.ts'),
    import('dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url'),
    import('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url'),
  ])
  const fonts: Promise<ReceiptFonts> = Promise.all([fetchBytes(regularUrl.default), fetchBytes(boldUrl.default)]).then(
    ([regular, bold]) => ({ regular, bold }),
  )
  return createReceiptRenderer({
    PDFDocument: pdfkit.default,
    fonts: () => fonts,
  })
}

export const browserReceiptRenderer: ReceiptRenderer = {
  render: async (document) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null
      throw error
    })
    return (await loaded).render(document)
  },
}
