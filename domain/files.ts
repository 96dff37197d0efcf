/**
 * Files the backend keeps (the self-hosted server's disk): where a caller may write and read, what each
 * place takes (checked by content, never by name alone), the lifecycle of an upload (staged, claimed by
 * the record that uses it, released when the record goes) and signed links that read a file without a
 * token. The transports move the bytes; every decision is made here.
 *
 * Storage paths: `clubs/<clubId>/<label>/<uuid>-<name>` (a club's images and documents, the label one of
 * the contract's `ImageLabel`/`DocumentLabel`) and `app-logo/<uuid>-<name>` (the portal's logo). The
 * contract's `UploadPath` pattern already excludes `..`, absolute paths and other folders; `storageArea`
 * checks again, so no caller of these rules depends on the schema alone. A record's path (the contract's
 * looser `StoragePath`) is checked the same way, whole, and must be the record's own place:
 * `checkFilePlace`, for the club's images and documents and the app logo, in both backends.
 */
import { API_PREFIX } from '#openapi/generated/operations.ts'
import { createAppLogoBodySizeMax } from '#openapi/generated/zod/app-logo/app-logo.zod.ts'
import { addClubDocumentBodySizeMax, addClubImageBodySizeMax } from '#openapi/generated/zod/clubs/clubs.zod.ts'
import { DocumentLabel } from '#openapi/generated/model/documentLabel.ts'
import { ImageLabel } from '#openapi/generated/model/imageLabel.ts'
import type { FileLink } from '#openapi/generated/model/fileLink.ts'
import type { UploadedFile } from '#openapi/generated/model/uploadedFile.ts'
import { CONTENT_TYPES, SIGNATURE_MAX_BYTES, kindOfBytes, kindOfExtension } from '#checks/file-kind.ts'
import type { FileKind as ContentKind } from '#checks/file-kind.ts'
import type { AccessScope } from './access.ts'
import { requireClubRight } from './club-rights.ts'
import { getClub } from './common.ts'
import { defineOperations, json, noContent, requireCaller } from './operation.ts'
import type { ApiResponse, Caller, OperationContext } from './operation.ts'
import type { BlobContent, BlobInfo, ClaimResult, Ports, ReceivedUpload } from './ports.ts'
import { invalidField, notFound, problem } from './problem.ts'
import type { ProblemError } from './problem.ts'
import type { FileKind, FileLabel } from './records.ts'
import { isoInstant } from './time.ts'

// ------------------------------------------------------------------------------------------ places

export type StorageArea =
  | { readonly kind: 'club'; readonly clubId: string; readonly label: FileLabel; readonly fileKind: FileKind }
  | { readonly kind: 'app-logo' }

const IMAGE_LABELS = new Set<string>(Object.values(ImageLabel))
const DOCUMENT_LABELS = new Set<string>(Object.values(DocumentLabel))
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

/**
 * What a storage path names, or null for a path outside the storage's places. The whole path is checked,
 * not a prefix: no `..`, `.` or empty segment (so no absolute path and no `//`), and only ASCII letters,
 * digits, `.`, `_` and `-` in a segment, so no backslash, no percent-encoding (`%2e%2e`, `%2f`), no
 * control or look-alike Unicode characters that a store or a later decoding could read as a separator.
 */
export const storageArea = (path: string): StorageArea | null => {
  if (path.length === 0 || path.length > 300) return null
  const segments = path.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null
  const name = segments[segments.length - 1]!
  if (!FILE_NAME.test(name)) return null
  if (segments.length === 2 && segments[0] === 'app-logo') return { kind: 'app-logo' }
  if (segments.length !== 4 || segments[0] !== 'clubs' || !SEGMENT.test(segments[1]!)) return null
  const label = segments[2]!
  if (IMAGE_LABELS.has(label))
    return { kind: 'club', clubId: segments[1]!, label: label as FileLabel, fileKind: 'IMAGE' }
  if (DOCUMENT_LABELS.has(label))
    return { kind: 'club', clubId: segments[1]!, label: label as FileLabel, fileKind: 'DOCUMENT' }
  return null
}

const areaOrProblem = (path: string): StorageArea => {
  const area = storageArea(path)
  if (!area)
    throw invalidField(
      'path',
      'Must be clubs/<clubId>/<label>/<name> or app-logo/<name>, without `..` or empty segments.',
      'invalid_path',
    )
  return area
}

/** Where a record's file must lie: its club's folder under the record's label, or the app logo's folder. */
export type FilePlace =
  { readonly kind: 'club'; readonly clubId: string; readonly label: FileLabel } | { readonly kind: 'app-logo' }

/**
 * Whether a record's path, checked whole (`storageArea`), is the record's own place: the club of the
 * request (never another club's folder) under the record's label, or `app-logo/` for the portal's logo.
 */
export const isFilePlace = (path: string, place: FilePlace): boolean => {
  const area = storageArea(path)
  if (area === null) return false
  return place.kind === 'club'
    ? area.kind === 'club' && area.clubId === place.clubId && area.label === place.label
    : area.kind === 'app-logo'
}

/** What `path` must look like for `place` (the validation message). */
export const filePlaceRule = (place: FilePlace): string =>
  `Must be ${place.kind === 'club' ? `clubs/${place.clubId}/${place.label}/<name>` : 'app-logo/<name>'}: inside that folder, without \`..\`, empty segments or characters other than letters, digits, \`.\`, \`_\` and \`-\`.`

/** `isFilePlace`, or a validation problem on `path`. */
export const checkFilePlace = (path: string, place: FilePlace): void => {
  if (!isFilePlace(path, place)) throw invalidField('path', filePlaceRule(place), 'invalid_path')
}

/** The file name at the end of a path, without the random part the client puts in front. */
export const displayName = (path: string): string =>
  (path.split('/').pop() ?? 'datei').replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '')

// ------------------------------------------------------------------------------------------ rules

export interface UploadRule {
  /** The kinds of content the place takes. */
  readonly kinds: readonly ContentKind[]
  readonly maxBytes: number
}

/** The contract's limits: `ImageReference`, `DocumentReference`, `AppLogoInput`; legitimation scans JPEG only. */
export const uploadRule = (area: StorageArea): UploadRule => {
  if (area.kind === 'app-logo') return { kinds: ['png', 'jpeg', 'webp'], maxBytes: createAppLogoBodySizeMax }
  if (area.label === 'LEGITIMATION_FRONT' || area.label === 'LEGITIMATION_BACK')
    return { kinds: ['jpeg'], maxBytes: addClubImageBodySizeMax }
  // What a receipt's PDF/A can embed (no WebP), and small: every receipt carries it again.
  if (area.label === 'SIGNATURE') return { kinds: ['jpeg', 'png'], maxBytes: SIGNATURE_MAX_BYTES }
  if (area.fileKind === 'IMAGE') return { kinds: ['jpeg', 'png', 'webp'], maxBytes: addClubImageBodySizeMax }
  return { kinds: ['pdf', 'jpeg', 'png'], maxBytes: addClubDocumentBodySizeMax }
}

/** The largest upload any place takes: what a transport may read before it knows the place. */
export const MAX_UPLOAD_BYTES = Math.max(addClubImageBodySizeMax, addClubDocumentBodySizeMax, createAppLogoBodySizeMax)

/** Who may write (upload, discard) at a place: administrators anywhere, a club's members in its folder. */
export const mayWrite = (caller: Caller, area: StorageArea): boolean =>
  caller.user.role === 'ROLE_ADMIN' || (area.kind === 'club' && caller.clubIds.has(area.clubId))

/** Who may read by link: administrators and staff anywhere, a club's members in its folder. */
export const mayRead = (caller: Caller, area: StorageArea): boolean =>
  caller.user.role === 'ROLE_ADMIN' ||
  caller.user.role === 'ROLE_STAFF' ||
  (area.kind === 'club' && caller.clubIds.has(area.clubId))

/**
 * The signature signs the club's donation receipts: only a member who may manage the club's money writes
 * it (403 `club-right-missing`), as only they may record it (domain/clubs.ts); administrators may.
 */
const requireWriteRight = async (ctx: OperationContext, area: StorageArea): Promise<void> => {
  if (area.kind === 'club' && area.label === 'SIGNATURE') await requireClubRight(ctx, area.clubId, 'money')
}

/** The club a path names must exist (404), also for administrators, whose role skips the scope. */
const assertPlaceExists = async (ports: Ports, area: StorageArea): Promise<void> => {
  if (area.kind === 'club') await getClub(ports, area.clubId)
}

/** `CLUB_MEMBER` of the club a path names (an unknown club is a 404); app-logo paths name no club. */
const pathScope = async (ports: Ports, path: string): Promise<AccessScope> => {
  const area = areaOrProblem(path)
  return area.kind === 'club' ? { clubId: (await getClub(ports, area.clubId)).id } : {}
}

const contentTypeOnly = (header: string): string => header.split(';')[0]!.trim().toLowerCase()

/**
 * The content check of an upload: the size limit, then the name (its extension must be a kind the place
 * takes), then the bytes (they must be what the extension says, and what a specific `Content-Type` says).
 * Returns the content type to store: the one the bytes show.
 */
export const checkUpload = (path: string, upload: Pick<ReceivedUpload, 'size' | 'head' | 'declaredType'>): string => {
  const area = areaOrProblem(path)
  const rule = uploadRule(area)
  if (upload.size === 0) throw invalidField('body', 'The file is empty.', 'too_small')
  if (upload.size > rule.maxBytes) throw problem('payload-too-large', `The file is larger than ${rule.maxBytes} bytes.`)
  const named = kindOfExtension(path)
  if (!named || !rule.kinds.includes(named)) {
    throw problem(
      'file-type-not-allowed',
      `This place takes ${rule.kinds.map((kind) => CONTENT_TYPES[kind]).join(', ')} (by name and content).`,
    )
  }
  const found = kindOfBytes(upload.head)
  if (found !== named) {
    throw problem(
      'file-content-mismatch',
      `The name says ${CONTENT_TYPES[named]}, the content is ${found ? CONTENT_TYPES[found] : 'something else'}.`,
    )
  }
  const declared = contentTypeOnly(upload.declaredType)
  if (declared !== '' && declared !== 'application/octet-stream' && declared !== CONTENT_TYPES[found]) {
    throw problem('file-content-mismatch', `Content-Type says ${declared}, the content is ${CONTENT_TYPES[found]}.`)
  }
  return CONTENT_TYPES[found]
}

/** The problem for a record that names a blob the store cannot vouch for. */
const claimProblem = (result: Exclude<ClaimResult, 'claimed'>): ProblemError => {
  switch (result) {
    case 'missing':
      return invalidField('path', 'Nothing was uploaded to this path (or the upload was removed).', 'not_uploaded')
    case 'size-differs':
      return invalidField('size', 'Differs from the size of the uploaded file.', 'size_mismatch')
    case 'type-differs':
      return invalidField('contentType', 'Differs from the type of the uploaded file’s content.', 'type_mismatch')
    case 'in-use':
      return problem('in-use', 'Another record uses the file at this path already.')
  }
}

/** A record starts to use the blob at `path` (in the record's transaction): refuses what was not uploaded. */
export const claimBlob = async (
  ports: Ports,
  now: number,
  file: { path: string; size: number; contentType: string },
): Promise<void> => {
  const result = await ports.fileBlobs.claim(file.path, { size: file.size, contentType: file.contentType }, now)
  if (result !== 'claimed') throw claimProblem(result)
}

/** A record no longer uses `path`: the blob goes once the transaction has committed. */
export const releaseBlob = (ports: Ports, path: string): Promise<void> => ports.fileBlobs.release(path)

// ------------------------------------------------------------------------------------------ links

/** How long a signed link is valid: at least this long, up to LINK_BUCKET_SECONDS more. */
export const LINK_LIFETIME_SECONDS = 60 * 60
/** Expiries are rounded up to this, so repeated asks give the same URL and browsers can cache the file. */
const LINK_BUCKET_SECONDS = 5 * 60

const linkText = (path: string, expires: number): string => `${path}\n${expires}`

/** When a link asked for at `now` (epoch ms) expires, epoch seconds. */
const linkExpiry = (now: number): number =>
  Math.ceil((Math.floor(now / 1000) + LINK_LIFETIME_SECONDS) / LINK_BUCKET_SECONDS) * LINK_BUCKET_SECONDS

/**
 * A link to a stored file: straight from the store when it offers one (an object store's signed URL),
 * else the backend's own signed `downloadFile` URL. A direct link carries the type, disposition and
 * caching decided here; it is the same for all asks within LINK_BUCKET_SECONDS (it counts from a fixed
 * start and names a fixed expiry), so a browser can cache the file as with the backend's links.
 */
const fileLink = async (
  ctx: OperationContext,
  blob: BlobInfo,
  area: StorageArea,
): Promise<{ url: string; expires: number }> => {
  const blobs = ctx.ports.fileBlobs
  if (!blobs.directLink) return signedFileUrl(ctx, blob.path)
  const expires = linkExpiry(ctx.now)
  const url = await blobs.directLink(
    blob.path,
    {
      contentType: blob.contentType,
      contentDisposition: contentDisposition(blob.path, dispositionOf(area)),
      cacheControl: 'private',
      expires: new Date(expires * 1000).toUTCString(),
    },
    { from: expires - LINK_LIFETIME_SECONDS - LINK_BUCKET_SECONDS, until: expires },
  )
  return { url, expires }
}

/** `Content-Disposition` of a stored file: the name without its random part, ASCII and UTF-8. */
const contentDisposition = (path: string, disposition: 'inline' | 'attachment'): string => {
  const name = displayName(path)
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_')
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * A link to the stored file at `path` that works without a token until `expires` (epoch seconds), on the
 * backend the request reached (`downloadFile`).
 */
export const signedFileUrl = async (ctx: OperationContext, path: string): Promise<{ url: string; expires: number }> => {
  const expires = linkExpiry(ctx.now)
  const signature = await ctx.ports.fileBlobs.sign(linkText(path, expires))
  const search = new URLSearchParams({ path, expires: String(expires), signature })
  return { url: `${ctx.request.origin}${apiPrefixOf(ctx.request.path)}/storage/file?${search.toString()}`, expires }
}

/**
 * The headers every stored file is sent with by the backend: no sniffing, no script, nothing to frame or
 * follow. A direct link from an object store carries only type, disposition and caching (`fileLink`).
 */
export const fileHeaders = (blob: BlobContent, disposition: 'inline' | 'attachment', cache: string) => ({
  'Content-Type': blob.contentType,
  'Content-Length': String(blob.size),
  'Content-Disposition': contentDisposition(blob.path, disposition),
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-site',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': cache,
})

/** The body of an answer that is a stored file; each transport sends `blob.content` in its way. */
export class FileBody {
  readonly blob: BlobContent
  constructor(blob: BlobContent) {
    this.blob = blob
  }
}

const fileResponse = (blob: BlobContent, disposition: 'inline' | 'attachment', cache: string): ApiResponse => ({
  status: 200,
  body: new FileBody(blob),
  headers: fileHeaders(blob, disposition, cache),
})

/** Documents are downloaded, never shown in the portal's origin; images (checked by content) may show inline. */
const dispositionOf = (area: StorageArea): 'inline' | 'attachment' =>
  area.kind === 'club' && area.fileKind === 'DOCUMENT' ? 'attachment' : 'inline'

/** The API's base path as this request reached it (…/api/backend/v1). */
const apiPrefixOf = (requestPath: string): string => {
  const at = requestPath.indexOf(API_PREFIX)
  return at < 0 ? '' : requestPath.slice(0, at + API_PREFIX.length)
}

// ------------------------------------------------------------------------------------------ operations

export const fileOperations = defineOperations({
  uploadFile: {
    scope: (ports, { query }) => pathScope(ports, query.path),
    /**
     * Up to the point where the bytes are needed: authentication, access and the place. The server runs
     * this before it reads a body, so a caller without access never sends 10 MB; its answer is the place's
     * rule (what the transport may read).
     */
    preflight: async (ctx, { query }) => {
      const area = areaOrProblem(query.path)
      if (!mayWrite(requireCaller(ctx), area)) throw problem('forbidden', 'You may not write to this folder.')
      await assertPlaceExists(ctx.ports, area)
      await requireWriteRight(ctx, area)
      return json(200, uploadRule(area))
    },
    run: async (ctx, { query }) => {
      const area = areaOrProblem(query.path)
      if (!mayWrite(requireCaller(ctx), area)) throw problem('forbidden', 'You may not write to this folder.')
      await assertPlaceExists(ctx.ports, area)
      await requireWriteRight(ctx, area)
      const upload = ctx.request.body as ReceivedUpload | undefined
      if (!upload || typeof upload !== 'object' || !('head' in upload))
        throw invalidField('body', 'The file is empty.', 'too_small')
      const contentType = checkUpload(query.path, upload)
      if (!(await ctx.ports.fileBlobs.stage(query.path, upload, contentType, ctx.now)))
        throw problem('in-use', 'A file is stored at this path already; upload to a new path.')
      const stored: UploadedFile = {
        path: query.path,
        size: upload.size,
        contentType: contentType as UploadedFile['contentType'],
      }
      return json(201, stored)
    },
  },

  discardUpload: {
    scope: (ports, { query }) => pathScope(ports, query.path),
    run: async (ctx, { query }) => {
      const area = areaOrProblem(query.path)
      if (!mayWrite(requireCaller(ctx), area)) throw problem('forbidden', 'You may not write to this folder.')
      await requireWriteRight(ctx, area)
      const blob = await ctx.ports.fileBlobs.get(query.path)
      if (!blob) throw notFound('Upload', query.path)
      if (blob.claimed) throw problem('in-use', 'A record uses this file; delete the record instead.')
      await releaseBlob(ctx.ports, query.path)
      return noContent()
    },
  },

  getFileLink: {
    scope: (ports, { query }) => pathScope(ports, query.path),
    run: async (ctx, { query }) => {
      const area = areaOrProblem(query.path)
      if (!mayRead(requireCaller(ctx), area)) throw problem('forbidden', 'You may not read this folder.')
      const blob = await ctx.ports.fileBlobs.get(query.path)
      if (!blob) throw notFound('File', query.path)
      const { url, expires } = await fileLink(ctx, blob, area)
      const link: FileLink = {
        url,
        expiresAt: isoInstant(expires * 1000),
        path: blob.path,
        size: blob.size,
        contentType: blob.contentType as FileLink['contentType'],
      }
      return json(200, link)
    },
  },

  downloadFile: {
    run: async ({ ports, now }, { query }) => {
      const area = areaOrProblem(query.path)
      const valid =
        query.expires * 1000 > now &&
        (await ports.fileBlobs.verify(linkText(query.path, query.expires), query.signature))
      if (!valid) throw problem('forbidden', 'The link is invalid or has expired; ask for a new one.')
      const blob = await ports.fileBlobs.open(query.path)
      if (!blob) throw notFound('File', query.path)
      const maxAge = Math.max(0, query.expires - Math.floor(now / 1000))
      return fileResponse(blob, dispositionOf(area), `private, max-age=${maxAge}`)
    },
  },

  getAppLogoFile: {
    run: async ({ ports }, { query }) => {
      const area = areaOrProblem(query.path)
      const logo = await ports.appLogo.get()
      if (area.kind !== 'app-logo' || !logo || logo.path !== query.path) throw notFound('App logo', query.path)
      const blob = await ports.fileBlobs.open(query.path)
      if (!blob) throw notFound('App logo', query.path)
      // The URL names one logo for good (a new logo has a new path): it may be cached for a while.
      return fileResponse(blob, 'inline', 'public, max-age=3600')
    },
  },
})
