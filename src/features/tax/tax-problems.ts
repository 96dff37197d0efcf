import { t } from '@lingui/core/macro'
import { ApiError } from '#src/api/client.ts'
import { connectionFailedMessage, problemKind, problemStatus } from '#src/lib/api-errors.ts'

/**
 * The German meaning of what the backend refused on the tax screen. The problem's `detail` is English (for
 * logs); the screen picks its message by kind and status, and by what it knows of the year.
 */

/** 403: the person's club role may not manage the club's money (or they are no member). */
export const noMoneyRightMessage = () =>
  t`Ihre Rolle im Verein erlaubt das nicht. Die Steuer-Übersicht bearbeiten Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`

/** 403 and the connection, the cases every action of the screen shares; null for the others. */
export const commonFailure = (error: unknown): string | null => {
  if (problemKind(error) === 'club-right-missing' || problemStatus(error) === 403) return noMoneyRightMessage()
  return connectionFailedMessage(error) ?? null
}

/**
 * Why an imported file was refused, for the message under the file input: the backend's finding on
 * `content` (400 `validation`: its message is German for a file it cannot read, "Die Datei enthält keine
 * Spalte LAUFNR."), a protocol of another club's file, a file too large for a request (413).
 */
export const importRefusal = (error: unknown): string | null => {
  if (problemStatus(error) === 413)
    return t`Die Datei ist zu groß. Teilen Sie sie auf und importieren Sie die Teile nacheinander.`
  if (!(error instanceof ApiError) || problemKind(error) !== 'validation') return null
  const finding = error.problem?.errors?.find((fieldError) => fieldError.field === 'content')
  if (!finding) return t`Die Datei wurde nicht angenommen. Bitte prüfen Sie, ob es die richtige Datei ist.`
  switch (finding.code) {
    case 'unknown_message':
      return t`Das Protokoll gehört zu keiner Übermittlungsdatei dieses Vereins. Bitte prüfen Sie, ob es die richtige Datei ist.`
    case 'unreadable':
      // Said by the backend in German: which column or element is missing.
      return finding.message
    default:
      return t`Die Datei ist leer oder zu groß. Bitte wählen Sie eine andere Datei.`
  }
}
