import { Trans } from '@lingui/react/macro'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { formatCents } from '#src/lib/format.ts'
import { DONATION_STATUS } from '#src/lib/labels/donation-labels.ts'

/**
 * A donation's status in German, and for a partial refund how much went back ("€ 10,00 erstattet"); a
 * full refund needs no amount, it is the donation's.
 */
export const DonationStatusInfo = ({ donation }: { donation: Pick<Donation, 'status' | 'refundedCents'> }) => {
  const refunded = formatCents(donation.refundedCents)
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <StatusBadge status={DONATION_STATUS[donation.status]} />
      {donation.status !== 'REFUNDED' && donation.refundedCents > 0 && (
        <span className="text-xs whitespace-nowrap text-slate-600">
          <Trans>{refunded} erstattet</Trans>
        </span>
      )}
    </span>
  )
}
