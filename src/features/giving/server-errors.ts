import { t } from '@lingui/core/macro'
import type { UseFormSetError } from 'react-hook-form'
import { ApiError } from '#src/api/client.ts'
import { problemKind, problemStatus, tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { fieldErrorMessage } from '#src/lib/input-messages.ts'
import { formatCents } from '#src/lib/format.ts'
import { SERVER_FIELD_TO_FORM, type DonationFormInput } from './schemas.ts'

/**
 * What the donation form says when the checkout could not start. Whatever the failure, the form keeps what
 * the donor typed: the message says what to do, and sending again is one click.
 */
export const checkoutFailureMessage = (error: unknown): string => {
  if (problemKind(error) === 'campaign-closed' || problemStatus(error) === 409) {
    return t`Diese Kampagne nimmt gerade keine Spenden an. Es wurde nichts abgebucht; Ihre Angaben bleiben erhalten, falls Sie es später erneut versuchen möchten.`
  }
  if (problemStatus(error) === 404) return t`Diese Kampagne gibt es nicht mehr. Es wurde nichts abgebucht.`
  if (problemStatus(error) === 400) return t`Bitte prüfen Sie Ihre Angaben.`
  return (
    tooManyRequestsMessage(error) ??
    t`Die Zahlung konnte gerade nicht gestartet werden. Es wurde nichts abgebucht. Bitte versuchen Sie es in einem Moment erneut.`
  )
}

/**
 * Puts the backend's field errors of a 400 (`Problem.errors`) next to the matching fields, the first one
 * focused. Returns true when at least one field was marked.
 */
export const applyCheckoutFieldErrors = (
  error: unknown,
  setError: UseFormSetError<DonationFormInput>,
  minimumCents: number,
): boolean => {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  let marked = false
  for (const fieldError of error.problem?.errors ?? []) {
    const field = SERVER_FIELD_TO_FORM[fieldError.field]
    if (!field) continue
    const minimum = formatCents(minimumCents)
    const message =
      fieldErrorMessage(fieldError) ??
      (field === 'amount'
        ? t`Die Mindestspende für diese Kampagne beträgt ${minimum}.`
        : field === 'email'
          ? t`Bitte geben Sie eine gültige E-Mail-Adresse ein.`
          : t`Bitte prüfen Sie diese Angabe.`)
    setError(field, { type: 'server', message }, { shouldFocus: !marked })
    marked = true
  }
  return marked
}
