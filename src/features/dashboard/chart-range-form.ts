import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import { GetDonationStatsOfClubQueryParams } from '#openapi/generated/zod/donations/donations.zod.ts'

// The chart's range form, apart from chart-range.ts: the route and the loader need the range, not zod,
// which loads with the chart's section below the first screen.

const shiftYears = (day: string, years: number): string => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`

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
