import { zodResolver } from '@hookform/resolvers/zod'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useGetDonationStatsOfClub } from '#src/api/generated/query/endpoints/donations/donations.ts'
import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import type { DonationStats } from '#openapi/generated/model/donationStats.ts'
import { Button } from '#src/components/ui/button.tsx'
import { DateRangeFields } from '#src/components/ui/date-range-fields.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { formatCents, formatDate, formatNumber } from '#src/lib/format.ts'
import { useRenderLater } from '#src/lib/use-render-later.ts'
import { bucketLabel } from '#src/features/dashboard/chart-labels.ts'
import type { ChartRange } from '#src/features/dashboard/chart-range.ts'
import { chartRangeSchema, type ChartRangeValues } from '#src/features/dashboard/chart-range-form.ts'
import { statsParams } from '#src/features/dashboard/dashboard-queries.ts'
import { loadDonationChart } from './lazy-parts.ts'

// Recharts is big (about a third of the dashboard's code): it loads and draws when the chart comes near the
// viewport or the browser is idle, never with the first screen. The summary and the table carry the same
// figures meanwhile.
const DonationChart = lazy(() => loadDonationChart().then((module) => ({ default: module.DonationChart })))

interface DonationChartSectionProps {
  clubId: string
  range: ChartRange
  onRangeChange: (range: ChartRange) => void
}

/** A sentence that says what the chart shows, for everybody who does not see it. */
const useSummary = (stats: DonationStats | undefined): string | null => {
  const { t } = useLingui()
  if (!stats) return null
  const total = stats.buckets.reduce((sum, bucket) => sum + bucket.amountCents, 0)
  const count = stats.buckets.reduce((sum, bucket) => sum + bucket.count, 0)
  const from = formatDate(stats.from)
  const to = formatDate(stats.to)
  const amount = formatCents(total)
  const donations = formatNumber(count)
  if (count === 0) return t`Vom ${from} bis ${to} sind keine Spenden eingegangen.`
  const best = stats.buckets.reduce((top, bucket) => (bucket.amountCents > top.amountCents ? bucket : top))
  const bestLabel = bucketLabel(best.periodStart, stats.groupBy)
  const bestAmount = formatCents(best.amountCents)
  return plural(count, {
    one: `Vom ${from} bis ${to} ist ${amount} aus # Spende eingegangen. Der stärkste Zeitraum war ${bestLabel} mit ${bestAmount}.`,
    other: `Vom ${from} bis ${to} sind ${amount} aus ${donations} Spenden eingegangen. Der stärkste Zeitraum war ${bestLabel} mit ${bestAmount}.`,
  })
}

/** Spec §2: the chart of donations over time, grouped by day, week or month over a chosen range. */
export const DonationChartSection = ({ clubId, range, onRangeChange }: DonationChartSectionProps) => {
  const { t } = useLingui()
  const stats = useGetDonationStatsOfClub(clubId, statsParams(range), { query: { placeholderData: keepPreviousData } })
  const summary = useSummary(stats.data)
  const summaryId = useId()
  const [drawChart, chartBox] = useRenderLater()
  const chartPending = <LoadingBlock>{t`Diagramm wird geladen …`}</LoadingBlock>
  // Three years by day are over a thousand rows: the table is built only when somebody opens it.
  const [tableOpen, setTableOpen] = useState(false)

  const form = useForm<ChartRangeValues>({
    resolver: zodResolver(chartRangeSchema),
    defaultValues: { from: range.from, to: range.to },
  })
  const { register, handleSubmit, reset, formState } = form
  useEffect(() => reset({ from: range.from, to: range.to }), [range.from, range.to, reset])

  const groupings: Array<{ value: DonationGrouping; label: string }> = [
    { value: 'DAY', label: t`Tag` },
    { value: 'WEEK', label: t`Woche` },
    { value: 'MONTH', label: t`Monat` },
  ]

  return (
    <Card aria-labelledby="verlauf-title">
      <CardHeader id="verlauf-title" title={t`Spendenverlauf`} description={t`Summe der Spenden je Zeitraum.`} />
      <CardBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t`Gruppierung`}
            containerClassName="w-full sm:w-40"
            value={range.groupBy}
            options={groupings}
            onChange={(event) => onRangeChange({ ...range, groupBy: event.target.value as DonationGrouping })}
          />
          <form
            noValidate
            aria-label={t`Zeitraum des Spendenverlaufs`}
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => void handleSubmit((values) => onRangeChange({ ...range, ...values }))(event)}
          >
            <DateRangeFields
              from={register('from')}
              to={register('to')}
              errors={{ from: formState.errors.from?.message, to: formState.errors.to?.message }}
            />
            <Button type="submit" variant="secondary">
              <Trans>Zeitraum anzeigen</Trans>
            </Button>
          </form>
        </div>

        {stats.isPending ? (
          <LoadingBlock>
            <Trans>Spendenverlauf wird geladen …</Trans>
          </LoadingBlock>
        ) : stats.isError && !stats.data ? (
          <QueryError
            error={stats.error}
            title={t`Der Spendenverlauf konnte nicht geladen werden.`}
            onRetry={() => void stats.refetch()}
          />
        ) : stats.data ? (
          <>
            <p id={summaryId} className="text-slate-700" data-testid="chart-summary" aria-live="polite">
              {summary}
            </p>
            {/* The chart is one keyboard stop of its own (Recharts: the arrow keys walk the periods), named
                and described by the summary above. */}
            <div ref={chartBox} className="h-72 w-full" data-testid="donation-chart">
              {drawChart ? (
                <Suspense fallback={chartPending}>
                  <DonationChart stats={stats.data} label={t`Diagramm des Spendenverlaufs`} describedBy={summaryId} />
                </Suspense>
              ) : (
                chartPending
              )}
            </div>
            <details
              className="rounded-md border border-slate-200"
              onToggle={(event) => setTableOpen(event.currentTarget.open)}
            >
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-800">
                <Trans>Daten als Tabelle anzeigen</Trans>
              </summary>
              {tableOpen && (
                // It scrolls: keyboard users reach it to scroll it (WCAG 2.1.1), under a name.
                <div
                  className="max-h-80 overflow-y-auto"
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be a keyboard stop (axe scrollable-region-focusable)
                  tabIndex={0}
                  role="region"
                  aria-label={t`Spenden je Zeitraum, Tabelle`}
                >
                  <Table>
                    <caption className="sr-only">{t`Spenden je Zeitraum`}</caption>
                    <TableHead>
                      <TableRow>
                        <TableHeaderCell>
                          <Trans>Zeitraum</Trans>
                        </TableHeaderCell>
                        <TableHeaderCell className="text-right">
                          <Trans>Anzahl</Trans>
                        </TableHeaderCell>
                        <TableHeaderCell className="text-right">
                          <Trans>Betrag</Trans>
                        </TableHeaderCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {stats.data.buckets.map((bucket) => (
                        <TableRow key={bucket.periodStart}>
                          <TableCell>{bucketLabel(bucket.periodStart, stats.data.groupBy)}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(bucket.count)}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatCents(bucket.amountCents)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </details>
          </>
        ) : null}
      </CardBody>
    </Card>
  )
}
