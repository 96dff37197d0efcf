import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from 'sonner'
import type { User } from '@/api/generated/query/model/user'
import { Alert } from '@/components/ui/alert'
import { ConfirmDialog, useLastDefined } from '@/components/ui/dialog'
import { problemKind } from '@/lib/api-errors'
import { useDeleteUserMutation } from '../api/user-mutations'

interface DeleteUserDialogProps {
  user: User | null
  onOpenChange: (open: boolean) => void
}

/**
 * Asks before deleting. The backend refuses to delete the caller or the last administrator (409
 * `self-delete` / `last-admin`); the dialog then says why, in German, instead of a bare error.
 */
export const DeleteUserDialog = ({ user, onOpenChange }: DeleteUserDialogProps) => {
  const { t } = useLingui()
  const remove = useDeleteUserMutation()
  // The last shown user stays in the dialog while it fades out.
  const shown = useLastDefined(user)
  // A refusal belongs to the user it was given for: opening the dialog for another user starts without one.
  const [refusal, setRefusal] = useState<{ user: User; message: string | null } | null>(null)
  const refusalMessage = refusal?.user === shown ? refusal.message : null

  const explain = (error: unknown): string | null => {
    switch (problemKind(error)) {
      case 'self-delete':
        return t`Sie können Ihr eigenes Benutzerkonto nicht löschen. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.`
      case 'last-admin':
        return t`Das ist die letzte Administratorin bzw. der letzte Administrator. Ernennen Sie zuerst eine andere Person zur Administratorin oder zum Administrator.`
      default:
        return null
    }
  }

  const confirm = () => {
    if (!shown) return
    remove.mutate(
      { uid: shown.uid },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          setRefusal({ user: shown, message: explain(error) })
          toast.error(t`Fehler beim Löschen des Benutzers`)
        },
      },
    )
  }

  const name = shown ? `${shown.firstName} ${shown.lastName}` : ''
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={t`Benutzer löschen?`}
      description={t`${name} (${shown?.email ?? ''}) wird mit dem Anmeldekonto gelöscht und aus allen Vereinen entfernt. Das kann nicht rückgängig gemacht werden.`}
      confirmLabel={t`Endgültig löschen`}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
    >
      {refusalMessage && (
        <Alert tone="error" role="alert" title={<Trans>Fehler beim Löschen des Benutzers</Trans>}>
          {refusalMessage}
        </Alert>
      )}
    </ConfirmDialog>
  )
}
