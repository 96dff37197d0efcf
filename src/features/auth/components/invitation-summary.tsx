import { Trans, useLingui } from '@lingui/react/macro'
import type { InvitationCheck } from '#openapi/generated/model/invitationCheck.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { formatDateTime } from '#src/lib/format.ts'

/** What a valid invitation is for: the club, the role, the invited address and until when it holds. */
export const InvitationSummary = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useLingui()
  const rows = [
    { label: t`Verein`, value: invitation.clubName },
    { label: t`Rolle im Verein`, value: invitation.clubRoleName },
    { label: t`E-Mail-Adresse`, value: invitation.email },
    { label: t`Gültig bis`, value: formatDateTime(invitation.expiresAt) },
  ]
  return (
    <section aria-label={t`Ihre Einladung`} className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3">
      <p className="text-sm text-sky-900">
        <Trans>
          Sie wurden in den Verein <strong>{invitation.clubName}</strong> eingeladen.
        </Trans>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium break-all text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * An invitation that can no longer be accepted, and why, before anyone types a password: expired, used,
 * replaced by a newer one, or withdrawn by the club.
 */
export const ClosedInvitation = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useLingui()
  const club = invitation.clubName
  const email = invitation.email
  const signIn = (
    <ButtonLink to="/login" size="sm" variant="secondary">
      <Trans>Zur Anmeldung</Trans>
    </ButtonLink>
  )
  switch (invitation.status) {
    case 'EXPIRED': {
      const until = formatDateTime(invitation.expiresAt)
      return (
        <Alert tone="error" role="alert" title={t`Token abgelaufen`}>
          <Trans>
            Die Einladung in den Verein {club} war bis {until} gültig. Bitten Sie den Verein, Sie noch einmal
            einzuladen.
          </Trans>
        </Alert>
      )
    }
    case 'USED':
      return (
        <Alert tone="error" role="alert" title={t`Einladung bereits angenommen`} actions={signIn}>
          <Trans>
            Die Einladung in den Verein {club} wurde schon angenommen. Wenn Sie das waren, melden Sie sich mit {email}{' '}
            an.
          </Trans>
        </Alert>
      )
    case 'REPLACED':
      return (
        <Alert tone="error" role="alert" title={t`Einladung ersetzt`}>
          <Trans>
            Der Verein {club} hat Ihnen eine neuere Einladung geschickt; dieser Link gilt nicht mehr. Bitte öffnen Sie
            den Link aus der neuesten Einladungs-E-Mail an {email}.
          </Trans>
        </Alert>
      )
    case 'WITHDRAWN':
      return (
        <Alert tone="error" role="alert" title={t`Einladung zurückgezogen`}>
          <Trans>
            Der Verein {club} hat diese Einladung zurückgezogen. Bei Fragen wenden Sie sich bitte direkt an den Verein.
          </Trans>
        </Alert>
      )
    default:
      return null
  }
}
