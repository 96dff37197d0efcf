import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useGetPublicCampaign } from '#src/api/generated/query/endpoints/giving/giving.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError, failureKind } from '#src/components/ui/query-error.tsx'
import { CampaignIntro } from './components/campaign-intro.tsx'
import { ClosedNotice } from './components/closed-notice.tsx'
import { DonationForm } from './components/donation-form.tsx'
import { DonationProgress } from './components/donation-progress.tsx'
import { GivingSkeleton } from './components/giving-skeleton.tsx'

const route = getRouteApi('/spenden/$campaignId/')

/**
 * `/spenden/$campaignId`: a campaign's public donation page, for anyone without signing in. It shows the
 * club, the campaign and its progress, and, while the go-live gate lets the campaign take donations, the
 * form that starts the payment at the card provider; otherwise why not.
 */
export const DonationPage = () => {
  const { t } = useLingui()
  const { campaignId } = route.useParams()
  const query = useGetPublicCampaign(campaignId)

  if (query.isPending) return <GivingSkeleton title={t`Spenden`}>{t`Die Kampagne wird geladen …`}</GivingSkeleton>
  if (query.isError) {
    if (failureKind(query.error) === 'not-found') return <UnknownCampaign />
    return (
      <>
        <PageHeader title={t`Spenden`} />
        <QueryError
          error={query.error}
          title={t`Die Kampagne konnte nicht geladen werden.`}
          onRetry={() => void query.refetch()}
        />
      </>
    )
  }

  const campaign = query.data
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <CampaignIntro campaign={campaign} />
        <DonationProgress campaign={campaign} />
      </div>
      {campaign.acceptance.accepting ? (
        <Card>
          <CardBody>
            <DonationForm campaign={campaign} />
          </CardBody>
        </Card>
      ) : (
        <ClosedNotice campaign={campaign} />
      )}
    </div>
  )
}

const UnknownCampaign = () => {
  const { t } = useLingui()
  return (
    <>
      <PageHeader
        title={t`Diese Kampagne gibt es nicht`}
        description={t`Vielleicht ist der Link unvollständig, oder der Verein hat die Kampagne entfernt. Bitte prüfen Sie die Adresse.`}
      />
      <ButtonLink to="/" variant="secondary">
        <Trans>Zur Startseite</Trans>
      </ButtonLink>
    </>
  )
}
