import { createAppLogoBodySizeMax } from '#openapi/generated/zod/app-logo/app-logo.zod.ts'
import type { LogoContentType } from '#openapi/generated/model/logoContentType.ts'
import { storageMode } from '#src/lib/config.ts'
import { detectFileKind, extensionOf, type FileKind } from '#src/lib/file-checks.ts'

/** The contract's limit for the app logo (`AppLogoInput.size`): 1 MB, as it is loaded on every page. */
export const LOGO_MAX_BYTES = createAppLogoBodySizeMax

/**
 * The portal's own server stores no SVG logo (an SVG can carry script; it checks every upload by its
 * content): with that storage the screen offers raster images only. The contract still allows SVG for
 * logos stored elsewhere (the seed's sample logo, Firebase Storage).
 */
export const SVG_LOGOS_ALLOWED = storageMode !== 'server'

export const LOGO_ACCEPT = SVG_LOGOS_ALLOWED
  ? '.png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml'
  : '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp'

const RASTER: Partial<Record<FileKind, { type: LogoContentType; extensions: readonly string[] }>> = {
  png: { type: 'image/png', extensions: ['png'] },
  jpeg: { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { type: 'image/webp', extensions: ['webp'] },
}

export type LogoCheck =
  { ok: true; contentType: LogoContentType } | { ok: false; reason: 'empty' | 'too-large' | 'type' | 'content' }

const readText = async (blob: Blob): Promise<string> =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
        reader.onerror = () => reject(reader.error ?? new Error('read failed'))
        reader.readAsText(blob)
      })

/** An SVG starts (after an optional BOM, XML declaration, comments or doctype) with an `<svg` element. */
const looksLikeSvg = async (file: Blob): Promise<boolean> => {
  const head = (await readText(file.slice(0, 2048))).replace(/^\uFEFF/, '')
  const stripped = head.replace(/<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[\s\S]*?>/gi, '').trimStart()
  return /^<svg[\s>]/i.test(stripped)
}

/**
 * PNG, JPEG, WebP or (where the storage takes it) SVG up to 1 MB (the contract's `LogoContentType` and size), checked by extension and
 * content before anything is uploaded; the backend checks the recorded type and size again.
 */
export const checkLogoFile = async (
  file: File,
  maxBytes: number = LOGO_MAX_BYTES,
  svgAllowed: boolean = SVG_LOGOS_ALLOWED,
): Promise<LogoCheck> => {
  if (file.size === 0) return { ok: false, reason: 'empty' }
  if (file.size > maxBytes) return { ok: false, reason: 'too-large' }
  const extension = extensionOf(file.name)
  if (extension === 'svg' && !svgAllowed) return { ok: false, reason: 'type' }
  if (extension === 'svg')
    return (await looksLikeSvg(file)) ? { ok: true, contentType: 'image/svg+xml' } : { ok: false, reason: 'content' }
  const byExtension = Object.values(RASTER).find((entry) => entry.extensions.includes(extension))
  if (!byExtension) return { ok: false, reason: 'type' }
  const kind = await detectFileKind(file)
  const byContent = kind ? RASTER[kind] : undefined
  if (!byContent || byContent.type !== byExtension.type) return { ok: false, reason: 'content' }
  return { ok: true, contentType: byContent.type }
}

/** Where the logo's blob goes: `app-logo/<uuid>-<name>`; the random part keeps replacements apart. */
export const logoStoragePath = (fileName: string): string => {
  const safeName =
    fileName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '_')
      .slice(-120) || 'logo'
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  return `app-logo/${random}-${safeName}`
}

/** Only blobs this screen uploaded are removed; the seeded sample logo is shared demo data. */
export const isUploadedLogo = (path: string): boolean => path.startsWith('app-logo/')
