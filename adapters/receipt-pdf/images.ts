/**
 * Which logo and signature images a receipt can show. PDF/A-2b with pdfkit's sRGB output intent allows
 * grey and RGB images, not CMYK ones (a CMYK JPEG would need a CMYK output intent, and pdfkit writes
 * DeviceCMYK for it). Anything else pdfkit cannot read at all. Such an image is left out rather than
 * failing the receipt: the club's name stands in the letterhead, the signer's name under the line.
 */

const isPng = (bytes: Uint8Array) =>
  bytes.length > 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47

/** The number of colour components of a JPEG (from its first start-of-frame segment), or null. */
const jpegComponents = (bytes: Uint8Array): number | null => {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header, components at offset 9.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return bytes[at + 9] ?? null
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)
    at += 2 + length
  }
  return null
}

/** True for a PNG, and for a grey or RGB JPEG. */
export const isPrintableImage = (bytes: Uint8Array | null): bytes is Uint8Array => {
  if (!bytes) return false
  if (isPng(bytes)) return true
  const components = jpegComponents(bytes)
  return components === 1 || components === 3
}
