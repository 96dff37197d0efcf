import { t } from '@lingui/core/macro'
import type { UseFormSetError } from 'react-hook-form'
import type { FieldError } from '#openapi/generated/model/fieldError.ts'
import { ApiError } from '#src/api/client.ts'
import { problemKind, problemStatus, tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { fieldErrorMessage } from '#src/lib/input-messages.ts'
import { formatCents } from '#src/lib/format.ts'
import { receiptAddressFieldOf, receiptAddressRequiredMessages } from '#src/lib/receipt-address.ts'
import {
  SERVER_FIELD_TO_FORM,
  donorBirthDateMessage,
  taxRequiredMessages,
  type DonationFormField,
  type DonationFormInput,
} from './schemas.ts'

/**
 * Whether the backend refused the donor's tax data because the club is not (or no longer) deductible: 409
 * `invalid-transition` of `createDonationCheckout` (the campaign was loaded while its entry held).
 */
export const isTaxConflict = (error: unknown): boolean =>
  problemStatus(error) === 409 && problemKind(error) === 'invalid-transition'

/**
 * What the donation form says when the checkout could not start. Whatever the failure, the form keeps what
 * the donor typed: the message says what to do, and sending again is one click.
 */
export const checkoutFailureMessage = (error: unknown): string => {
  if (isTaxConflict(error)) {
    return t`Spenden an diesen Verein sind derzeit nicht steuerlich absetzbar. Es wurde nichts abgebucht. Wählen Sie „Nicht absetzen“, wenn Sie trotzdem spenden möchten; Ihre Angaben bleiben erhalten.`
  }
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
 * The donor's data for the tax office, in the donor's words: the birth date's age limits (the shared
 * messages speak of a club's contact person), a missing or empty name as the Meldezettel has it.
 */
const taxFieldMessage = (field: DonationFormField, error: FieldError): string | undefined => {
  if (field === 'tax.birthDate' && error.code === 'too_young') return donorBirthDateMessage('too-young')
  if (field === 'tax.birthDate' && error.code === 'too_old') return donorBirthDateMessage('too-old')
  if (error.code !== 'required' && error.code !== 'too_small') return undefined
  switch (field) {
    case 'tax.firstName':
      return taxRequiredMessages.firstName()
    case 'tax.lastName':
      return taxRequiredMessages.lastName()
    case 'tax.birthDate':
      return taxRequiredMessages.birthDate()
    case 'tax.scope':
      return taxRequiredMessages.scope()
    default:
      return undefined
  }
}

/** The receipt's name and address: an empty one (`too_small`, e.g. only invisible characters) as the form says it. */
const receiptFieldMessage = (field: DonationFormField, error: FieldError): string | undefined => {
  const receiptField = receiptAddressFieldOf(field, 'receipt')
  if (!receiptField || (error.code !== 'required' && error.code !== 'too_small')) return undefined
  return receiptAddressRequiredMessages[receiptField]()
}

/**
 * Puts the backend's field errors of a 400 (`Problem.errors`) next to the matching fields, the first one
 * focused; a 409 about the tax data goes to the choice "Spende steuerlich absetzen". Returns true when at
 * least one field was marked.
 */
export const applyCheckoutFieldErrors = (
  error: unknown,
  setError: UseFormSetError<DonationFormInput>,
  minimumCents: number,
): boolean => {
  if (isTaxConflict(error)) {
    // No focus: the alert below the form takes it and says what to do.
    setError('tax.choice', {
      type: 'server',
      message: t`Diese Spende kann derzeit nicht steuerlich abgesetzt werden.`,
    })
    return false
  }
  if (!(error instanceof ApiError) || error.status !== 400) return false
  let marked = false
  for (const fieldError of error.problem?.errors ?? []) {
    const field = SERVER_FIELD_TO_FORM[fieldError.field]
    if (!field) continue
    const minimum = formatCents(minimumCents)
    const message =
      taxFieldMessage(field, fieldError) ??
      receiptFieldMessage(field, fieldError) ??
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
