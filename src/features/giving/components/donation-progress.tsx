import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import { formatCents, formatNumber } from '#src/lib/format.ts'

/** Percent of the goal raised; above 100 when the goal was exceeded (the bar stops at 100). */
const percentOf = (raisedCents: number, goalCents: number): number =>
  goalCents > 0 ? Math.floor((raisedCents / goalCents) * 100) : 0

/**
 * How far the campaign has come, as donors read it: the amount raised in large type, the goal, the bar and
 * the number of donations. The bar says the same in words to screen readers ("… von … gesammelt").
 */
export const DonationProgress = ({
  campaign,
}: {
  campaign: Pick<PublicCampaign, 'raisedCents' | 'goalCents' | 'donationCount'>
}) => {
  const { t } = useLingui()
  const percent = percentOf(campaign.raisedCents, campaign.goalCents)
  const raised = formatCents(campaign.raisedCents)
  const goal = formatCents(campaign.goalCents)
  const count = formatNumber(campaign.donationCount)
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold text-slate-900">{raised}</span>
        <span className="text-slate-700">
          <Trans>von {goal} gesammelt</Trans>
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={t`Spendenstand`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-valuetext={t`${raised} von ${goal} gesammelt`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="flex flex-wrap justify-between gap-x-4 text-sm text-slate-700">
        <span>
          <Trans>{percent} % des Ziels</Trans>
        </span>
        <span>
          <Plural value={campaign.donationCount} _0="Noch keine Spenden" one="# Spende" other={`${count} Spenden`} />
        </span>
      </p>
    </div>
  )
}
