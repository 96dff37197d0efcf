import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useGetInvitation } from '#src/api/generated/query/endpoints/users/users.ts'
import type { InvitationCheck } from '#openapi/generated/model/invitationCheck.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { AcceptWithAccount } from './components/accept-with-account.tsx'
import { InvitationForm } from './components/invitation-form.tsx'
import { ClosedInvitation, InvitationSummary } from './components/invitation-summary.tsx'

const route = getRouteApi('/acceptInvitation')

/**
 * `/acceptInvitation?token=…`: the link is checked first (`GET users/invitation`), so an expired, used,
 * replaced, withdrawn or unknown invitation says so before anyone types a password. A valid one shows the
 * club and the invited address; a person without an account sets name and password and joins the club, one
 * with an account signs in and accepts.
 */
export const AcceptInvitationPage = () => {
  const { t } = useLingui()
  const { token } = route.useSearch()
  const check = useGetInvitation({ token: token ?? '' }, { query: { enabled: Boolean(token) } })
  const invitation = check.data

  const description =
    invitation?.status !== 'VALID'
      ? undefined
      : invitation.hasAccount
        ? t`Nehmen Sie die Einladung mit Ihrem bestehenden Benutzerkonto an.`
        : t`Legen Sie Ihr Benutzerkonto an, um dem Verein beizutreten.`

  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader title={t`Einladung annehmen`} description={description} />
      {!token ? (
        <Alert tone="error" role="alert" title={t`Kein Token vorhanden`}>
          <Trans>
            Der Einladungslink ist unvollständig. Bitte öffnen Sie den Link aus Ihrer Einladungs-E-Mail noch einmal
            vollständig.
          </Trans>
        </Alert>
      ) : check.isPending ? (
        <LoadingBlock>
          <Trans>Einladung wird geprüft …</Trans>
        </LoadingBlock>
      ) : check.isError ? (
        <CheckFailure error={check.error} onRetry={() => void check.refetch()} />
      ) : (
        <ValidOrClosed token={token} invitation={check.data} />
      )}
    </div>
  )
}

const ValidOrClosed = ({ token, invitation }: { token: string; invitation: InvitationCheck }) => {
  if (invitation.status !== 'VALID') return <ClosedInvitation invitation={invitation} />
  return (
    <div className="flex flex-col gap-4">
      <InvitationSummary invitation={invitation} />
      <Card>
        <CardBody className="py-6">
          {invitation.hasAccount ? (
            <AcceptWithAccount token={token} invitation={invitation} />
          ) : (
            <InvitationForm token={token} />
          )}
        </CardBody>
      </Card>
    </div>
  )
}

/** The invitation could not be checked: an unknown token is "Nicht gefunden", a rate limit says when to retry. */
const CheckFailure = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useLingui()
  const tooMany = tooManyRequestsMessage(error)
  return (
    <QueryError
      error={error}
      title={tooMany ? t`Zu viele Versuche` : t`Die Einladung konnte nicht geprüft werden`}
      messages={{
        'not-found': t`Diese Einladung gibt es nicht. Bitte prüfen Sie, ob Sie den Link aus der E-Mail vollständig geöffnet haben.`,
        server: tooMany ?? t`Bitte versuchen Sie es in einem Moment erneut.`,
      }}
      onRetry={onRetry}
    />
  )
}
