import { formatIban, normalizeIban } from '@/lib/iban'

/**
 * An IBAN as the dashboard shows it: the country and check digits and the last four characters, the rest
 * hidden, in groups of four (`AT61 **** **** **** 3201`). Enough to recognise the account, not enough to
 * copy it from a screen over someone's shoulder. Returns '' for an empty IBAN.
 */
export const maskIban = (iban: string): string => {
  const value = normalizeIban(iban)
  if (value.length <= 8) return formatIban(value)
  return formatIban(value.slice(0, 4) + '*'.repeat(value.length - 8) + value.slice(-4))
}
