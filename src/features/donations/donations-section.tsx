import './messages.ts'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Suspense, lazy, useState } from 'react'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { Spinner } from '#src/components/ui/spinner.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { formatCents, formatDate, formatNumber } from '#src/lib/format.ts'
import { DonationExport } from './components/donation-export.tsx'
import { DonationFilterForm } from './components/donation-filter-form.tsx'
import { DonationTable } from './components/donation-table.tsx'
import {
  DONATION_PAGE_SIZES,
  donationSearchSchema,
  toListState,
  toQueryParams,
  type DonationSearch,
  type DonationSortField,
} from './donation-search.ts'
import { donationPageQueryOptions, type DonationScope } from './donation-queries.ts'

// The refund form (its schema, the mutation) loads when a refund is asked for, not with the list; the
// receipt form likewise when a receipt is.
const RefundDialog = lazy(() =>
  import('./components/refund-dialog.tsx').then((module) => ({ default: module.RefundDialog })),
)
const ReceiptDialog = lazy(() =>
  import('./components/receipt-dialog.tsx').then((module) => ({ default: module.ReceiptDialog })),
)

export interface DonationsSectionProps {
  scope: DonationScope
  /** Names for the export file: the club, and for a campaign its name too. */
  fileNameParts: readonly string[]
  title?: string
  id?: string
  /**
   * Refunds of card donations and donation receipts (issuing, downloading): offered when the person may
   * manage the club's money, refunds explained when they may not; left out (staff, a campaign's list) the
   * list only reads.
   */
  refunds?: { allowed: boolean; clubName: string }
}

/**
 * The donation list of a club or a campaign. Tens of thousands of donations are paged, sorted, filtered
 * and summed on the server; the list state (`dPage`, `dSize`, `dSort`, `dFrom`, `dTo`) lives in the URL of
 * whichever screen shows the list, so it works on the dashboard and on a campaign's page alike.
 */
export const DonationsSection = ({ scope, fileNameParts, title, id = 'spenden', refunds }: DonationsSectionProps) => {
  const { t } = useLingui()
  const navigate = useNavigate()
  const rawSearch: unknown = useSearch({ strict: false })
  // Lenient: invalid values fall back to the defaults, so this never throws.
  const state = toListState(donationSearchSchema.parse(rawSearch))
  const params = toQueryParams(state)

  const query = useQuery({ ...donationPageQueryOptions(scope, params), placeholderData: keepPreviousData })
  const [refunding, setRefunding] = useState<Donation | null>(null)
  const [receipting, setReceipting] = useState<Donation | null>(null)
  // The state setters themselves: stable, so the memoised rows do not render again.
  const onRefund = refunds?.allowed ? setRefunding : undefined
  const onIssueReceipt = refunds?.allowed ? setReceipting : undefined

  const update = (patch: DonationSearch) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...patch }),
      replace: true,
      resetScroll: false,
    })

  const onSort = (field: DonationSortField) => {
    // A new column starts with the order people expect: newest, largest, A–Z.
    const direction =
      field === state.sortField
        ? state.sortDirection === 'asc'
          ? 'desc'
          : 'asc'
        : field === 'donorName'
          ? 'asc'
          : 'desc'
    update({ dSort: `${field},${direction}`, dPage: undefined })
  }

  const heading = title ?? (scope.kind === 'campaign' ? t`Spenden an diese Kampagne` : t`Spenden`)
  const data = query.data
  const totalAmount = data ? formatCents(data.totalCents) : ''
  const totalCount = data ? formatNumber(data.totalItems) : ''
  const filtered = Boolean(state.from || state.to)
  const pageNumber = state.page + 1
  const caption = t`Spenden, Seite ${pageNumber}`
  const fromLabel = state.from ? formatDate(state.from) : '…'
  const toLabel = state.to ? formatDate(state.to) : '…'

  return (
    <Card aria-labelledby={`${id}-title`} id={id}>
      <CardHeader
        id={`${id}-title`}
        title={heading}
        description={
          filtered ? (
            <Trans>
              Zeitraum {fromLabel} bis {toLabel}
            </Trans>
          ) : (
            <Trans>Alle Spenden, neueste zuerst oder nach Ihrer Sortierung.</Trans>
          )
        }
        actions={
          <DonationExport
            scope={scope}
            filter={{ from: params.from, to: params.to, sort: params.sort }}
            fileNameParts={fileNameParts}
            disabled={!data || data.totalItems === 0}
          />
        }
      />
      <CardBody className="flex flex-col gap-4">
        <DonationFilterForm
          from={state.from}
          to={state.to}
          onApply={(values) => update({ dFrom: values.from, dTo: values.to, dPage: undefined })}
        />

        {query.isPending ? (
          <LoadingBlock>
            <Trans>Spenden werden geladen …</Trans>
          </LoadingBlock>
        ) : query.isError && !data ? (
          <QueryError
            error={query.error}
            title={t`Die Spenden konnten nicht geladen werden.`}
            onRetry={() => void query.refetch()}
          />
        ) : data && data.totalItems === 0 ? (
          <EmptyState title={filtered ? t`Keine Spenden im gewählten Zeitraum.` : t`Noch keine Spenden.`}>
            {filtered ? (
              <Trans>Ändern oder entfernen Sie den Filter, um weitere Spenden zu sehen.</Trans>
            ) : (
              <Trans>Sobald jemand spendet, erscheint die Spende hier.</Trans>
            )}
          </EmptyState>
        ) : data ? (
          <>
            {/* Totals over the whole filter, not just this page. */}
            <div className="flex flex-wrap items-center justify-between gap-3" aria-live="polite">
              <p className="text-sm text-slate-700" data-testid="donation-totals">
                <Trans>
                  Summe: <strong className="text-slate-900">{totalAmount}</strong>{' '}
                  <Plural value={data.totalItems} one="aus # Spende" other={`aus ${totalCount} Spenden`} />
                </Trans>
              </p>
              {query.isFetching && (
                <span className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner className="size-4" />
                  <Trans>Wird aktualisiert …</Trans>
                </span>
              )}
            </div>
            {data.items.length === 0 ? (
              // A bookmarked page number past the end after donations were filtered away.
              <EmptyState
                title={t`Diese Seite enthält keine Spenden.`}
                action={
                  <Button variant="secondary" size="sm" onClick={() => update({ dPage: undefined })}>
                    <Trans>Zur ersten Seite</Trans>
                  </Button>
                }
              />
            ) : (
              <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                <DonationTable
                  donations={data.items}
                  sortField={state.sortField}
                  sortDirection={state.sortDirection}
                  onSort={onSort}
                  showCampaign={scope.kind === 'club'}
                  caption={caption}
                  onRefund={onRefund}
                  onIssueReceipt={onIssueReceipt}
                />
              </div>
            )}
            {refunds && !refunds.allowed && data.items.some((donation) => donation.refundableCents > 0) && (
              <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
                <Trans>
                  Ihre Rolle im Verein darf keine Spenden erstatten. Erstatten können Personen, deren Rolle Geld
                  verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in).
                </Trans>
              </p>
            )}
            <div className="flex flex-wrap items-end justify-between gap-3">
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                totalItems={data.totalItems}
                onPageChange={(page) => update({ dPage: page === 0 ? undefined : page })}
              />
              <SelectField
                label={t`Einträge pro Seite`}
                containerClassName="w-40"
                value={String(state.size)}
                options={DONATION_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
                onChange={(event) => update({ dSize: Number(event.target.value), dPage: undefined })}
              />
            </div>
          </>
        ) : null}
      </CardBody>
      {refunds?.allowed && refunding && (
        <Suspense fallback={null}>
          <RefundDialog donation={refunding} clubName={refunds.clubName} onClose={() => setRefunding(null)} />
        </Suspense>
      )}
      {refunds?.allowed && receipting && (
        <Suspense fallback={null}>
          <ReceiptDialog donation={receipting} onClose={() => setReceipting(null)} />
        </Suspense>
      )}
    </Card>
  )
}
