import { Trans, useLingui } from '@lingui/react/macro'
import { problemKind } from '#src/lib/api-errors.ts'
import { useDeactivateClubMutation } from '#src/features/admin/api/club-release-mutations.ts'
import { useRejectPaymentAccountMutation } from '#src/features/admin/api/payment-account-mutations.ts'
import { deactivationSchema, rejectionSchema } from '#src/features/admin/schemas.ts'
import type { ClubAction } from './club-release-item.tsx'
import type { PaymentAction } from './payment-account-panel.tsx'
import { ReasonForm } from './reason-form.tsx'

/*
 * The two forms that ask why (deactivating a club, deactivating its payment account), in a chunk of their
 * own: react-hook-form and zod load when the release tab is idle or a dialog opens, not with /admin
 * (docs/decisions/0018). The dialogs around them are in deactivate-club-dialog.tsx and
 * payment-account-dialogs.tsx.
 */

export const DeactivateForm = ({
  action,
  onDone,
}: {
  action: Extract<ClubAction, { kind: 'deactivate' }>
  onDone: () => void
}) => {
  const { t } = useLingui()
  const deactivate = useDeactivateClubMutation()
  return (
    <ReasonForm
      schema={deactivationSchema}
      hint={t`3 bis 500 Zeichen, zum Beispiel: „Der Bescheid über die Spendenbegünstigung ist abgelaufen.“`}
      submitLabel={<Trans>Deaktivieren</Trans>}
      pending={deactivate.isPending}
      send={(reason) => deactivate.mutateAsync({ clubId: action.club.id, data: { reason } })}
      failureMessage={(error) =>
        problemKind(error) === 'invalid-transition'
          ? t`Der Verein ist bereits inaktiv. Die Liste wurde aktualisiert.`
          : t`Fehler beim Ändern des Vereinsstatus`
      }
      onDone={onDone}
    />
  )
}

export const RejectForm = ({
  action,
  onDone,
}: {
  action: Extract<PaymentAction, { kind: 'reject' }>
  onDone: () => void
}) => {
  const { t } = useLingui()
  const reject = useRejectPaymentAccountMutation()
  return (
    <ReasonForm
      schema={rejectionSchema}
      hint={t`3 bis 500 Zeichen, zum Beispiel: „Die Identität der vertretungsberechtigten Person ist nicht bestätigt.“`}
      submitLabel={<Trans>Zahlungskonto deaktivieren</Trans>}
      pending={reject.isPending}
      send={(reason) =>
        reject.mutateAsync({ accountId: action.account.accountId, clubId: action.club.id, data: { reason } })
      }
      failureMessage={(error) =>
        problemKind(error) === 'payment-account-state'
          ? t`Das Zahlungskonto ist bereits deaktiviert oder gelöscht. Die Liste wurde aktualisiert.`
          : t`Fehler beim Deaktivieren des Zahlungskontos`
      }
      onDone={onDone}
    />
  )
}
