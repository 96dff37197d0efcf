import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ClubOverview } from '@/api/generated/query/model/clubOverview'
import { Card, CardBody, CardHeader } from '@/components/ui/card'
import { formatCents, formatNumber } from '@/lib/format'

const Stat = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    {detail && <dd className="text-sm text-slate-600">{detail}</dd>}
  </div>
)

/** Spec §2: the donations overview (all time and this calendar month) and the campaign counts. */
export const DonationsOverview = ({ overview }: { overview: ClubOverview }) => {
  const { t } = useLingui()
  const { donations, campaigns } = overview
  const count = formatNumber(donations.count)
  const monthCount = formatNumber(donations.thisMonthCount)
  const enabled = formatNumber(campaigns.enabled)
  const total = formatNumber(campaigns.total)
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
          <Stat label={t`Kampagnen`} value={enabled} detail={t`aktiv, ${total} insgesamt`} />
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
