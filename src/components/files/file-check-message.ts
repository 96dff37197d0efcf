import { t } from '@lingui/core/macro'
import { formatMegabytes, type FileCheckFailure, type FileKind, type FileRule } from '#src/lib/file-checks.ts'
import { StorageError } from '#src/lib/storage/file-storage.ts'

const KIND_NAMES: Readonly<Record<FileKind, string>> = { jpeg: 'JPG', png: 'PNG', webp: 'WebP', pdf: 'PDF' }

/** "JPG, PNG oder WebP" for the messages and hints. */
export const allowedKindsText = (rule: FileRule): string => {
  const names = rule.kinds.map((kind) => KIND_NAMES[kind])
  if (names.length === 1) return names[0]!
  const last = names[names.length - 1]!
  return t`${names.slice(0, -1).join(', ')} oder ${last}`
}

/** Why a chosen file was refused, in German, saying what to choose instead. */
export const fileCheckMessage = (reason: FileCheckFailure, rule: FileRule): string => {
  const maximum = formatMegabytes(rule.maxBytes)
  const jpegOnly = rule.kinds.length === 1 && rule.kinds[0] === 'jpeg'
  switch (reason) {
    case 'empty':
      return t`Die Datei ist leer. Bitte wählen Sie eine andere Datei.`
    case 'too-large':
      return t`Die Datei ist zu groß. Erlaubt sind höchstens ${maximum}.`
    case 'extension':
      return jpegOnly
        ? t`Nur .JPG-Dateien sind erlaubt. Bitte wählen Sie ein Foto oder einen Scan im JPG-Format.`
        : t`Dieser Dateityp ist nicht erlaubt. Erlaubt sind ${allowedKindsText(rule)}.`
    case 'content':
      return jpegOnly
        ? t`Die Datei ist kein echtes JPG-Bild, auch wenn sie so heißt. Nur .JPG-Dateien sind erlaubt.`
        : t`Der Inhalt der Datei passt nicht zu ihrer Endung. Erlaubt sind ${allowedKindsText(rule)}.`
  }
}

/** The hint under a file field: what may be chosen and how large. */
export const fileRuleHint = (rule: FileRule): string => {
  const maximum = formatMegabytes(rule.maxBytes)
  const kinds = allowedKindsText(rule)
  return rule.kinds.length === 1 ? t`Nur ${kinds}-Dateien, höchstens ${maximum}.` : t`${kinds}, höchstens ${maximum}.`
}

/**
 * The storage refused a file the browser's check let through (the server checks every upload by its
 * content again), or has no room for it, in German; undefined for any other failure, which the screen
 * reports in its own words.
 */
export const storageRefusalMessage = (error: unknown): string | undefined => {
  if (!(error instanceof StorageError)) return undefined
  switch (error.code) {
    case 'content-mismatch':
      return t`Der Server hat die Datei abgelehnt: Ihr Inhalt passt nicht zu ihrer Endung (zum Beispiel ein PNG-Bild, das in .jpg umbenannt wurde). Bitte wählen Sie die Originaldatei.`
    case 'type-not-allowed':
      return t`Der Server hat die Datei abgelehnt: Dieser Dateityp ist hier nicht erlaubt.`
    case 'too-large':
      return t`Der Server hat die Datei abgelehnt: Sie ist zu groß.`
    // Not the file's fault: the same file may be sent again later, so the screens keep it chosen.
    case 'quota-exceeded':
      return t`Auf dem Server ist derzeit kein Speicherplatz frei. Bitte versuchen Sie es später erneut.`
    default:
      return undefined
  }
}
