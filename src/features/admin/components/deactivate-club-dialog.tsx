import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import * as RadixDialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, useLastDefined } from '@/components/ui/dialog'
import { TextAreaField } from '@/components/ui/field'
import { problemKind } from '@/lib/api-errors'
import { useDeactivateClubMutation } from '../api/club-release-mutations'
import { deactivationSchema, type DeactivationValues } from '../schemas'
import type { ClubAction } from './club-release-item'

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
  const formId = useId()
  const deactivate = useDeactivateClubMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(deactivationSchema()))
  const form = useForm<DeactivationValues>({ resolver, defaultValues: { reason: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null)
    try {
      await deactivate.mutateAsync({ clubId: action.club.id, data: { reason } })
      onDone()
    } catch (error) {
      const message =
        problemKind(error) === 'invalid-transition'
          ? t`Der Verein ist bereits inaktiv. Die Liste wurde aktualisiert.`
          : t`Fehler beim Ändern des Vereinsstatus`
      // The reason stays in the field, so it need not be typed again.
      setFailure(message)
      toast.error(message)
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <TextAreaField
        label={t`Grund`}
        required
        rows={3}
        maxLength={500}
        hint={t`3 bis 500 Zeichen, zum Beispiel: „Der Bescheid über die Spendenbegünstigung ist abgelaufen.“`}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <RadixDialog.Close asChild>
          <Button variant="secondary" autoFocus>
            <Trans>Abbrechen</Trans>
          </Button>
        </RadixDialog.Close>
        <Button type="submit" form={formId} variant="danger" pending={deactivate.isPending}>
          <Trans>Deaktivieren</Trans>
        </Button>
      </div>
    </form>
  )
}
