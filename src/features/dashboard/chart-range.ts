import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import { GetDonationStatsOfClubQueryParams } from '#openapi/generated/zod/donations/donations.zod.ts'
import { todayIso } from '#src/lib/format.ts'

const shiftMonths = (day: string, months: number): string => {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, month - 1 + months, 1))
  return date.toISOString().slice(0, 10)
}

const shiftYears = (day: string, years: number): string => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`

export interface ChartRange {
  groupBy: DonationGrouping
  from: string
  to: string
}

/** The chart shows the last twelve months by month unless the URL says otherwise. */
export const defaultChartRange = (now: Date = new Date()): ChartRange => {
  const to = todayIso(now)
  return { groupBy: 'MONTH', from: shiftMonths(to, -11), to }
}

/**
 * The range the chart shows: what the URL says (`cGroup`, `cFrom`, `cTo`), the rest from the default. The
 * loader (to ask for the chart's data before the screen renders) and the dashboard use the same function,
 * so both ask for the same query.
 */
export const chartRangeOf = (
  search: { cGroup?: DonationGrouping | undefined; cFrom?: string | undefined; cTo?: string | undefined },
  fallback: ChartRange = defaultChartRange(),
): ChartRange => ({
  groupBy: search.cGroup ?? fallback.groupBy,
  from: search.cFrom ?? fallback.from,
  to: search.cTo ?? fallback.to,
})

/** The backend sums at most three years at once (see the contract of `getDonationStatsOfClub`). */
export const MAX_CHART_YEARS = 3

const { from, to } = GetDonationStatsOfClubQueryParams.shape

/** The chart's date range form: both days required, "bis" not before "von", at most three years. */
export const chartRangeSchema = z.object({ from, to }).check(
  z.superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: t`Das Bis-Datum darf nicht vor dem Von-Datum liegen.` })
    } else if (shiftYears(value.from, MAX_CHART_YEARS) < value.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: t`Der Zeitraum darf höchstens drei Jahre umfassen.` })
    }
  }),
)

export type ChartRangeValues = z.infer<typeof chartRangeSchema>
