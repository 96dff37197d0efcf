/**
 * IBAN checks shared by the forms (a good experience) and the mocked backend (the decision).
 * Pure and dependency-free: the mock HTTP server loads this file with plain Node, so it uses only
 * erasable TypeScript syntax.
 */

/** IBAN lengths of the SEPA countries (ISO 13616 registry); other countries only get the generic checks. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
}

/** Removes spaces, dashes and dots people type or paste, and upper-cases: `at61 1904…` → `AT611904…`. */
export const normalizeIban = (value: string): string => value.replace(/[\s.-]+/g, '').toUpperCase()

/** Groups of four for display: `AT61 1904 3002 3457 3201`. */
export const formatIban = (value: string): string => normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ')

/** The ISO 7064 mod-97-10 remainder of the rearranged IBAN, computed piecewise so no big integers are needed. */
const mod97 = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    // Letters count as two digits (A = 10 … Z = 35), digits as themselves.
    const digits = code >= 65 ? String(code - 55) : char
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

/**
 * Whether the value is a valid IBAN: the format, the country's length where known and the mod-97 check
 * digits. Spaces and lower case are accepted (the value is normalised first).
 */
export const isValidIban = (value: string): boolean => {
  const iban = normalizeIban(value)
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (length !== undefined && iban.length !== length) return false
  return mod97(iban) === 1
}

/**
 * Builds a valid IBAN from a country code and a BBAN by computing the check digits, e.g. for seed data:
 * `ibanFromBban('AT', '1904300234573201')` → `AT611904300234573201`.
 */
export const ibanFromBban = (country: string, bban: string): string => {
  const upperCountry = country.toUpperCase()
  const upperBban = normalizeIban(bban)
  const check = 98 - mod97(`${upperCountry}00${upperBban}`)
  return `${upperCountry}${String(check).padStart(2, '0')}${upperBban}`
}
