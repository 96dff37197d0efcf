import { t } from '@lingui/core/macro'
import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import { formatMonthYear, formatShortDate } from '#src/lib/format.ts'

const DAY_MS = 86_400_000
const utc = (day: string): number => Date.parse(`${day}T00:00:00Z`)

/** ISO 8601 week number and week-year of a calendar day (`2026-01-01` → 2026-W01, `2027-01-01` → 2026-W53). */
export const isoWeek = (day: string): { week: number; year: number } => {
  const date = new Date(utc(day))
  const weekday = (date.getUTCDay() + 6) % 7 // Monday = 0
  // The Thursday of the same week decides the week-year.
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS)
  const year = thursday.getUTCFullYear()
  const firstThursday = Date.UTC(year, 0, 4)
  const firstWeekday = (new Date(firstThursday).getUTCDay() + 6) % 7
  const week1Monday = firstThursday - firstWeekday * DAY_MS
  return { week: Math.floor((thursday.getTime() - week1Monday) / (7 * DAY_MS)) + 1, year }
}

/**
 * What a bucket of the donation chart is called in tables, tooltips and the text summary
 * (`periodStart` is the bucket's first day): "03.05.2026", "KW 18/2026 (ab 27.04.2026)", "Mai 2026".
 */
export const bucketLabel = (periodStart: string, groupBy: DonationGrouping): string => {
  switch (groupBy) {
    case 'DAY':
      return formatShortDate(periodStart)
    case 'WEEK': {
      const { week, year } = isoWeek(periodStart)
      const start = formatShortDate(periodStart)
      return t`KW ${week}/${year} (ab ${start})`
    }
    case 'MONTH':
      return formatMonthYear(periodStart)
  }
}

/** The short axis label: "03.05.", "KW 18", "05/26". */
export const bucketTick = (periodStart: string, groupBy: DonationGrouping): string => {
  const [year, month, day] = periodStart.split('-')
  switch (groupBy) {
    case 'DAY':
      return `${day}.${month}.`
    case 'WEEK': {
      const { week } = isoWeek(periodStart)
      return t`KW ${week}`
    }
    case 'MONTH':
      return `${month}/${year?.slice(2)}`
  }
}

/**
 * The amount axis of the donation chart, in cents: 0 and a few round steps of whole euros (1, 2, 2.5 or 5
 * times a power of ten; 2.5 only from €25 up) up to at least `maxCents`. An empty chart (nothing above 0)
 * gets the single tick 0: Recharts' own ticks would repeat "€ 0" five times there, and steps below one
 * euro would repeat labels once they are written in whole euros.
 */
export const amountAxisTicks = (maxCents: number, targetSteps = 4): number[] => {
  if (!(maxCents > 0)) return [0]
  const roughEuros = maxCents / 100 / targetSteps
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(roughEuros, 1)))
  const factors = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10]
  const stepEuros = Math.max(1, (factors.find((factor) => factor * magnitude >= roughEuros) ?? 10) * magnitude)
  const step = Math.round(stepEuros * 100)
  const top = Math.ceil(maxCents / step) * step
  const ticks: number[] = []
  for (let value = 0; value <= top; value += step) ticks.push(value)
  return ticks
}
