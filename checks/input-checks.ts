/**
 * Input checks shared by the forms (a good experience) and the backend (the decision, domain/): postal
 * codes by country, the plausible age of a person, and text without control characters or bidirectional
 * overrides. Pure and dependency-free, with only erasable TypeScript syntax: the mock HTTP server loads
 * the domain, and so this file, with plain Node.
 */

// ------------------------------------------------------------------------------------------ postal codes

/**
 * Postal code formats of the countries the portal's clubs and their billing addresses are usually in
 * (Universal Postal Union formats, as people write them). Countries not listed only get the contract's
 * generic check (`PostalCode`: up to 10 letters, digits, spaces or dashes).
 */
const POSTAL_CODE_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  AT: { pattern: /^[1-9][0-9]{3}$/, example: '5400' },
  BE: { pattern: /^[1-9][0-9]{3}$/, example: '1000' },
  CH: { pattern: /^[1-9][0-9]{3}$/, example: '8001' },
  CZ: { pattern: /^[1-7][0-9]{2} ?[0-9]{2}$/, example: '110 00' },
  DE: { pattern: /^[0-9]{5}$/, example: '80331' },
  DK: { pattern: /^[1-9][0-9]{3}$/, example: '1050' },
  ES: { pattern: /^(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}$/, example: '28001' },
  FR: { pattern: /^[0-9]{5}$/, example: '75001' },
  HR: { pattern: /^[1-5][0-9]{4}$/, example: '10000' },
  HU: { pattern: /^[1-9][0-9]{3}$/, example: '1051' },
  IT: { pattern: /^[0-9]{5}$/, example: '39100' },
  LI: { pattern: /^94(8[5-9]|9[0-9])$/, example: '9490' },
  LU: { pattern: /^(L-)?[0-9]{4}$/, example: '1111' },
  NL: { pattern: /^[1-9][0-9]{3} ?[A-Z]{2}$/, example: '1012 AB' },
  PL: { pattern: /^[0-9]{2}-[0-9]{3}$/, example: '00-950' },
  PT: { pattern: /^[1-9][0-9]{3}-[0-9]{3}$/, example: '1000-001' },
  SE: { pattern: /^[1-9][0-9]{2} ?[0-9]{2}$/, example: '111 22' },
  SI: { pattern: /^[1-9][0-9]{3}$/, example: '1000' },
  SK: { pattern: /^[089][0-9]{2} ?[0-9]{2}$/, example: '811 01' },
}

/** The contract's generic `PostalCode` (countries without a known format, or none chosen yet). */
const GENERIC_POSTAL_CODE = /^[0-9A-Za-z][0-9A-Za-z -]{1,9}$/

/**
 * The country of a club address that names none, and of every registration (contract: `Address`,
 * `RegistrationClub.address`); the profile may record a seat in Germany (`Address.country`).
 */
export const CLUB_ADDRESS_COUNTRY = 'AT'

/** As people type it: surrounding spaces go, letters are upper-cased (`1012 ab` → `1012 AB`). */
export const normalizePostalCode = (value: string): string => value.trim().replace(/\s+/g, ' ').toUpperCase()

/** Whether the country has a known format (then `isValidPostalCode` holds it to that format). */
export const hasPostalCodeFormat = (country: string): boolean => country in POSTAL_CODE_FORMATS

/** An example of a valid postal code of the country, for messages ("z. B. 5400"), or undefined. */
export const postalCodeExample = (country: string): string | undefined => POSTAL_CODE_FORMATS[country]?.example

/**
 * Whether `value` (normalized first) is a postal code of `country` (ISO 3166-1 alpha-2): by the country's
 * format where the table knows it (Austria 4 digits, Germany 5, …), else by the generic check.
 */
export const isValidPostalCode = (country: string, value: string): boolean => {
  const code = normalizePostalCode(value)
  const format = POSTAL_CODE_FORMATS[country]
  return format ? format.pattern.test(code) : GENERIC_POSTAL_CODE.test(code)
}

// ------------------------------------------------------------------------------------------ birth dates

/** The legitimation's contact person is at least 14 (the card provider's minimum) and at most 120. */
export const MIN_AGE_YEARS = 14
export const MAX_AGE_YEARS = 120

/** Full years between two ISO days (`yyyy-mm-dd`): the age on `today` of someone born on `birthDate`. */
export const ageOn = (birthDate: string, today: string): number => {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4))
  // Not yet had the birthday this year (a 29 February birthday counts from 1 March in other years).
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years
}

export type BirthDateCheck = 'ok' | 'too-young' | 'too-old'

/** Whether a person born on `birthDate` is between MIN_AGE_YEARS and MAX_AGE_YEARS old on `today`. */
export const checkBirthDate = (birthDate: string, today: string): BirthDateCheck => {
  const age = ageOn(birthDate, today)
  return age < MIN_AGE_YEARS ? 'too-young' : age > MAX_AGE_YEARS ? 'too-old' : 'ok'
}

// ------------------------------------------------------------------------------------------ characters

/**
 * C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), the bidirectional embeddings and
 * overrides (U+202A–U+202E) and isolates (U+2066–U+2069): invisible, and able to make a name read
 * differently from what it is ("Trojan Source"). Multiline text keeps line breaks and tabs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/

/** Whether `text` holds a character no text field takes (line breaks and tabs are fine in `multiline`). */
export const hasForbiddenCharacters = (text: string, multiline = false): boolean =>
  (multiline ? FORBIDDEN_IN_MULTILINE : FORBIDDEN).test(text)

/**
 * Request fields whose text may span lines (the form shows a text area), by the last segment of their
 * path: a club's and a campaign's `description` and `shortDescription`, the `reason` of a deactivation
 * or a rejected payment account, and the `content` of an imported text file (a CSV, a protocol).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['description', 'shortDescription', 'reason', 'content'])

/**
 * Request fields the character check leaves alone: passwords are never shown, and every character makes
 * them stronger.
 */
export const UNCHECKED_TEXT_FIELDS: ReadonlySet<string> = new Set(['password'])

/**
 * Characters that take no room on screen: soft hyphen, Mongolian vowel separator, zero-width space,
 * non-joiner and joiner, word joiner, zero-width no-break space. Fine inside a name (a joiner binds an
 * emoji), but a name made only of them reads as empty and must be refused like one.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060\uFEFF]/g

/** `text` as a reader sees it: without the characters that take no room (for length checks, comparisons). */
export const visibleText = (text: string): string => text.replace(INVISIBLE, '')
