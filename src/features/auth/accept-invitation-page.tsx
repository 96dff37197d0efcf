import '@/lib/i18n/screen-messages'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { Alert } from '@/components/ui/alert'
import { Card, CardBody } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { InvitationForm } from './components/invitation-form'

const route = getRouteApi('/acceptInvitation')

/** `/acceptInvitation?token=…`: the invited person sets name and password and joins the club. */
export const AcceptInvitationPage = () => {
  const { t } = useLingui()
  const { token } = route.useSearch()
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader
        title={t`Einladung annehmen`}
        description={t`Legen Sie Ihr Benutzerkonto an, um dem Verein beizutreten.`}
      />
      {token ? (
        <Card>
          <CardBody className="py-6">
            <InvitationForm token={token} />
          </CardBody>
        </Card>
      ) : (
        <Alert tone="error" role="alert" title={t`Kein Token vorhanden`}>
          <Trans>
            Der Einladungslink ist unvollständig. Bitte öffnen Sie den Link aus Ihrer Einladungs-E-Mail noch einmal
            vollständig.
          </Trans>
        </Alert>
      )}
    </div>
  )
}
