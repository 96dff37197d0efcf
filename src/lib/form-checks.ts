import { z } from './zod.ts'
import { hasForbiddenCharacters, isValidPostalCode } from '#checks/input-checks.ts'
import { forbiddenCharactersMessage } from './input-messages.ts'

/**
 * The forms' side of the shared input checks (src/lib/input-checks.ts, which the backend decides with),
 * as zod pieces with the German messages of src/lib/input-messages.ts.
 */

/** A text without control characters or bidirectional overrides (`multiline`: line breaks and tabs are fine). */
export const plainText = (multiline = false) =>
  z
    .string()
    .check(z.refine((value) => !hasForbiddenCharacters(value, multiline), { error: forbiddenCharactersMessage }))

/** Whether the (trimmed) value is empty or a postal code of `country`. */
export const emptyOrPostalCode = (country: string, value: string): boolean =>
  value === '' || isValidPostalCode(country, value)
