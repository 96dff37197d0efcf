import { TableBody } from '#src/components/ui/table.tsx'
import { TableSpacerRow, useWindowRows } from '#src/components/ui/virtual-rows.tsx'
import { DonationRow, estimateRowHeight, type DonationRowsProps } from './donation-row.tsx'

/**
 * The rows of a long page (more than the threshold, up to 250): only those near the viewport are in the
 * DOM (src/components/ui/virtual-rows.tsx); spacers keep the table as tall as all its rows. Loaded lazily
 * by donation-table.tsx.
 */
export const VirtualDonationRows = ({ donations, showCampaign, onRefund, onIssueReceipt }: DonationRowsProps) => {
  const { indexes, before, after, listRef, measureRef } = useWindowRows({
    count: donations.length,
    estimateSize: estimateRowHeight(),
  })
  return (
    <TableBody ref={listRef}>
      <TableSpacerRow height={before} />
      {indexes.map((index) => (
        // Keyed by position: the next page or order reuses the rows' elements and only changes their text
        // (rows hold no state of their own).
        <DonationRow
          key={index}
          donation={donations[index]!}
          index={index}
          showCampaign={showCampaign}
          measureRef={measureRef}
          onRefund={onRefund}
          onIssueReceipt={onIssueReceipt}
        />
      ))}
      <TableSpacerRow height={after} />
    </TableBody>
  )
}
