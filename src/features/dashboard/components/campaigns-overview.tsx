import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useGetCampaignsOfClub } from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { CampaignStatusBadge, CampaignProgress } from '#src/components/campaigns/campaign-state.tsx'
import { DonationPageLink } from '#src/components/campaigns/donation-page-link.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { formatDate } from '#src/lib/format.ts'

const CampaignItem = ({ campaign, canEdit }: { campaign: Campaign; canEdit: boolean }) => {
  const { t } = useLingui()
  const from = formatDate(campaign.from)
  const to = formatDate(campaign.to)
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="campaign-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link
              to="/campaign/$clubId/$campaignId"
              params={{ clubId: campaign.clubId, campaignId: campaign.documentId }}
              // At least 24 px high (WCAG 2.5.8).
              className="inline-flex min-h-6 items-center text-brand-800 underline-offset-2 hover:underline"
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
        <CampaignStatusBadge campaign={campaign} />
      </div>
      <CampaignProgress campaign={campaign} label={t`Fortschritt von ${campaign.name}`} />
      <DonationPageLink campaignId={campaign.documentId} campaignName={campaign.name} />
    </li>
  )
}

/**
 * Spec §2: the club's campaigns with their state and progress to the goal; edit and create links, and
 * each campaign's public donation page to open or pass on.
 */
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
          <QueryError
            error={campaigns.error}
            title={t`Die Kampagnen konnten nicht geladen werden.`}
            onRetry={() => void campaigns.refetch()}
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
