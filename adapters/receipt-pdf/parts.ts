/** The parts both countries' receipts share: the letterhead, the duplicate mark, the signature, a page's head. */
import type { ReceiptDocument } from '#domain/receipt-document.ts'
import { addressLines } from './format.ts'
import { isPrintableImage } from './images.ts'
import { COLOR, FONT, type Layout } from './layout.ts'

/** The logo's box at the top right: wide logos take the width, tall ones the height. */
const LOGO: [number, number] = [150, 62]
/** The signature image's box, standing on the signature line. */
const SIGNATURE: [number, number] = [180, 46]

/**
 * The club's name and address at the top left (under `label`, the German template's "Aussteller …"), its
 * logo at the top right; the cursor ends below both.
 */
export const letterhead = (layout: Layout, receipt: ReceiptDocument, label: string | null = null): void => {
  const top = layout.y
  const hasLogo = isPrintableImage(receipt.club.logo)
  const logoBox: [number, number] = [LOGO[0], layout.space(LOGO[1])]
  // The address keeps clear of the logo's box.
  const textWidth = hasLogo ? layout.width - LOGO[0] - 16 : layout.width
  let y = top
  if (label) y += layout.textAt(label, layout.left, y, textWidth, { size: 7.5, color: COLOR.muted }) + layout.space(3)
  y += layout.textAt(receipt.club.name, layout.left, y, textWidth, { font: FONT.bold, size: 12 }) + layout.space(2)
  const [, ...address] = addressLines(receipt.club.address, receipt.club.address.country)
  y += layout.textAt(address.join('\n'), layout.left, y, textWidth, { size: 9.5, lineGap: 1 })
  if (hasLogo && receipt.club.logo) {
    layout.image(receipt.club.logo, layout.right - logoBox[0], top, logoBox, 'right', 'top')
    y = Math.max(y, top + logoBox[1])
  }
  layout.y = y + layout.space(10)
  layout.rule(layout.left, layout.right, layout.y)
  layout.y += layout.space(18)
}

/** "Duplikat" in a frame, its right edge at `right` and its top at `top`; returns its height. */
export const duplicateMark = (layout: Layout, right: number, top: number): number => {
  const style = { font: FONT.bold, size: 11, color: COLOR.text } as const
  const text = 'Duplikat'
  const width = layout.widthOf(text, style) + 16
  const height = 20
  layout.box(right - width, top, width, height, COLOR.text)
  layout.textAt(text, right - width, top + 4.5, width, { ...style, align: 'center' })
  return height
}

/** The head of a further page: what the document is, its number, "Fortsetzung"; the duplicate mark. */
export const continuationHead = (layout: Layout, receipt: ReceiptDocument, title: string): void => {
  const top = layout.y
  layout.textAt(`${title} Nr. ${receipt.number} – Fortsetzung`, layout.left, top, layout.width - 90, {
    size: 9,
    color: COLOR.muted,
  })
  if (receipt.duplicate) duplicateMark(layout, layout.right, top - 4)
  layout.y = top + 22
  layout.rule(layout.left, layout.right, layout.y)
  layout.y += 12
}

/**
 * Place and date on a line at the left, the signature on a line at the right half: the club's signature
 * image standing on it (or a blank space to sign in), the signer's name and role printed below. `caption`
 * goes under the left line (the German template's "(Ort, Datum und Unterschrift des Zuwendungsempfängers)").
 */
export const signature = (layout: Layout, receipt: ReceiptDocument, placeAndDate: string, caption?: string): void => {
  const imageBox: [number, number] = [SIGNATURE[0], layout.space(SIGNATURE[1])]
  const columnWidth = layout.width / 2 - 10
  const x = layout.left + layout.width / 2 + 10
  const below =
    layout.space(3) +
    layout.measure(receipt.signature.name, { size: 9.5 }, columnWidth) +
    layout.measure(receipt.signature.role, { size: 8.5 }, columnWidth)
  const captionHeight = caption ? layout.space(3) + layout.measure(caption, { size: 7.5 }, columnWidth) : 0
  layout.ensure(imageBox[1] + layout.space(4) + Math.max(below, captionHeight))
  const top = layout.y
  const lineY = top + imageBox[1] + layout.space(4)
  // The place and date on the left, standing on a line level with the signature's.
  const placeHeight = layout.measure(placeAndDate, {}, columnWidth)
  layout.textAt(placeAndDate, layout.left, lineY - placeHeight - 1, columnWidth)
  if (isPrintableImage(receipt.signature.image) && receipt.signature.image) {
    layout.image(receipt.signature.image, x, top, imageBox, 'left', 'bottom')
  }
  layout.rule(layout.left, layout.left + columnWidth, lineY)
  layout.rule(x, layout.right, lineY)
  let y = lineY + layout.space(3)
  y += layout.textAt(receipt.signature.name, x, y, columnWidth, { size: 9.5 })
  y += layout.textAt(receipt.signature.role, x, y, columnWidth, { size: 8.5, color: COLOR.muted })
  // The caption under the left line: it names both lines, as the template's does.
  if (caption) {
    layout.textAt(caption, layout.left, lineY + layout.space(3), columnWidth, { size: 7.5, color: COLOR.muted })
  }
  layout.y = Math.max(y, lineY + captionHeight) + layout.space(10)
}
