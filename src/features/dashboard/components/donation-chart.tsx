import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { DonationStats } from '#openapi/generated/model/donationStats.ts'
import { formatCents, formatCentsShort, formatNumber } from '#src/lib/format.ts'
import { amountAxisTicks, bucketLabel, bucketTick } from '#src/features/dashboard/chart-labels.ts'

/** Past this many buckets, bars get thinner than a pixel: an area shows the course better. */
const MAX_BARS = 120
const margin = { top: 8, right: 8, bottom: 0, left: 0 }

interface Point {
  periodStart: string
  amountCents: number
  count: number
}

/**
 * The Recharts drawing of the donation stats (loaded lazily with the dashboard's chart section). The
 * section around it carries the text summary and the table alternative.
 */
export const DonationChart = ({
  stats,
  label,
  describedBy,
}: {
  stats: DonationStats
  /** The name of the chart's keyboard stop (Recharts' accessibility layer, `role="application"`). */
  label: string
  describedBy?: string
}) => {
  const { t } = useLingui()
  const data: Point[] = stats.buckets
  const tick = (value: string) => bucketTick(value, stats.groupBy)
  // Round whole-euro steps from 0 (a single "€ 0" on an empty chart), labelled as the text writes amounts.
  const amountTicks = amountAxisTicks(Math.max(0, ...data.map((point) => point.amountCents)))
  const tooltip = {
    labelFormatter: (value: unknown) => bucketLabel(String(value), stats.groupBy),
    formatter: (value: unknown, _name: unknown, item: { payload?: Point }) => {
      const count = item.payload?.count ?? 0
      const donations = formatNumber(count)
      return [
        `${formatCents(Number(value))} (${plural(count, { one: '# Spende', other: `${donations} Spenden` })})`,
        t`Betrag`,
      ]
    },
  }
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="periodStart" tickFormatter={tick} minTickGap={16} tick={{ fontSize: 12, fill: '#475569' }} />
      <YAxis
        ticks={amountTicks}
        domain={[0, Math.max(1, amountTicks.at(-1) ?? 0)]}
        interval={0}
        allowDecimals={false}
        tickFormatter={(value: number) => formatCentsShort(value)}
        width={80}
        tick={{ fontSize: 12, fill: '#475569' }}
      />
    </>
  )
  return (
    <ResponsiveContainer width="100%" height="100%">
      {data.length <= MAX_BARS ? (
        <BarChart data={data} margin={margin} aria-label={label} aria-describedby={describedBy}>
          {axes}
          <Tooltip {...tooltip} cursor={{ fill: '#f1f5f9' }} />
          <Bar dataKey="amountCents" fill="var(--color-brand-700)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      ) : (
        <AreaChart data={data} margin={margin} aria-label={label} aria-describedby={describedBy}>
          {axes}
          <Tooltip {...tooltip} />
          <Area
            dataKey="amountCents"
            type="monotone"
            stroke="var(--color-brand-700)"
            fill="var(--color-brand-200)"
            isAnimationActive={false}
          />
        </AreaChart>
      )}
    </ResponsiveContainer>
  )
}
