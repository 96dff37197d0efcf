import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { getGetClubsOfUserQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCurrentUserQueryKey, useAcceptInvitation } from '#src/api/generated/query/endpoints/users/users.ts'
import type { InvitationCheck } from '#openapi/generated/model/invitationCheck.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { useAuth, useAuthUser } from '#src/lib/auth/use-auth.ts'

/**
 * A valid invitation to an address that has an account already: the person signs in with that account
 * (and comes back here), then accepts with "Einladung annehmen" (`POST users/acceptInvitation`). Signed in
 * with another address, they are told so and can sign out.
 */
export const AcceptWithAccount = ({ token, invitation }: { token: string; invitation: InvitationCheck }) => {
  const { t } = useLingui()
  const auth = useAuth()
  const user = useAuthUser()
  const queryClient = useQueryClient()
  const [signingOut, setSigningOut] = useState(false)
  const accept = useAcceptInvitation({
    mutation: {
      onSuccess: async () => {
        // The new club belongs to the user now: their record and club list are loaded afresh, also where
        // no screen shows them yet (the dashboard reads them from the cache).
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getGetCurrentUserQueryKey(), refetchType: 'all' }),
          user
            ? queryClient.invalidateQueries({ queryKey: getGetClubsOfUserQueryKey(user.uid), refetchType: 'all' })
            : null,
        ])
      },
    },
  })
  const email = invitation.email
  const club = invitation.clubName

  if (accept.isSuccess) {
    const { clubId, clubName, clubRoleName } = accept.data
    return (
      <Alert
        tone="success"
        role="status"
        title={t`Einladung angenommen`}
        actions={
          <ButtonLink to="/home" search={{ id: clubId }}>
            <Trans>Zur Übersicht des Vereins</Trans>
          </ButtonLink>
        }
      >
        <Trans>
          Sie sind jetzt als {clubRoleName} beim Verein {clubName} eingetragen.
        </Trans>
      </Alert>
    )
  }

  if (!auth.isReady) {
    return (
      <LoadingBlock>
        <Trans>Anmeldung wird geprüft …</Trans>
      </LoadingBlock>
    )
  }

  if (!user?.uid || !user.emailVerified) {
    return (
      <Alert
        tone="info"
        role="status"
        title={t`Sie haben bereits ein Benutzerkonto`}
        actions={
          <ButtonLink to="/login" search={{ redirect: `/acceptInvitation?token=${encodeURIComponent(token)}` }}>
            <Trans>Anmelden</Trans>
          </ButtonLink>
        }
      >
        <Trans>
          Zu {email} gibt es schon ein Benutzerkonto. Melden Sie sich damit an, um die Einladung anzunehmen; danach
          kommen Sie hierher zurück.
        </Trans>
      </Alert>
    )
  }

  const current = user.email ?? ''
  if (current.toLowerCase() !== email.toLowerCase()) {
    return (
      <Alert
        tone="warning"
        role="status"
        title={t`Sie sind mit einer anderen E-Mail-Adresse angemeldet`}
        actions={
          <Button
            variant="secondary"
            size="sm"
            pending={signingOut}
            onClick={() => {
              setSigningOut(true)
              void auth.signOut().finally(() => setSigningOut(false))
            }}
          >
            <Trans>Abmelden</Trans>
          </Button>
        }
      >
        <Trans>
          Sie sind als {current} angemeldet, die Einladung gilt aber für {email}. Melden Sie sich ab und mit {email}{' '}
          wieder an.
        </Trans>
      </Alert>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      {accept.isError && <AcceptFailure error={accept.error} />}
      <p className="text-sm text-slate-700">
        <Trans>
          Sie sind als {current} angemeldet. Mit „Einladung annehmen“ treten Sie dem Verein {club} bei.
        </Trans>
      </p>
      <Button className="self-end" pending={accept.isPending} onClick={() => accept.mutate({ params: { token } })}>
        <Trans>Einladung annehmen</Trans>
      </Button>
    </div>
  )
}

const AcceptFailure = ({ error }: { error: unknown }) => {
  const { t } = useLingui()
  const alert = (title: string, body: ReactNode) => (
    <Alert tone="error" role="alert" title={title}>
      {body}
    </Alert>
  )
  switch (problemKind(error)) {
    case 'already-member':
      return alert(
        t`Sie sind bereits Mitglied`,
        <Trans>Sie gehören diesem Verein schon an. Sie finden ihn in der Übersicht unter „Aktiver Verein“.</Trans>,
      )
    case 'token-expired':
      return alert(
        t`Token abgelaufen`,
        <Trans>Diese Einladung ist nicht mehr gültig. Bitten Sie Ihren Verein, Sie noch einmal einzuladen.</Trans>,
      )
    case 'token-used':
      return alert(t`Einladung bereits angenommen`, <Trans>Diese Einladung wurde schon verwendet.</Trans>)
    case 'token-replaced':
      return alert(t`Einladung ersetzt`, <Trans>Bitte öffnen Sie den Link aus der neuesten Einladungs-E-Mail.</Trans>)
    case 'token-withdrawn':
      return alert(t`Einladung zurückgezogen`, <Trans>Der Verein hat diese Einladung zurückgezogen.</Trans>)
    case 'invitation-other-address':
      return alert(
        t`Einladung für eine andere E-Mail-Adresse`,
        <Trans>Melden Sie sich mit der Adresse an, an die die Einladung geschickt wurde.</Trans>,
      )
    default:
      return problemStatus(error) === 404
        ? alert(t`Einladung nicht gefunden`, <Trans>Diese Einladung gibt es nicht.</Trans>)
        : alert(
            t`Einladung konnte nicht angenommen werden`,
            <Trans>Bitte versuchen Sie es in einem Moment erneut.</Trans>,
          )
  }
}
