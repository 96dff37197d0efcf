/**
 * IBAN checks shared by the forms (a good experience) and the mocked backend (the decision).
 * Pure and dependency-free: the mock HTTP server loads this file with plain Node, so it uses only
 * erasable TypeScript syntax.
 */

/** IBAN lengths of the SEPA countries (ISO 13616 registry); other countries only get the generic checks. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
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

/**
 * An IBAN as screens and records show it without giving it away: grouped in fours exactly as the IBAN is
 * written, whole groups hidden (`*`), and shown only the first group (country and check digits) and the
 * last group, plus the group before it when the last one is shorter than four characters (so at least
 * four trailing characters stay visible, in their real places):
 *
 * - `AT61 1904 3002 3457 3201` → `AT61 **** **** **** 3201` (20 characters: five full groups)
 * - `DE89 3704 0044 0532 0130 00` → `DE89 **** **** **** 0130 00` (22 characters: the last group has two)
 *
 * A group is never half hidden, so the visible characters read as they do on a bank statement (never
 * `**30 00`). Returns '' for an empty value; very short values (at most two groups) are shown grouped.
 */
export const maskIban = (value: string): string => {
  const groups = formatIban(value)
    .split(' ')
    .filter((group) => group !== '')
  if (groups.length <= 2) return groups.join(' ')
  const last = groups.length - 1
  const firstShown = groups[last]!.length < 4 && last - 1 > 0 ? last - 1 : last
  return groups.map((group, index) => (index === 0 || index >= firstShown ? group : '*'.repeat(group.length))).join(' ')
}

/** An Austrian bank the portal knows by its bank code (Bankleitzahl). */
export interface KnownBank {
  /** The five-digit bank code (IBAN digits 5–9). */
  readonly code: string
  /** The bank's BIC (8 characters; a BIC with a branch code matches on these 8). */
  readonly bic: string
  readonly name: string
}

/**
 * The Austrian banks whose bank code the portal knows (the large banking groups' head institutes). Other
 * codes are fine: for them only the country of IBAN and BIC is compared.
 */
export const AUSTRIAN_BANKS: readonly KnownBank[] = [
  { code: '12000', bic: 'BKAUATWW', name: 'UniCredit Bank Austria AG' },
  { code: '14000', bic: 'BAWAATWW', name: 'BAWAG P.S.K.' },
  { code: '15000', bic: 'OBKLAT2L', name: 'Oberbank AG' },
  { code: '20111', bic: 'GIBAATWW', name: 'Erste Bank der oesterreichischen Sparkassen AG' },
  { code: '20404', bic: 'SBGSAT2S', name: 'Salzburger Sparkasse Bank AG' },
  { code: '20706', bic: 'KSPKAT2K', name: 'Kärntner Sparkasse AG' },
  { code: '20815', bic: 'STSPAT2G', name: 'Steiermärkische Bank und Sparkassen AG' },
  { code: '32000', bic: 'RLNWATWW', name: 'Raiffeisenlandesbank Niederösterreich-Wien AG' },
  { code: '34000', bic: 'RZOOAT2L', name: 'Raiffeisenlandesbank Oberösterreich' },
  { code: '36000', bic: 'RZTIAT22', name: 'Raiffeisen-Landesbank Tirol' },
  { code: '38000', bic: 'RZSTAT2G', name: 'Raiffeisen-Landesbank Steiermark' },
  { code: '43000', bic: 'VBOEATWW', name: 'Volksbank Wien AG' },
  { code: '58000', bic: 'HYPVAT2B', name: 'Hypo Vorarlberg Bank AG' },
]

const BANKS_BY_CODE: ReadonlyMap<string, KnownBank> = new Map(AUSTRIAN_BANKS.map((bank) => [bank.code, bank]))

/** The bank of an Austrian IBAN, when the portal knows its bank code; null otherwise (and for other countries). */
export const knownBankOfIban = (value: string): KnownBank | null => {
  const iban = normalizeIban(value)
  if (!iban.startsWith('AT') || !isValidIban(iban)) return null
  return BANKS_BY_CODE.get(iban.slice(4, 9)) ?? null
}

/** Removes spaces and upper-cases a BIC as people type it. */
export const normalizeBic = (value: string): string => value.replace(/\s+/g, '').toUpperCase()

/**
 * Whether IBAN and BIC can belong to one account: `country` when the BIC's country (characters 5–6) is
 * not the IBAN's, `bank` when the IBAN is Austrian with a bank code the portal knows and the BIC is another
 * bank's (compared on the first 8 characters), `ok` otherwise, and also when either is empty or invalid
 * (those have their own checks).
 */
export const bicMatchesIban = (ibanValue: string, bicValue: string): 'ok' | 'country' | 'bank' => {
  const iban = normalizeIban(ibanValue)
  const bic = normalizeBic(bicValue)
  if (!isValidIban(iban) || !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return 'ok'
  if (bic.slice(4, 6) !== iban.slice(0, 2)) return 'country'
  const bank = knownBankOfIban(iban)
  if (bank && bic.slice(0, 8) !== bank.bic) return 'bank'
  return 'ok'
}
