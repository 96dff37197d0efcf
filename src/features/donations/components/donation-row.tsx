import { Trans, useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { TableCell, TableRow } from '#src/components/ui/table.tsx'
import { cn } from '#src/lib/cn.ts'
import { formatCents, formatDateTime } from '#src/lib/format.ts'
import { DonationStatusInfo } from './donation-status.tsx'
import { ReceiptInfo } from './receipt-actions.tsx'

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
 * The status (with the refund and the receipt: its number and actions) gets its own column from md on; on
 * narrower screens it goes under the donor, so date, donor and amount still fit 375 px.
 */
export const STATUS_WIDTH = 'md:w-40 lg:w-48'

/**
 * A row's height before it is measured, the most common one (measured at 1280 and 375 px): one line on wider
 * screens; on phones the date wraps, and the campaign and the status go under the donor, mostly four lines.
 */
export const estimateRowHeight = () => (typeof window !== 'undefined' && window.innerWidth < 640 ? 91 : 37)

export interface DonationRowProps {
  donation: Donation
  index: number
  showCampaign: boolean
  measureRef: ((element: Element | null) => void) | undefined
  /** Opens the refund dialog; undefined when the person may not refund. */
  onRefund: ((donation: Donation) => void) | undefined
  /**
   * Opens the receipt dialog; undefined when the person may not manage the club's money, who then sees a
   * receipt's number but neither issues nor downloads one.
   */
  onIssueReceipt: ((donation: Donation) => void) | undefined
}

/** What every row of a page gets (donation-table.tsx, virtual-donation-rows.tsx). */
export type DonationRowsProps = { donations: readonly Donation[] } & Pick<
  DonationRowProps,
  'showCampaign' | 'onRefund' | 'onIssueReceipt'
>

/** "Erstatten" for a donation the card provider can still refund in part or whole. */
const RefundButton = ({ donation, onRefund }: { donation: Donation; onRefund: (donation: Donation) => void }) => {
  const { t } = useLingui()
  const amount = formatCents(donation.amountCents)
  const donor = donation.donorName
  // The visible word starts the name; the rest tells the rows' buttons apart for screen readers.
  const which = donor ? t`Spende von ${donor}, ${amount}` : t`anonyme Spende, ${amount}`
  return (
    <button
      type="button"
      onClick={() => onRefund(donation)}
      className="min-h-6 rounded px-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:bg-brand-50"
    >
      <Trans>Erstatten</Trans>
      <span className="sr-only"> ({which})</span>
    </button>
  )
}

/**
 * Status and, where possible and allowed, the refund action; below them the receipt (its number, its
 * download or "Bestätigung ausstellen"). The actions wrap onto further lines where the column is narrow.
 */
const StatusAndAction = ({
  donation,
  onRefund,
  onIssueReceipt,
}: Pick<DonationRowProps, 'donation' | 'onRefund' | 'onIssueReceipt'>) => (
  <span className="flex flex-col items-start gap-y-0.5">
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <DonationStatusInfo donation={donation} />
      {onRefund && donation.refundableCents > 0 && <RefundButton donation={donation} onRefund={onRefund} />}
    </span>
    <ReceiptInfo donation={donation} onIssue={onIssueReceipt} />
  </span>
)

/**
 * One donation. Memoised: while the next page or order loads, the list re-renders with the same rows
 * (placeholder data), and none of them renders again.
 */
export const DonationRow = memo(
  ({ donation, index, showCampaign, measureRef, onRefund, onIssueReceipt }: DonationRowProps) => (
    // aria-rowindex counts the header row as 1; the donation's id finds the row again after a dialog.
    <TableRow
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="donation-row"
      data-donation-id={donation.id}
    >
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
        <span className="mt-0.5 block md:hidden">
          <StatusAndAction donation={donation} onRefund={onRefund} onIssueReceipt={onIssueReceipt} />
        </span>
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
      <TableCell className="hidden md:table-cell">
        <StatusAndAction donation={donation} onRefund={onRefund} onIssueReceipt={onIssueReceipt} />
      </TableCell>
    </TableRow>
  ),
)
DonationRow.displayName = 'DonationRow'
