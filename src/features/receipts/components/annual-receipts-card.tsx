import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { AnnualReceiptCandidate } from '#openapi/generated/model/annualReceiptCandidate.ts'
import {
  issueAnnualReceipt,
  useGetAnnualReceiptCandidates,
} from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { Alert, type AlertTone } from '#src/components/ui/alert.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { ScrollTable } from '#src/components/ui/scroll-table.tsx'
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { isConnectionFailure, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatCents, formatNumber } from '#src/lib/format.ts'
import { BLOCKED_REASON, refusalLabel } from '#src/features/receipts/labels.ts'
import { invalidateReceipts } from '#src/lib/receipt-cache.ts'
import { isNotPossible, noMoneyRightMessage } from '#src/features/receipts/receipt-problems.ts'
import { currentYear } from '#src/features/receipts/receipt-period.ts'
import { ProgressBar } from './progress-bar.tsx'

/** How many years back the choice goes: receipts are asked for in the first months of the next year. */
const YEARS_OFFERED = 6
const FIRST_YEAR = 2017

interface Summary {
  issued: number
  failed: Array<{ name: string; reason: string }>
  /** Donors left out because the person stopped (or the backend refused every further one). */
  skipped: number
  stopped: 'cancelled' | 'forbidden' | null
}

const candidateOpen = (candidate: AnnualReceiptCandidate): boolean => candidate.blockedReason === null

const CandidatesTable = ({ year, candidates }: { year: number; candidates: readonly AnnualReceiptCandidate[] }) => {
  const { t, i18n } = useLingui()
  const yearText = String(year)
  return (
    <ScrollTable label={t`Spender:innen ${yearText}, Tabelle`}>
      <caption className="sr-only">{t`Spender:innen ${yearText} mit Namen und Adresse und ihre Jahresbestätigung`}</caption>
      <TableHead>
        <TableRow>
          <TableHeaderCell>
            <Trans>Spender:in</Trans>
          </TableHeaderCell>
          <TableHeaderCell className="text-right">
            <Trans>Spenden</Trans>
          </TableHeaderCell>
          <TableHeaderCell className="text-right">
            <Trans>offene Summe</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Bestätigungen</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Status</Trans>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {candidates.map((candidate) => (
          <TableRow key={candidate.donorKey}>
            <th scope="row" className="min-w-44 px-3 py-2 text-left font-medium">
              {candidate.donor.name}
              <span className="block text-xs font-normal text-slate-600">
                {candidate.donor.street}, {candidate.donor.postalCode} {candidate.donor.city}
              </span>
            </th>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatNumber(candidate.donationCount)}
              <span className="block text-xs text-slate-600">
                <Trans>davon offen {formatNumber(candidate.openCount)}</Trans>
              </span>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCents(candidate.openCents)}
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {candidate.receipts.length > 0 ? (
                candidate.receipts.map((receipt) => (
                  <span key={receipt.id} className="block">
                    {receipt.number}
                  </span>
                ))
              ) : (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">
                    <Trans>keine</Trans>
                  </span>
                </>
              )}
            </TableCell>
            <TableCell className="min-w-40">
              {candidate.blockedReason === null ? (
                <Badge tone="info">
                  <Trans>offen</Trans>
                </Badge>
              ) : (
                <Badge tone="neutral">{i18n._(BLOCKED_REASON[candidate.blockedReason])}</Badge>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  )
}

/**
 * "Jahresbestätigungen ausstellen": for a year that is over, every donor who gave with a name and address
 * (and whose donations do not go to the tax office instead), what a yearly receipt would cover and why
 * none can be issued. One button issues them all, one donor after the other (a request each: the progress
 * shows, a refusal stops nothing else), and can be stopped between two donors. The donors are those listed
 * when the button was pressed; a second press while it runs does nothing.
 */
export const AnnualReceiptsCard = ({
  clubId,
  year,
  onYearChange,
}: {
  clubId: string
  year: number
  onYearChange: (year: number) => void
}) => {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const hintId = useId()
  const candidates = useGetAnnualReceiptCandidates(clubId, year)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [summary, setSummary] = useState<Summary | null>(null)
  const running = useRef(false)
  const cancelled = useRef(false)
  const [cancelling, setCancelling] = useState(false)
  const yearText = String(year)
  const lastYear = currentYear() - 1
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => lastYear - index).filter(
    (option) => option >= FIRST_YEAR,
  )
  if (!years.includes(year)) years.push(year)

  // Leaving the screen stops the run after the donor on its way.
  useEffect(
    () => () => {
      cancelled.current = true
    },
    [],
  )

  const reasonOf = (error: unknown): string =>
    isNotPossible(error)
      ? i18n._(refusalLabel(error))
      : problemStatus(error) === 404
        ? t`nicht mehr in den Spenden des Jahres`
        : isConnectionFailure(error)
          ? t`Verbindung fehlgeschlagen`
          : t`Fehler beim Ausstellen`

  const issueAll = async (open: readonly AnnualReceiptCandidate[]) => {
    // A ref, not state: a double click arrives before React has rendered the first one's progress.
    if (running.current) return
    running.current = true
    cancelled.current = false
    setCancelling(false)
    setSummary(null)
    const result: Summary = { issued: 0, failed: [], skipped: 0, stopped: null }
    setProgress({ done: 0, total: open.length })
    for (const [index, candidate] of open.entries()) {
      if (cancelled.current) {
        result.stopped = 'cancelled'
        result.skipped = open.length - index
        break
      }
      try {
        // In the background: the loading overlay must not cover the cancel button.
        await issueAnnualReceipt(clubId, year, { donorKey: candidate.donorKey }, { background: true })
        result.issued += 1
      } catch (error) {
        if (problemKind(error) === 'club-right-missing' || problemStatus(error) === 403) {
          // Every further donor would be refused alike.
          result.stopped = 'forbidden'
          result.skipped = open.length - index
          break
        }
        result.failed.push({ name: candidate.donor.name, reason: reasonOf(error) })
      }
      setProgress({ done: index + 1, total: open.length })
    }
    running.current = false
    setProgress(null)
    setSummary(result)
    await invalidateReceipts(queryClient, clubId)
  }

  const summaryAlert = (result: Summary): { tone: AlertTone; text: string } => {
    const issued = formatNumber(result.issued)
    const parts = [t`${issued} ausgestellt`]
    if (result.failed.length > 0) {
      const count = formatNumber(result.failed.length)
      const names = result.failed.map(({ name, reason }) => `${name} (${reason})`).join(', ')
      parts.push(t`${count} nicht möglich: ${names}`)
    }
    if (result.stopped === 'cancelled') {
      const skipped = formatNumber(result.skipped)
      parts.push(
        plural(result.skipped, {
          one: 'abgebrochen, # nicht bearbeitet',
          other: `abgebrochen, ${skipped} nicht bearbeitet`,
        }),
      )
    }
    if (result.stopped === 'forbidden') return { tone: 'error', text: `${parts.join(', ')}. ${noMoneyRightMessage()}` }
    const tone = result.failed.length > 0 || result.stopped ? 'warning' : 'success'
    return { tone, text: `${parts.join(', ')}.` }
  }

  const open = candidates.data?.filter(candidateOpen) ?? []
  const shownSummary = summary && summaryAlert(summary)

  return (
    <Card aria-labelledby="annual-receipts-title">
      <CardHeader
        id="annual-receipts-title"
        title={t`Jahresbestätigungen ausstellen`}
        description={t`Eine Bestätigung je Spender:in über alle Spenden eines abgeschlossenen Jahres, die noch keine Bestätigung haben.`}
      />
      <CardBody className="flex flex-col gap-4">
        <SelectField
          label={t`Jahr`}
          containerClassName="w-full sm:w-44"
          value={String(year)}
          disabled={progress !== null}
          options={years.map((option) => ({ value: String(option), label: String(option) }))}
          onChange={(event) => {
            setSummary(null)
            onYearChange(Number(event.target.value))
          }}
        />
        {candidates.isError ? (
          <QueryError
            error={candidates.error}
            title={t`Die Spender:innen des Jahres konnten nicht geladen werden.`}
            messages={{ forbidden: noMoneyRightMessage() }}
            onRetry={() => void candidates.refetch()}
          />
        ) : !candidates.data ? (
          <LoadingBlock>
            <Trans>Spender:innen {yearText} werden geladen …</Trans>
          </LoadingBlock>
        ) : candidates.data.length === 0 ? (
          <EmptyState title={t`${yearText} hat niemand mit Namen und Adresse für eine Bestätigung gespendet.`} />
        ) : (
          <CandidatesTable year={year} candidates={candidates.data} />
        )}
        {progress ? (
          <div className="flex flex-wrap items-center gap-3" role="status">
            <ProgressBar label={t`Jahresbestätigungen ${yearText}`} done={progress.done} total={progress.total} />
            <Button
              variant="ghost"
              size="sm"
              disabled={cancelling}
              onClick={() => {
                cancelled.current = true
                setCancelling(true)
              }}
            >
              {cancelling ? <Trans>Wird abgebrochen …</Trans> : <Trans>Abbrechen</Trans>}
            </Button>
          </div>
        ) : (
          candidates.data && (
            <div className="flex flex-col items-start gap-2">
              <Button disabled={open.length === 0} aria-describedby={hintId} onClick={() => void issueAll(open)}>
                <Trans>Jahresbestätigungen {yearText} ausstellen</Trans>
              </Button>
              <p id={hintId} className="text-sm text-slate-600">
                {open.length === 0 ? (
                  <Trans>Für {yearText} ist keine Jahresbestätigung offen.</Trans>
                ) : (
                  <Plural
                    value={open.length}
                    one="Für # Spender:in wird eine Bestätigung ausgestellt, nacheinander."
                    other={`Für ${formatNumber(open.length)} Spender:innen wird je eine Bestätigung ausgestellt, nacheinander.`}
                  />
                )}
              </p>
            </div>
          )
        )}
        <div aria-live="polite">
          {shownSummary && (
            <Alert tone={shownSummary.tone} role={shownSummary.tone === 'error' ? 'alert' : undefined}>
              {shownSummary.text}
            </Alert>
          )}
        </div>
      </CardBody>
    </Card>
  )
}
