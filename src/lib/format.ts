/**
 * Numbers, money and dates for people. One locale for the whole product: de-AT, because the portal
 * serves Austrian clubs (ZVR numbers, SPEND 2 forms) and Austrian German writes dates and months its
 * own way ("Jänner"). Amounts travel as integer cents (see the contract) and become euros only here.
 */
export const LOCALE = 'de-AT'
export const TIME_ZONE = 'Europe/Vienna'

const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' })
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })
const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE })
const shortDate = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
})
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE })
const monthYear = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: TIME_ZONE })

/** 123456 → "€ 1.234,56" */
export const formatCents = (cents: number): string => money.format(cents / 100)

export const formatNumber = (value: number): string => integer.format(value)

/** Accepts an ISO date (`2026-05-01`) or date-time; a bare date is a calendar day, never shifted by time zone. */
const toDate = (value: string | Date): Date =>
  value instanceof Date ? value : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)

export const formatDate = (value: string | Date): string => date.format(toDate(value))
export const formatShortDate = (value: string | Date): string => shortDate.format(toDate(value))
export const formatDateTime = (value: string | Date): string => dateTime.format(toDate(value))
export const formatMonthYear = (value: string | Date): string => monthYear.format(toDate(value))

/** Euro input ("1.234,5" or "1234.50") → cents, or null when it is not an amount. */
export const parseEuroToCents = (input: string): number | null => {
  const cleaned = input.replace(/[€\s]/g, '')
  if (!cleaned) return null
  // de-AT writes "1.234,56": dots group thousands, the comma separates cents.
  const normalised = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null
  return Math.round(Number(normalised) * 100)
}

/** cents → the text an amount input shows ("1234,50"). */
export const centsToEuroInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',')
