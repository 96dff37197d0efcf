import { t } from '@lingui/core/macro'
import type { FieldError } from '#openapi/generated/model/fieldError.ts'
import { MAX_AGE_YEARS, MIN_AGE_YEARS, postalCodeExample, type BirthDateCheck } from '#checks/input-checks.ts'

/**
 * The German messages of the shared input checks (src/lib/input-checks.ts): what the forms say next to a
 * field, and what they show for the same finding of the backend (by the field error's `code`). Functions,
 * so the text is looked up when a check fails, after the catalogue is active.
 */

export const forbiddenCharactersMessage = () =>
  t`Bitte entfernen Sie Steuerzeichen und unsichtbare Richtungszeichen (z. B. aus kopiertem Text).`

/** For a postal code that does not fit `country`. */
export const postalCodeMessage = (country: string): string => {
  if (country === 'AT') return t`Bitte geben Sie eine österreichische Postleitzahl mit 4 Ziffern ein (z. B. 5400).`
  if (country === 'DE') return t`Bitte geben Sie eine deutsche Postleitzahl mit 5 Ziffern ein (z. B. 80331).`
  const example = postalCodeExample(country)
  return example
    ? t`Diese Postleitzahl passt nicht zum gewählten Land (z. B. ${example}).`
    : t`Bitte geben Sie eine gültige Postleitzahl ein.`
}

export const birthDateMessage = (check: Exclude<BirthDateCheck, 'ok'>): string =>
  check === 'too-young'
    ? t`Die Kontaktperson muss mindestens ${MIN_AGE_YEARS} Jahre alt sein.`
    : t`Die Kontaktperson kann nicht älter als ${MAX_AGE_YEARS} Jahre sein. Bitte prüfen Sie das Geburtsdatum.`

/** 409 `zvr-taken`, at the ZVR field of the registration and the profile. */
export const zvrTakenMessage = () => t`Ein Verein mit dieser ZVR-Zahl ist bereits registriert`

/**
 * A password on the backend's list of common ones (field error code `common_password`; the reset form
 * checks the list itself before the provider sets the password).
 */
export const commonPasswordMessage = () =>
  t`Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.`

/**
 * The German message for a field error the backend found, by its `code`, or undefined where only a
 * generic "please check" fits.
 */
export const fieldErrorMessage = (error: FieldError): string | undefined => {
  switch (error.code) {
    case 'invalid_characters':
      return forbiddenCharactersMessage()
    case 'invalid_postal_code':
      return t`Diese Postleitzahl passt nicht zum Land.`
    case 'too_young':
      return birthDateMessage('too-young')
    case 'too_old':
      return birthDateMessage('too-old')
    case 'common_password':
      return commonPasswordMessage()
    case 'taken':
      return error.field.endsWith('zvrNumber') ? zvrTakenMessage() : undefined
    default:
      return undefined
  }
}
