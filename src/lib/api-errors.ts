import { t } from '@lingui/core/macro'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiConnectionError, ApiError, ApiTimeoutError, REAUTHENTICATION_REQUIRED } from '#src/api/client.ts'
import { fieldErrorMessage } from './input-messages.ts'
import { toast } from './toast.ts'

/**
 * The kind of a backend problem (`user-exists`, `validation`, `token-expired`, …: the last segment of the
 * problem `type`), or undefined for anything that is not a backend error. Screens choose their German
 * message by kind and status, never by parsing the English `detail`.
 */
export const problemKind = (error: unknown): string | undefined => (error instanceof ApiError ? error.kind : undefined)

export const problemStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined

/**
 * The German message for a change that needed a recent sign-in the person did not confirm (they cancelled
 * "Bitte bestätigen Sie Ihre Anmeldung"), or undefined for any other failure. Screens show it instead of
 * their generic "Fehler beim …": nothing is broken, nothing was saved.
 */
export const notReauthenticatedMessage = (error: unknown): string | undefined =>
  problemKind(error) === REAUTHENTICATION_REQUIRED
    ? t`Die Änderung wurde nicht gespeichert: Die Anmeldung wurde nicht bestätigt.`
    : undefined

/**
 * The German message for a request the backend refused because this client tried too often (429
 * `too-many-requests`: registration, invitation acceptance, sign-in; docs/decisions/0013), or undefined
 * for any other failure.
 */
export const tooManyRequestsMessage = (error: unknown): string | undefined =>
  problemStatus(error) === 429 || problemKind(error) === 'too-many-requests'
    ? t`Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.`
    : undefined

/**
 * Whether a request failed on the way, not at the backend: the connection broke (`ApiConnectionError`) or
 * no answer came in time (`ApiTimeoutError`). A problem answer (4xx, 5xx) is not such a failure.
 */
export const isConnectionFailure = (error: unknown): boolean =>
  error instanceof ApiConnectionError || error instanceof ApiTimeoutError

/**
 * The German message for a save whose request failed on the way (see `isConnectionFailure`), or undefined
 * for any other failure. It says that what was typed is still there: the forms keep their values on every
 * failure, and a person who lost the connection wants to know before typing it all again.
 */
export const connectionFailedMessage = (error: unknown): string | undefined => {
  if (error instanceof ApiTimeoutError) {
    return t`Die Verbindung zum Server ist fehlgeschlagen: Er hat nicht rechtzeitig geantwortet. Ihre Eingaben bleiben erhalten. Bitte versuchen Sie es erneut.`
  }
  if (error instanceof ApiConnectionError) {
    return t`Die Verbindung zum Server ist fehlgeschlagen. Ihre Eingaben bleiben erhalten. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.`
  }
  return undefined
}

/**
 * The toast of a save that failed: the form's own title ("Fehler beim Erstellen der Kampagne", spec §8),
 * and, when the connection failed, why and that nothing typed is lost. The one place every form that saves
 * reports a failure it has no more specific message for.
 */
export const toastSaveFailure = (title: string, error: unknown): void => {
  const description = connectionFailedMessage(error)
  toast.error(title, description ? { description } : undefined)
}

/**
 * Puts the backend's per-field validation errors (`Problem.errors[].field`, dotted paths) next to the
 * matching form fields: the form's own message for the error's `code` (`byCode`) where it has one, else the
 * German message of the code where there is one (src/lib/input-messages.ts: characters, postal code, birth
 * date), else the given one. Returns true when at least one field was marked, so the caller can skip the
 * generic toast.
 */
export const applyServerFieldErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  message: string,
  byCode: Readonly<Partial<Record<string, string>>> = {},
): boolean => {
  if (!(error instanceof ApiError)) return false
  const known = new Set<string>(fields)
  let marked = false
  for (const fieldError of error.problem?.errors ?? []) {
    if (known.has(fieldError.field)) {
      setError(fieldError.field as Path<T>, {
        type: 'server',
        message:
          (fieldError.code === undefined ? undefined : byCode[fieldError.code]) ??
          fieldErrorMessage(fieldError) ??
          message,
      })
      marked = true
    }
  }
  return marked
}
