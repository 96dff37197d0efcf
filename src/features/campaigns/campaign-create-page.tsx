import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { useGetClubOverview } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { CheckboxField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { toastSaveFailure } from '#src/lib/api-errors.ts'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { useCreateCampaignMutation } from './api/campaign-mutations.ts'
import { CampaignForm } from './components/campaign-form.tsx'
import { createCampaignBody, emptyCampaignForm } from './schemas.ts'
import { applyCampaignServerErrors } from './server-errors.ts'

const route = getRouteApi('/_authenticated/campaign/$clubId/')

/** `/campaign/$clubId`: a new campaign of the club (spec §2, §3). */
export const CampaignCreatePage = () => {
  const { t } = useLingui()
  const { clubId } = route.useParams()
  const navigate = useNavigate()
  const me = useCurrentUser()
  const overview = useGetClubOverview(clubId)
  const create = useCreateCampaignMutation()
  const [enabled, setEnabled] = useState(true)
  const [created, setCreated] = useState<Campaign | null>(null)
  const clubName = overview.data?.club.name ?? ''

  // Navigate once the form has re-rendered without its unsaved-changes guard.
  useEffect(() => {
    if (created) {
      void navigate({
        to: '/campaign/$clubId/$campaignId',
        params: { clubId: created.clubId, campaignId: created.documentId },
      })
    }
  }, [created, navigate])

  const back = (
    <ButtonLink to="/home" search={{ id: clubId }} variant="secondary">
      <Trans>Zurück zur Übersicht</Trans>
    </ButtonLink>
  )

  // The form is offered only for a club that exists and that this person may open: access and
  // existence are known before anybody types.
  if (me.isPending || overview.isPending) {
    return (
      <>
        <PageHeader title={t`Kampagne anlegen`} actions={back} />
        <LoadingBlock />
      </>
    )
  }

  if (me.data?.role === 'ROLE_STAFF') {
    return (
      <>
        <PageHeader title={t`Kampagne anlegen`} actions={back} />
        <Alert tone="warning" title={t`Kein Zugriff`}>
          <Trans>Mitarbeiter/innen sehen Kampagnen, legen aber keine an.</Trans>
        </Alert>
      </>
    )
  }

  if (overview.isError && !overview.data) {
    return (
      <>
        <PageHeader title={t`Kampagne anlegen`} actions={back} />
        <QueryError
          error={overview.error}
          title={t`Der Verein konnte nicht geladen werden.`}
          messages={{
            forbidden: t`Sie haben keinen Zugriff auf diesen Verein und können für ihn keine Kampagne anlegen.`,
            'not-found': t`Diesen Verein gibt es nicht (mehr).`,
          }}
          onRetry={() => void overview.refetch()}
        />
      </>
    )
  }

  return (
    <>
      <PageHeader
        title={t`Kampagne anlegen`}
        description={t`Eine neue Spendenkampagne für ${clubName}.`}
        actions={back}
      />
      <Card>
        <CardBody>
          <CampaignForm
            defaultValues={emptyCampaignForm}
            submitLabel={t`Kampagne anlegen`}
            pending={create.isPending}
            onSubmit={async (values, form, allowLeave) => {
              try {
                const campaign = await create.mutateAsync({ data: createCampaignBody(values, clubId, enabled) })
                allowLeave()
                setCreated(campaign)
              } catch (error) {
                applyCampaignServerErrors(error, form)
                // Spec §8: the campaign form's failure message (with why, when the connection failed).
                toastSaveFailure(t`Fehler beim Erstellen der Kampagne`, error)
              }
            }}
          >
            <CheckboxField
              label={t`Kampagne sofort aktivieren`}
              hint={t`Eine deaktivierte Kampagne nimmt keine Spenden an; Sie können sie später aktivieren.`}
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
            />
          </CampaignForm>
        </CardBody>
      </Card>
    </>
  )
}
