import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { TaxYearSummary } from '#openapi/generated/model/taxYearSummary.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { cn } from '#src/lib/cn.ts'
import { formatCents, formatNumber } from '#src/lib/format.ts'
import { yearStatus } from '#src/features/tax/labels.ts'
import { ScrollTable } from '#src/components/ui/scroll-table.tsx'

/** Whether any year has a consenting donor: before that the screen has nothing to transmit. */
export const hasDonations = (years: readonly TaxYearSummary[]): boolean => years.some((year) => year.donorCount > 0)

/**
 * The years at a glance, newest first: donors, their sum, what the next production file would carry,
 * donors without a vbPK and records the tax office rejected. Each year is a link that keeps the choice in
 * the URL (`?year=`), so the year's details below follow it and a reload shows the same.
 */
export const TaxYearsCard = ({
  clubId,
  years,
  selected,
}: {
  clubId: string
  years: readonly TaxYearSummary[]
  selected: number | undefined
}) => {
  const { t } = useLingui()
  return (
    <Card aria-labelledby="tax-years-title">
      <CardHeader
        id="tax-years-title"
        title={t`Jahre`}
        description={t`Spenden mit Einwilligung zur Übermittlung an das Finanzamt, je Kalenderjahr.`}
      />
      <CardBody>
        {hasDonations(years) ? (
          <ScrollTable label={t`Jahre, Tabelle`}>
            <caption className="sr-only">{t`Jahre mit Spenden, die für die Steuer zählen`}</caption>
            <TableHead>
              <TableRow>
                <TableHeaderCell>
                  <Trans>Jahr</Trans>
                </TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <Trans>Spender:innen</Trans>
                </TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <Trans>Summe</Trans>
                </TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <Trans>offen</Trans>
                </TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <Trans>ohne vbPK</Trans>
                </TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <Trans>abgelehnt</Trans>
                </TableHeaderCell>
                <TableHeaderCell>
                  <Trans>Status</Trans>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {years.map((summary) => {
                const current = summary.year === selected
                const year = String(summary.year)
                return (
                  <TableRow key={summary.year} className={cn(current && 'bg-brand-50')}>
                    <th scope="row" className="px-3 py-2 text-left font-semibold">
                      <Link
                        to="/steuer/$clubId"
                        params={{ clubId }}
                        search={{ year: summary.year }}
                        resetScroll={false}
                        // The router marks the link of the URL shown ("page"); the year shown by default
                        // (none in the URL) is marked here.
                        aria-current={current ? 'true' : undefined}
                        aria-label={t`Jahr ${year} anzeigen`}
                        // At least 24 px high (WCAG 2.5.8).
                        className="inline-flex min-h-6 items-center text-brand-800 underline underline-offset-2"
                      >
                        {year}
                      </Link>
                    </th>
                    <TableCell className="text-right tabular-nums">{formatNumber(summary.donorCount)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatCents(summary.totalCents)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(summary.open)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(summary.withoutVbpk)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(summary.rejected)}</TableCell>
                    <TableCell>
                      <StatusBadge status={yearStatus(summary)} />
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </ScrollTable>
        ) : (
          <EmptyState title={t`Noch keine Spenden mit Einwilligung`}>
            <Trans>
              Sobald Spender:innen bei einer Spende der Übermittlung an das Finanzamt zustimmen (mit Vor- und Nachnamen
              und Geburtsdatum), erscheinen ihre Spenden hier nach Jahren.
            </Trans>
          </EmptyState>
        )}
      </CardBody>
    </Card>
  )
}
