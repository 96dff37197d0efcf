/**
 * What a file is, by its first bytes (magic numbers), for the four kinds the portal stores. Shared by the
 * browser's check before an upload (src/lib/file-checks.ts) and the backend's check of every upload
 * (domain/files.ts), so both sides decide alike; imports nothing, so it runs in either.
 *
 * An allow-list on purpose: anything else (SVG, HTML, executables, archives, text) is no known kind and
 * is refused where a kind is required.
 */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf'

/** The MIME type recorded with the backend for each kind (the contract's `contentType` enums). */
export const CONTENT_TYPES: Readonly<Record<FileKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
}

/** The extensions a file of each kind may carry (lower case, without the dot). */
export const EXTENSIONS: Readonly<Record<FileKind, readonly string[]>> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  pdf: ['pdf'],
}

/**
 * The largest signature image (image label `SIGNATURE`, the contract's `ImageReference`), for the browser's
 * check and the backend's alike: every receipt's PDF carries the image again and is archived for ten years,
 * and a scanned signature needs far less.
 */
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024

/** How many leading bytes `kindOfBytes` needs. */
export const FILE_KIND_HEAD_BYTES = 16

/** Magic bytes: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, PDF `%PDF-`, WebP `RIFF….WEBP`. */
const matches = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((value, index) => bytes[offset + index] === value)

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

export const kindOfBytes = (bytes: Uint8Array): FileKind | null => {
  if (matches(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (matches(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (matches(bytes, ascii('%PDF-'))) return 'pdf'
  if (matches(bytes, ascii('RIFF')) && matches(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

/** `Ausweis.JPG` → `jpg`; a name without a dot has no extension. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The kind a name's extension claims, or null for any other extension. */
export const kindOfExtension = (name: string): FileKind | null => {
  const extension = extensionOf(name)
  return (Object.keys(EXTENSIONS) as FileKind[]).find((kind) => EXTENSIONS[kind].includes(extension)) ?? null
}
