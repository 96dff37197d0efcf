import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useGetCampaignsOfClub } from '@/api/generated/query/endpoints/campaigns/campaigns'
import type { Campaign } from '@/api/generated/query/model/campaign'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadingBlock } from '@/components/ui/loading-block'
import { formatCents, formatDate, formatNumber } from '@/lib/format'
import { CAMPAIGN_PHASE } from '../labels'

/** Percent of the goal raised; above 100 when the goal was exceeded (the bar stops at 100). */
const progressPercent = (campaign: Campaign): number =>
  campaign.goalCents > 0 ? Math.round((campaign.raisedCents / campaign.goalCents) * 100) : 0

const CampaignItem = ({ campaign, canEdit }: { campaign: Campaign; canEdit: boolean }) => {
  const { t, i18n } = useLingui()
  const phase = CAMPAIGN_PHASE[campaign.phase]
  const percent = progressPercent(campaign)
  const raised = formatCents(campaign.raisedCents)
  const goal = formatCents(campaign.goalCents)
  const from = formatDate(campaign.from)
  const to = formatDate(campaign.to)
  const donations = formatNumber(campaign.donationCount)
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="campaign-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link
              to="/campaign/$clubId/$campaignId"
              params={{ clubId: campaign.clubId, campaignId: campaign.documentId }}
              className="text-brand-800 underline-offset-2 hover:underline"
              aria-label={canEdit ? t`${campaign.name} bearbeiten` : undefined}
            >
              {campaign.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-600">
            <Trans>
              Spendenzeitraum {from} bis {to}
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={campaign.enabled ? 'success' : 'neutral'}>
            {campaign.enabled ? <Trans>Aktiviert</Trans> : <Trans>Deaktiviert</Trans>}
          </Badge>
          <Badge tone={phase.tone}>{i18n._(phase.label)}</Badge>
        </div>
      </div>
      <div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, percent)}
          aria-label={t`Fortschritt von ${campaign.name}`}
          aria-valuetext={t`${raised} von ${goal} (${percent} %)`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, percent)}%` }} />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          <Trans>
            {raised} von {goal} ({percent} %) · {donations} Spenden
          </Trans>
        </p>
      </div>
    </li>
  )
}

/** Spec §2: the club's campaigns with their state and progress to the goal; edit and create links. */
export const CampaignsOverview = ({ clubId, canEdit }: { clubId: string; canEdit: boolean }) => {
  const { t } = useLingui()
  const campaigns = useGetCampaignsOfClub(clubId)
  const create = canEdit && (
    <ButtonLink to="/campaign/$clubId" params={{ clubId }} size="sm">
      <Trans>Neue Kampagne</Trans>
    </ButtonLink>
  )
  return (
    <Card aria-labelledby="kampagnen-title" id="kampagnen">
      <CardHeader id="kampagnen-title" title={t`Kampagnen`} actions={create} />
      <CardBody>
        {campaigns.isPending ? (
          <LoadingBlock>
            <Trans>Kampagnen werden geladen …</Trans>
          </LoadingBlock>
        ) : campaigns.isError ? (
          <Alert
            tone="error"
            title={t`Die Kampagnen konnten nicht geladen werden.`}
            actions={
              <Button variant="secondary" size="sm" onClick={() => void campaigns.refetch()}>
                <Trans>Erneut versuchen</Trans>
              </Button>
            }
          />
        ) : campaigns.data.length === 0 ? (
          <EmptyState title={t`Noch keine Kampagnen.`} action={create}>
            <Trans>Mit einer Kampagne sammeln Sie für ein bestimmtes Ziel, etwa ein Fest oder eine Anschaffung.</Trans>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200">
            {campaigns.data.map((campaign) => (
              <CampaignItem key={campaign.documentId} campaign={campaign} canEdit={canEdit} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  )
}
