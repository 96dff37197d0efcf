import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { Table, TableBody, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { VIRTUAL_ROWS_THRESHOLD } from '#src/components/ui/virtual-threshold.ts'
import { cn } from '#src/lib/cn.ts'
import type { DonationSortField, SortDirection } from '#src/features/donations/donation-search.ts'
import {
  AMOUNT_WIDTH,
  DATE_WIDTH,
  DonationRow,
  MESSAGE_SHOWN,
  NAME_WIDTH,
  STATUS_WIDTH,
  TIGHT,
  type DonationRowProps,
  type DonationRowsProps,
} from './donation-row.tsx'

// The virtualiser (~10 KB) loads only for a page longer than the threshold: most pages are 50 rows, and
// the screens' chunks stay within their budget.
const VirtualDonationRows = lazy(() =>
  import('./virtual-donation-rows.tsx').then((module) => ({ default: module.VirtualDonationRows })),
)

/** Every row of a short page (or the first ones of a long page while the virtualiser loads). */
const AllDonationRows = ({ donations, showCampaign, onRefund, onIssueReceipt }: DonationRowsProps) => (
  <TableBody>
    {donations.map((donation, index) => (
      <DonationRow
        key={index}
        donation={donation}
        index={index}
        showCampaign={showCampaign}
        measureRef={undefined}
        onRefund={onRefund}
        onIssueReceipt={onIssueReceipt}
      />
    ))}
  </TableBody>
)

interface DonationTableProps {
  donations: readonly Donation[]
  sortField: DonationSortField
  sortDirection: SortDirection
  onSort: (field: DonationSortField) => void
  /** The campaign column is pointless in a campaign's own list. */
  showCampaign: boolean
  caption: string
  /** Opens the refund dialog for a row; undefined when the person may not refund. Stable, the rows are memoised. */
  onRefund: DonationRowProps['onRefund']
  /** Opens the receipt dialog for a row; undefined when the person may not manage money. Stable, like `onRefund`. */
  onIssueReceipt: DonationRowProps['onIssueReceipt']
}

const SortHeader = ({
  field,
  label,
  sortField,
  sortDirection,
  onSort,
  align = 'left',
  className,
}: {
  field: DonationSortField
  label: string
  sortField: DonationSortField
  sortDirection: SortDirection
  onSort: (field: DonationSortField) => void
  align?: 'left' | 'right'
  className?: string
}) => {
  const { t } = useLingui()
  const active = field === sortField
  const ariaSort = active ? (sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'
  const arrow = active ? (sortDirection === 'asc' ? '▲' : '▼') : '↕'
  const hint = active ? (sortDirection === 'asc' ? t`aufsteigend sortiert` : t`absteigend sortiert`) : t`nicht sortiert`
  return (
    <TableHeaderCell aria-sort={ariaSort} className={cn(TIGHT, align === 'right' && 'text-right', className)}>
      {/* `relative`: the screen-reader hint is positioned absolutely; without a positioned ancestor it would
          sit outside the scrolling table and widen the whole page on phones. */}
      <button
        type="button"
        onClick={() => onSort(field)}
        className="relative inline-flex min-h-9 items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200"
      >
        {label}
        {/* slate-500: the unsorted glyph keeps 3:1 on the header's grey (WCAG 1.4.11). */}
        <span aria-hidden="true" className={active ? 'text-brand-800' : 'text-slate-500'}>
          {arrow}
        </span>
        <span className="sr-only">({hint})</span>
      </button>
    </TableHeaderCell>
  )
}

/**
 * One page of donations; the column headers sort on the server. A long page (up to 250 rows) renders only
 * the rows near the viewport (src/components/ui/virtual-rows.tsx); `aria-rowcount` tells assistive
 * technology how many there are.
 */
export const DonationTable = ({
  donations,
  sortField,
  sortDirection,
  onSort,
  showCampaign,
  caption,
  onRefund,
  onIssueReceipt,
}: DonationTableProps) => {
  const actions = { onRefund, onIssueReceipt }
  const { t } = useLingui()
  const sort = { sortField, sortDirection, onSort }
  return (
    <Table aria-rowcount={donations.length + 1} className="table-fixed">
      <caption className="sr-only">{caption}</caption>
      <TableHead>
        <TableRow aria-rowindex={1}>
          <SortHeader field="donatedAt" label={t`Datum`} className={DATE_WIDTH} {...sort} />
          <SortHeader field="donorName" label={t`Spender/in`} className={NAME_WIDTH} {...sort} />
          {showCampaign && (
            <TableHeaderCell className={cn('hidden sm:table-cell', NAME_WIDTH)}>
              <Trans>Kampagne</Trans>
            </TableHeaderCell>
          )}
          <TableHeaderCell className={cn('hidden', MESSAGE_SHOWN(showCampaign))}>
            <Trans>Nachricht</Trans>
          </TableHeaderCell>
          <SortHeader field="amountCents" label={t`Betrag`} align="right" className={AMOUNT_WIDTH} {...sort} />
          <TableHeaderCell className={cn('hidden md:table-cell', STATUS_WIDTH)}>
            <Trans>Status</Trans>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      {donations.length > VIRTUAL_ROWS_THRESHOLD ? (
        <Suspense
          fallback={
            <AllDonationRows
              donations={donations.slice(0, VIRTUAL_ROWS_THRESHOLD)}
              showCampaign={showCampaign}
              {...actions}
            />
          }
        >
          <VirtualDonationRows donations={donations} showCampaign={showCampaign} {...actions} />
        </Suspense>
      ) : (
        <AllDonationRows donations={donations} showCampaign={showCampaign} {...actions} />
      )}
    </Table>
  )
}
