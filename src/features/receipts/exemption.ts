import type { GermanExemptionKind } from '#openapi/generated/model/germanExemptionKind.ts'

/**
 * How long a German exemption notice carries receipts (§ 63 Abs. 5 AO), as the backend decides it
 * (domain/receipts.ts): five years from the notice's day for a Freistellungsbescheid, three for a
 * § 60a AO notice; on the anniversary itself it still may. The screen warns before the backend refuses.
 */
export const EXEMPTION_YEARS: Readonly<Record<GermanExemptionKind, number>> = {
  FREISTELLUNGSBESCHEID: 5,
  FEST_60A: 3,
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The day `years` after `day`; 29 February becomes 28 February in a year without it. */
const addYears = (day: string, years: number): string => {
  const year = Number(day.slice(0, 4)) + years
  const monthDay = day.slice(5)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`
}

/** The last day a notice of `issuedOn` carries receipts, or null while no valid day is entered. */
export const exemptionLastDay = (kind: GermanExemptionKind, issuedOn: string): string | null =>
  ISO_DAY.test(issuedOn) ? addYears(issuedOn, EXEMPTION_YEARS[kind]) : null

/** Whether the notice is too old for receipts issued `today` (false while no valid day is entered). */
export const exemptionTooOld = (kind: GermanExemptionKind, issuedOn: string, today: string): boolean => {
  const lastDay = exemptionLastDay(kind, issuedOn)
  return lastDay !== null && today > lastDay
}
