import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { toast } from '#src/lib/toast.ts'
import { useGetCampaign } from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import { useGetClubOverview } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { DonationPageLink } from '#src/components/campaigns/donation-page-link.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { toastSaveFailure } from '#src/lib/api-errors.ts'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { centsToEuroInput } from '#src/lib/format.ts'
import {
  useDeleteCampaignMutation,
  useSaveCampaignMutation,
  useToggleCampaignMutation,
} from './api/campaign-mutations.ts'
import { CampaignForm } from './components/campaign-form.tsx'
import { CampaignStatusCard } from './components/campaign-status-card.tsx'
import { campaignStateBody, updateCampaignBody, type CampaignFormInput } from './schemas.ts'
import { applyCampaignServerErrors } from './server-errors.ts'

const route = getRouteApi('/_authenticated/campaign/$clubId/$campaignId')

export interface CampaignEditPageProps {
  /** The campaign's donation list (its own feature), placed by the route. */
  renderDonations: (campaign: Campaign, clubName: string) => ReactNode
}

const toFormInput = (campaign: Campaign): CampaignFormInput => ({
  name: campaign.name,
  description: campaign.description,
  goal: centsToEuroInput(campaign.goalCents),
  amount: centsToEuroInput(campaign.amountCents),
  minimumDonation: centsToEuroInput(campaign.minimumDonationCents),
  date: campaign.date,
  time: campaign.time,
  from: campaign.from,
  to: campaign.to,
})

/** `/campaign/$clubId/$campaignId`: edit, enable/disable or delete a campaign, and see its donations. */
export const CampaignEditPage = ({ renderDonations }: CampaignEditPageProps) => {
  const { t } = useLingui()
  const { clubId, campaignId } = route.useParams()
  const navigate = useNavigate()
  const me = useCurrentUser()
  const campaign = useGetCampaign(campaignId)
  const overview = useGetClubOverview(clubId)
  const save = useSaveCampaignMutation()
  const toggleState = useToggleCampaignMutation()
  const remove = useDeleteCampaignMutation(campaign.data?.clubId ?? clubId)
  const readOnly = me.data?.role === 'ROLE_STAFF'
  const clubName = overview.data?.club.name ?? ''
  const [deletedFromClub, setDeletedFromClub] = useState<string | null>(null)

  // Back to the dashboard once the form has re-rendered without its unsaved-changes guard.
  useEffect(() => {
    if (deletedFromClub) void navigate({ to: '/home', search: { id: deletedFromClub } })
  }, [deletedFromClub, navigate])

  const back = (
    <ButtonLink to="/home" search={{ id: clubId }} variant="secondary">
      <Trans>Zurück zur Übersicht</Trans>
    </ButtonLink>
  )

  // The role decides whether the form is editable: wait for it so staff never see an editable form.
  if (campaign.isPending || me.isPending) {
    return (
      <>
        <PageHeader title={t`Kampagne bearbeiten`} actions={back} />
        <LoadingBlock>
          <Trans>Kampagne wird geladen …</Trans>
        </LoadingBlock>
      </>
    )
  }
  if (campaign.isError) {
    return (
      <>
        <PageHeader title={t`Kampagne bearbeiten`} actions={back} />
        <QueryError
          error={campaign.error}
          title={t`Die Kampagne konnte nicht geladen werden.`}
          messages={{
            'not-found': t`Diese Kampagne gibt es nicht (mehr).`,
            forbidden: t`Sie haben keinen Zugriff auf diese Kampagne.`,
          }}
          onRetry={() => void campaign.refetch()}
        />
      </>
    )
  }

  const current = campaign.data
  const name = current.name

  const toggle = async () => {
    const enabled = !current.enabled
    try {
      await toggleState.mutateAsync({ data: campaignStateBody(current, enabled) })
    } catch {
      toast.error(
        enabled ? t`Die Kampagne konnte nicht aktiviert werden.` : t`Die Kampagne konnte nicht deaktiviert werden.`,
      )
    }
  }

  const destroy = async () => {
    await remove.mutateAsync({ documentId: current.documentId })
    setDeletedFromClub(current.clubId)
  }

  return (
    <>
      <PageHeader
        title={readOnly ? name : t`Kampagne bearbeiten`}
        description={clubName ? t`„${name}“ von ${clubName}` : name}
        actions={back}
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="min-w-0 lg:col-span-2">
            <Card aria-labelledby="angaben-title">
              <CardHeader id="angaben-title" title={t`Angaben zur Kampagne`} />
              <CardBody>
                <CampaignForm
                  key={current.documentId}
                  defaultValues={toFormInput(current)}
                  submitLabel={t`Änderungen speichern`}
                  pending={save.isPending}
                  readOnly={readOnly}
                  discarded={deletedFromClub !== null}
                  onSubmit={async (values, form) => {
                    try {
                      const saved = await save.mutateAsync({
                        data: updateCampaignBody(values, current.documentId, current.enabled),
                      })
                      form.reset(toFormInput(saved))
                    } catch (error) {
                      applyCampaignServerErrors(error, form)
                      toastSaveFailure(t`Fehler beim Speichern der Kampagne`, error)
                    }
                  }}
                />
              </CardBody>
            </Card>
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <CampaignStatusCard
              campaign={current}
              readOnly={readOnly}
              toggling={toggleState.isPending}
              deleting={remove.isPending}
              onToggle={toggle}
              onDelete={destroy}
            />
            <Card aria-labelledby="spendenseite-title">
              <CardHeader id="spendenseite-title" title={t`Spendenseite`} />
              <CardBody className="flex flex-col gap-3">
                <p className="text-sm text-slate-700">
                  {current.enabled && current.phase === 'RUNNING' ? (
                    <Trans>Teilen Sie diese Adresse, damit Menschen für die Kampagne spenden können.</Trans>
                  ) : (
                    <Trans>
                      Die Seite nimmt erst Spenden an, wenn die Kampagne aktiviert ist und ihr Spendenzeitraum läuft.
                    </Trans>
                  )}
                </p>
                <DonationPageLink campaignId={current.documentId} showUrl />
              </CardBody>
            </Card>
          </div>
        </div>
        {renderDonations(current, clubName)}
      </div>
    </>
  )
}
