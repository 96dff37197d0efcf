import { Trans, useLingui } from '@lingui/react/macro'
import type { Donation } from '@/api/generated/query/model/donation'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table'
import { formatCents, formatDateTime } from '@/lib/format'
import { cn } from '@/lib/cn'
import type { DonationSortField, SortDirection } from '../donation-search'

/** Narrower cells on phones, so date, donor and amount fit 375 px without scrolling sideways. */
const TIGHT = 'max-sm:px-1.5'

interface DonationTableProps {
  donations: readonly Donation[]
  sortField: DonationSortField
  sortDirection: SortDirection
  onSort: (field: DonationSortField) => void
  /** The campaign column is pointless in a campaign's own list. */
  showCampaign: boolean
  caption: string
}

const SortHeader = ({
  field,
  label,
  sortField,
  sortDirection,
  onSort,
  align = 'left',
}: {
  field: DonationSortField
  label: string
  sortField: DonationSortField
  sortDirection: SortDirection
  onSort: (field: DonationSortField) => void
  align?: 'left' | 'right'
}) => {
  const { t } = useLingui()
  const active = field === sortField
  const ariaSort = active ? (sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'
  const arrow = active ? (sortDirection === 'asc' ? '▲' : '▼') : '↕'
  const hint = active ? (sortDirection === 'asc' ? t`aufsteigend sortiert` : t`absteigend sortiert`) : t`nicht sortiert`
  return (
    <TableHeaderCell aria-sort={ariaSort} className={cn(TIGHT, align === 'right' && 'text-right')}>
      {/* `relative`: the screen-reader hint is positioned absolutely; without a positioned ancestor it would
          sit outside the scrolling table and widen the whole page on phones. */}
      <button
        type="button"
        onClick={() => onSort(field)}
        className="relative inline-flex min-h-9 items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200"
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-brand-800' : 'text-slate-400'}>
          {arrow}
        </span>
        <span className="sr-only">({hint})</span>
      </button>
    </TableHeaderCell>
  )
}

/** One page of donations; the column headers sort on the server. */
export const DonationTable = ({
  donations,
  sortField,
  sortDirection,
  onSort,
  showCampaign,
  caption,
}: DonationTableProps) => {
  const { t } = useLingui()
  const sort = { sortField, sortDirection, onSort }
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHead>
        <TableRow>
          <SortHeader field="donatedAt" label={t`Datum`} {...sort} />
          <SortHeader field="donorName" label={t`Spender/in`} {...sort} />
          {showCampaign && (
            <TableHeaderCell className="hidden sm:table-cell">
              <Trans>Kampagne</Trans>
            </TableHeaderCell>
          )}
          <TableHeaderCell className="hidden md:table-cell">
            <Trans>Nachricht</Trans>
          </TableHeaderCell>
          <SortHeader field="amountCents" label={t`Betrag`} align="right" {...sort} />
        </TableRow>
      </TableHead>
      <TableBody>
        {donations.map((donation) => (
          <TableRow key={donation.id} data-testid="donation-row">
            <TableCell className={cn(TIGHT, 'sm:whitespace-nowrap')}>{formatDateTime(donation.donatedAt)}</TableCell>
            <TableCell className={TIGHT}>
              {donation.donorName ?? (
                <span className="text-slate-500 italic">
                  <Trans>Anonym</Trans>
                </span>
              )}
              {/* On phones the campaign goes under the donor, so date, donor and amount fit without scrolling. */}
              {showCampaign && (
                <span className="block text-xs text-slate-500 sm:hidden">
                  {donation.campaignName ?? <Trans>Allgemeine Spende</Trans>}
                </span>
              )}
            </TableCell>
            {showCampaign && (
              <TableCell className="hidden sm:table-cell">
                {donation.campaignName ?? (
                  <span className="text-slate-500">
                    <Trans>Allgemeine Spende</Trans>
                  </span>
                )}
              </TableCell>
            )}
            <TableCell
              className="hidden max-w-xs truncate text-slate-700 md:table-cell"
              title={donation.message ?? undefined}
            >
              {donation.message ?? ''}
            </TableCell>
            <TableCell className={cn(TIGHT, 'text-right whitespace-nowrap tabular-nums')}>
              {formatCents(donation.amountCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
