import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useGetCampaignsOfClub } from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import type { ClubOverview } from '#openapi/generated/model/clubOverview.ts'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { formatCents, formatNumber } from '#src/lib/format.ts'

const Stat = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    {detail && <dd className="text-sm text-slate-600">{detail}</dd>}
  </div>
)

/**
 * The campaign figure says what it counts: how many campaigns run now (enabled and inside their donation
 * period, so they take donations) out of all. The running ones come from the campaign list the dashboard
 * loads anyway (the overview only counts enabled ones, which includes planned and ended campaigns).
 */
const CampaignStat = ({ clubId, total }: { clubId: string; total: number }) => {
  const { t } = useLingui()
  const campaigns = useGetCampaignsOfClub(clubId)
  const all = formatNumber(total)
  if (!campaigns.data) return <Stat label={t`Kampagnen`} value={all} detail={t`insgesamt`} />
  const running = campaigns.data.filter((campaign) => campaign.enabled && campaign.phase === 'RUNNING').length
  return (
    <Stat
      label={t`Kampagnen`}
      value={formatNumber(running)}
      detail={plural(running, { one: `läuft, ${all} insgesamt`, other: `laufen, ${all} insgesamt` })}
    />
  )
}

/** Spec §2: the donations overview (all time and this calendar month) and the campaign counts. */
export const DonationsOverview = ({ clubId, overview }: { clubId: string; overview: ClubOverview }) => {
  const { t } = useLingui()
  const { donations, campaigns } = overview
  const count = formatNumber(donations.count)
  const monthCount = formatNumber(donations.thisMonthCount)
  return (
    <Card aria-labelledby="spendenuebersicht-title">
      <CardHeader id="spendenuebersicht-title" title={t`Spendenübersicht`} />
      <CardBody>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat
            label={t`Spenden gesamt`}
            value={formatCents(donations.totalCents)}
            detail={plural(donations.count, { one: 'aus # Spende', other: `aus ${count} Spenden` })}
          />
          <Stat
            label={t`Dieser Monat`}
            value={formatCents(donations.thisMonthCents)}
            detail={plural(donations.thisMonthCount, { one: 'aus # Spende', other: `aus ${monthCount} Spenden` })}
          />
          <CampaignStat clubId={clubId} total={campaigns.total} />
        </dl>
        {donations.count === 0 && (
          <p className="mt-3 text-sm text-slate-600">
            <Trans>Noch keine Spenden eingegangen.</Trans>
          </p>
        )}
      </CardBody>
    </Card>
  )
}
