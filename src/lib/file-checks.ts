/**
 * Checks a chosen file before it is uploaded: the name's extension, the content's magic bytes and the
 * size limit of the contract. A file renamed to `.jpg` is refused because its bytes say otherwise: the card
 * provider that verifies the legitimation scans accepts real JPEGs only, and a wrong file found there is
 * found weeks later. The backend checks the recorded type too; this is for a good experience.
 */
import { addClubDocumentBodySizeMax, addClubImageBodySizeMax } from '#openapi/generated/zod/clubs/clubs.zod.ts'
import {
  CONTENT_TYPES,
  EXTENSIONS,
  SIGNATURE_MAX_BYTES,
  extensionOf,
  kindOfBytes,
  type FileKind,
} from '#checks/file-kind.ts'

export { CONTENT_TYPES, EXTENSIONS, extensionOf, kindOfBytes, type FileKind }

/** Reads only the first bytes, so a 10 MB file is not loaded into memory for the check. */
const readHead = async (blob: Blob, length = 16): Promise<Uint8Array> => {
  const head = blob.slice(0, length)
  // FileReader works in every browser and in test DOMs that lack Blob.arrayBuffer.
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer())
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsArrayBuffer(head)
  })
}

/** The kind the content says, or null for anything else (text, another format, empty). */
export const detectFileKind = async (blob: Blob): Promise<FileKind | null> => kindOfBytes(await readHead(blob))

export interface FileRule {
  /** The kinds accepted, by extension and by content. */
  kinds: readonly FileKind[]
  maxBytes: number
}

/** Legitimation scans: JPEG only (spec §3, §5, §9), up to the contract's image limit (10 MB). */
export const LEGITIMATION_SCAN_RULE: FileRule = { kinds: ['jpeg'], maxBytes: addClubImageBodySizeMax }
/** Club images (logo, gallery): the contract's `ImageReference` types and limit. */
export const IMAGE_RULE: FileRule = { kinds: ['jpeg', 'png', 'webp'], maxBytes: addClubImageBodySizeMax }
/** The receipts' signature image (`SIGNATURE`): what a receipt's PDF/A embeds (no WebP), and small. */
export const SIGNATURE_RULE: FileRule = { kinds: ['jpeg', 'png'], maxBytes: SIGNATURE_MAX_BYTES }
/** Club documents: the contract's `DocumentReference` types and limit. */
export const DOCUMENT_RULE: FileRule = { kinds: ['pdf', 'jpeg', 'png'], maxBytes: addClubDocumentBodySizeMax }

/** The `accept` attribute for a file input: the file dialog offers the right files first (not a check). */
export const acceptAttribute = (rule: FileRule): string =>
  rule.kinds.flatMap((kind) => [...EXTENSIONS[kind].map((extension) => `.${extension}`), CONTENT_TYPES[kind]]).join(',')

export type FileCheckFailure = 'empty' | 'too-large' | 'extension' | 'content'

export type FileCheckResult =
  { ok: true; kind: FileKind; contentType: string } | { ok: false; reason: FileCheckFailure }

/**
 * Checks in the order a person can fix things: empty, too large, wrong extension, then content that does
 * not match an accepted kind or does not match its own extension (a PNG named `.jpg`).
 */
export const checkFile = async (file: File, rule: FileRule): Promise<FileCheckResult> => {
  if (file.size === 0) return { ok: false, reason: 'empty' }
  if (file.size > rule.maxBytes) return { ok: false, reason: 'too-large' }
  const extension = extensionOf(file.name)
  const byExtension = rule.kinds.find((kind) => EXTENSIONS[kind].includes(extension))
  if (!byExtension) return { ok: false, reason: 'extension' }
  const byContent = await detectFileKind(file)
  if (byContent !== byExtension) return { ok: false, reason: 'content' }
  return { ok: true, kind: byContent, contentType: CONTENT_TYPES[byContent] }
}

/** `10485760` → `10 MB` (binary megabytes, as the contract counts). */
export const formatMegabytes = (bytes: number): string =>
  `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.', ',')

/** A human size for file lists: bytes, KB or MB, German decimal comma. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return formatMegabytes(bytes)
}
