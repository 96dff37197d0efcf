import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import { todayIso } from '#src/lib/format.ts'

const shiftMonths = (day: string, months: number): string => {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, month - 1 + months, 1))
  return date.toISOString().slice(0, 10)
}

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
