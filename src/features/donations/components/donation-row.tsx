import { Trans } from '@lingui/react/macro'
import { memo } from 'react'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { TableCell, TableRow } from '#src/components/ui/table.tsx'
import { cn } from '#src/lib/cn.ts'
import { formatCents, formatDateTime } from '#src/lib/format.ts'

/** Narrower cells on phones, so date, donor and amount fit 375 px without scrolling sideways. */
export const TIGHT = 'max-sm:px-1.5'
/**
 * Fixed column widths (the table is `table-fixed`): a virtual list renders other rows as it scrolls, and
 * columns sized by their content would shift sideways each time.
 */
export const DATE_WIDTH = 'w-26 sm:w-38'
export const AMOUNT_WIDTH = 'w-22 sm:w-28'
/** From lg on the message column shows too and gets the most room. */
export const NAME_WIDTH = 'lg:w-[22%]'
/** The message needs the room of a campaign column: without one (a campaign's own list) it shows from md. */
export const MESSAGE_SHOWN = (showCampaign: boolean) => (showCampaign ? 'lg:table-cell' : 'md:table-cell')

/**
 * A row's height before it is measured, the most common one (measured at 1280 and 375 px): one line on wider
 * screens; on phones the date wraps and the campaign goes under the donor, mostly three lines.
 */
export const estimateRowHeight = () => (typeof window !== 'undefined' && window.innerWidth < 640 ? 69 : 37)

export interface DonationRowProps {
  donation: Donation
  index: number
  showCampaign: boolean
  measureRef: ((element: Element | null) => void) | undefined
}

/**
 * One donation. Memoised: while the next page or order loads, the list re-renders with the same rows
 * (placeholder data), and none of them renders again.
 */
export const DonationRow = memo(({ donation, index, showCampaign, measureRef }: DonationRowProps) => (
  // aria-rowindex counts the header row as 1.
  <TableRow ref={measureRef} data-index={index} aria-rowindex={index + 2} data-testid="donation-row">
    <TableCell className={cn(TIGHT, 'sm:whitespace-nowrap')}>{formatDateTime(donation.donatedAt)}</TableCell>
    <TableCell className={cn(TIGHT, 'break-words')}>
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
      <TableCell className="hidden break-words sm:table-cell">
        {donation.campaignName ?? (
          <span className="text-slate-500">
            <Trans>Allgemeine Spende</Trans>
          </span>
        )}
      </TableCell>
    )}
    <TableCell
      className={cn('hidden truncate text-slate-700', MESSAGE_SHOWN(showCampaign))}
      title={donation.message ?? undefined}
    >
      {donation.message ?? ''}
    </TableCell>
    <TableCell className={cn(TIGHT, 'text-right whitespace-nowrap tabular-nums')}>
      {formatCents(donation.amountCents)}
    </TableCell>
  </TableRow>
))
DonationRow.displayName = 'DonationRow'
