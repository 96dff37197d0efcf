/**
 * How the receipts print days, amounts and addresses. Written out rather than through `Intl.NumberFormat`:
 * ICU's de-AT groups thousands with a no-break space in some versions and a dot in others, and the same
 * receipt must give the same bytes on every machine.
 */
import type { ReceiptAddress } from '#domain/receipt-document.ts'

/** `YYYY-MM-DD` → `dd.mm.yyyy`, as both countries write a day. */
export const germanDate = (day: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`)
  return `${match[3]}.${match[2]}.${match[1]}`
}

/** Cents as `1.234,56`: a dot between thousands, a comma before the cents. */
export const groupedAmount = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+$)/g, '.')
  return `${sign}${euros},${String(absolute % 100).padStart(2, '0')}`
}

/** Austria writes the sign first: `€ 1.234,56` (with a no-break space, so that a line never splits it). */
export const austrianEuro = (cents: number): string => `€\u00a0${groupedAmount(cents)}`

/** Germany writes it after the amount: `1.234,56 €`. */
export const germanEuro = (cents: number): string => `${groupedAmount(cents)}\u00a0€`

const regionNames = new Intl.DisplayNames(['de'], { type: 'region' })

/** The country's German name ("Deutschland", "Österreich"); the code itself when ICU knows none. */
export const countryName = (code: string): string => {
  try {
    return regionNames.of(code.toUpperCase()) ?? code
  } catch {
    return code // not a region code ICU accepts
  }
}

/** An address as lines: name, street, postal code and city, and the country when it is not `home`'s. */
export const addressLines = (address: ReceiptAddress, home: string): string[] => [
  address.name,
  address.street,
  `${address.postalCode} ${address.city}`.trim(),
  ...(address.country.toUpperCase() === home.toUpperCase() ? [] : [countryName(address.country)]),
]
