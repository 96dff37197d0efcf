import { Trans, useLingui } from '@lingui/react/macro'
import { Dialog, useLastDefined } from '@/components/ui/dialog'
import { problemKind } from '@/lib/api-errors'
import { useDeactivateClubMutation } from '../api/club-release-mutations'
import { deactivationSchema } from '../schemas'
import type { ClubAction } from './club-release-item'
import { ReasonForm } from './reason-form'

type DeactivateAction = Extract<ClubAction, { kind: 'deactivate' }>

/**
 * Deactivating a club (or rejecting a registration) asks for the reason: the club reads it on its
 * dashboard, and the audit log keeps it.
 */
export const DeactivateClubDialog = ({ action, onClose }: { action: DeactivateAction | null; onClose: () => void }) => {
  const { t } = useLingui()
  const shown = useLastDefined(action)
  const club = shown?.club
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`${club?.name ?? ''} deaktivieren?`}
      description={
        club?.status === 'PROCESSING'
          ? t`Die Registrierung wird abgelehnt: Der Verein wird inaktiv. Er kann später wieder aktiviert werden, wenn sein Profil vollständig ist. Der Grund wird dem Verein angezeigt.`
          : t`Der Verein wird inaktiv und kann keine Spenden mehr annehmen, bis er wieder aktiviert wird. Der Grund wird dem Verein angezeigt.`
      }
    >
      {action && <DeactivateForm key={action.club.id} action={action} onDone={onClose} />}
    </Dialog>
  )
}

const DeactivateForm = ({ action, onDone }: { action: DeactivateAction; onDone: () => void }) => {
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
