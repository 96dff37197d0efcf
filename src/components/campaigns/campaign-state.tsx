import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { formatCents, formatNumber } from '#src/lib/format.ts'
import { campaignStatus } from '#src/lib/labels/campaign-labels.ts'

/** The campaign's one status: "Deaktiviert", or where it stands in its donation period. */
export const CampaignStatusBadge = ({ campaign }: { campaign: Pick<Campaign, 'enabled' | 'phase'> }) => (
  <StatusBadge status={campaignStatus(campaign)} />
)

/** Percent of the goal raised; above 100 when the goal was exceeded (the bar stops at 100). */
const progressPercent = (campaign: Pick<Campaign, 'raisedCents' | 'goalCents'>): number =>
  campaign.goalCents > 0 ? Math.round((campaign.raisedCents / campaign.goalCents) * 100) : 0

/** The bar towards the goal and the amounts under it. `label` names the bar for screen readers. */
export const CampaignProgress = ({
  campaign,
  label,
}: {
  campaign: Pick<Campaign, 'raisedCents' | 'goalCents' | 'donationCount'>
  label: string
}) => {
  const { t } = useLingui()
  const percent = progressPercent(campaign)
  const raised = formatCents(campaign.raisedCents)
  const goal = formatCents(campaign.goalCents)
  const donations = formatNumber(campaign.donationCount)
  return (
    <div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-label={label}
        aria-valuetext={t`${raised} von ${goal} (${percent} %)`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          {raised} von {goal} ({percent} %) ·{' '}
          <Plural value={campaign.donationCount} one="# Spende" other={`${donations} Spenden`} />
        </Trans>
      </p>
    </div>
  )
}
