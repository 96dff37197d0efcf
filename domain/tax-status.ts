import type { ClubTaxRecord } from './records.ts'
import type { TransmissionCategory } from './tax-transmission.ts'

/*
 * A club's deductibility (Spendenbegünstigung) over time, and what it means for a donation: a donation is
 * deductible only if the club's entry on the BMF list was valid on the day it was made, so the status keeps
 * its history and every donation is judged by its own date. An administrator confirms an entry against the
 * BMF list (audited by the operation that records it); an entry nobody confirmed counts for nothing.
 * Days are ISO calendar days in Vienna (`2026-05-01`).
 */

/** One entry of the club on the BMF list, from the day it was valid to the day it was revoked (if). */
export interface DeductibilityPeriod {
  /** `SO-1158`: see `parseRegisterNumber`. */
  registerNumber: string
  category: TransmissionCategory
  validFrom: string
  /** The first day it no longer held; null while it holds. */
  revokedOn: string | null
  /** When an administrator confirmed it against the BMF list; null: "nicht bestätigt". */
  confirmedAt: string | null
}

/** Transmissions exist for donations since 2017 (§ 18 Abs. 8 EStG). */
export const FIRST_TRANSMISSION_YEAR = 2017

/** The confirmed entry in force on `day`, if any. */
export const periodOn = (history: readonly DeductibilityPeriod[], day: string): DeductibilityPeriod | null =>
  history.find(
    (period) =>
      period.confirmedAt !== null && period.validFrom <= day && (period.revokedOn === null || day < period.revokedOn),
  ) ?? null

/** Whether a donation made on `day` counts for tax: a confirmed entry held that day. */
export const isDeductibleOn = (history: readonly DeductibilityPeriod[], day: string): boolean =>
  periodOn(history, day) !== null

/** The entries as periods: what was confirmed counts; a pending change is an unconfirmed period. */
export const periodsOf = (record: ClubTaxRecord | null): DeductibilityPeriod[] =>
  (record?.entries ?? []).flatMap((entry) => [
    ...(entry.confirmed ? [{ ...entry.confirmed, confirmedAt: entry.confirmed.confirmedAt }] : []),
    ...(entry.pending ? [{ ...entry.pending, confirmedAt: null }] : []),
  ])

/** Whether a donation made on `day` to the club counts for tax: a confirmed entry held that day. */
export const clubDeductibleOn = (record: ClubTaxRecord | null, day: string): boolean =>
  isDeductibleOn(periodsOf(record), day)

/** The years a club may transmit: from 2017 to last year, never the current or a future one. */
export const mayTransmitYear = (year: number, today: string): boolean =>
  Number.isInteger(year) && year >= FIRST_TRANSMISSION_YEAR && year < Number(today.slice(0, 4))

/** The last day of February of `year`: the annual transmission of the year before is due by then. */
export const reportDueBy = (year: number): string => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return `${year}-02-${leap ? '29' : '28'}`
}

/** What the club's dashboard and the tax screen say about the status, most pressing first. */
export type TaxNotice =
  | { kind: 'report-overdue'; year: number; dueBy: string }
  | { kind: 'report-due'; year: number; dueBy: string }
  | { kind: 'lapsed'; on: string }
  | { kind: 'lapses-soon'; on: string }
  | { kind: 'unconfirmed' }

/** How long before a known revocation the dashboard warns. */
export const LAPSE_WARNING_DAYS = 30

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * The notices for `today`: last year's transmission from January until it has gone out (overdue after the
 * end of February), while the club was deductible at some point last year; a status that has lapsed or
 * lapses within 30 days; an entry waiting for an administrator's confirmation.
 */
export const taxNotices = (
  history: readonly DeductibilityPeriod[],
  /** The last year a transmission went out for (accepted or not), or null. */
  lastTransmittedYear: number | null,
  today: string,
): TaxNotice[] => {
  const notices: TaxNotice[] = []
  const lastYear = Number(today.slice(0, 4)) - 1
  const deductibleLastYear = history.some(
    (period) =>
      period.confirmedAt !== null &&
      period.validFrom <= `${lastYear}-12-31` &&
      (period.revokedOn === null || period.revokedOn > `${lastYear}-01-01`),
  )
  if (deductibleLastYear && (lastTransmittedYear ?? 0) < lastYear) {
    const dueBy = reportDueBy(lastYear + 1)
    notices.push({ kind: today > dueBy ? 'report-overdue' : 'report-due', year: lastYear, dueBy })
  }
  const current = periodOn(history, today)
  const ended = history
    .filter((period) => period.confirmedAt !== null && period.revokedOn !== null && period.revokedOn <= today)
    .map((period) => period.revokedOn!)
    .sort()
    .at(-1)
  if (!current && ended) notices.push({ kind: 'lapsed', on: ended })
  if (current?.revokedOn && current.revokedOn <= addDays(today, LAPSE_WARNING_DAYS))
    notices.push({ kind: 'lapses-soon', on: current.revokedOn })
  if (history.some((period) => period.confirmedAt === null)) notices.push({ kind: 'unconfirmed' })
  return notices
}

/** A donation as the yearly totals need it. */
export interface TaxableDonation {
  /** The consent record's reference that covers this donation, or null (no data given, withdrawn before). */
  refNr: string | null
  /** A company's donation (Betriebsausgabe): never transmitted. */
  company: boolean
  /** The day it was made (Vienna). */
  donatedOn: string
  /** Paid and not yet refunded, in cents (a partly refunded donation counts with the rest). */
  netCents: number
}

/**
 * Each consenting donor's total for a year: the donations covered by their consent, made on a day the club
 * was deductible, minus refunds. A donor whose total is nothing is left out (an earlier transmission of
 * theirs becomes a cancellation in `planTransmission`). Ordered by reference.
 */
export const yearlyTotals = (
  donations: readonly TaxableDonation[],
  history: readonly DeductibilityPeriod[],
  year: number,
): Array<{ refNr: string; totalCents: number; donationCount: number }> => {
  const totals = new Map<string, { totalCents: number; donationCount: number }>()
  for (const donation of donations) {
    if (!donation.refNr || donation.company || !donation.donatedOn.startsWith(`${year}-`)) continue
    if (!isDeductibleOn(history, donation.donatedOn) || donation.netCents <= 0) continue
    const sum = totals.get(donation.refNr) ?? { totalCents: 0, donationCount: 0 }
    totals.set(donation.refNr, { totalCents: sum.totalCents + donation.netCents, donationCount: sum.donationCount + 1 })
  }
  return [...totals]
    .map(([refNr, sum]) => ({ refNr, ...sum }))
    .sort((a, b) => a.refNr.localeCompare(b.refNr, 'en', { numeric: true }))
}
