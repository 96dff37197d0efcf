import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from '#src/lib/toast.ts'
import { useGetUserDeletionImpact } from '#src/api/generated/query/endpoints/users/users.ts'
import type { User } from '#openapi/generated/model/user.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { problemKind } from '#src/lib/api-errors.ts'
import { useDeleteUserMutation } from '#src/features/users/api/user-mutations.ts'

interface DeleteUserDialogProps {
  user: User | null
  onOpenChange: (open: boolean) => void
}

/**
 * Asks before deleting, and first says which clubs would be left without anyone who represents them (the
 * user is their only member; `GET users/{uid}/deletionImpact`). The backend refuses to delete the caller
 * or the last administrator (409 `self-delete` / `last-admin`); the dialog then says why, in German,
 * instead of a bare error.
 */
export const DeleteUserDialog = ({ user, onOpenChange }: DeleteUserDialogProps) => {
  const { t } = useLingui()
  const remove = useDeleteUserMutation()
  // The last shown user stays in the dialog while it fades out.
  const shown = useLastDefined(user)
  // A refusal belongs to the user it was given for: opening the dialog for another user starts without one.
  const [refusal, setRefusal] = useState<{ user: User; message: string | null } | null>(null)
  const refusalMessage = refusal?.user === shown ? refusal.message : null
  // Asked afresh each time the dialog opens: memberships change.
  const impact = useGetUserDeletionImpact(shown?.uid ?? '', {
    query: { enabled: user !== null, staleTime: 0, gcTime: 0 },
  })
  const soleClubs = impact.data?.soleRepresentativeOf ?? []

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
      pending={remove.isPending || (user !== null && impact.isPending)}
      onConfirm={confirm}
    >
      {impact.isPending ? (
        <LoadingBlock>
          <Trans>Vereine der Person werden geprüft …</Trans>
        </LoadingBlock>
      ) : impact.isError ? (
        <Alert tone="warning" title={<Trans>Vereine konnten nicht geprüft werden</Trans>}>
          <Trans>Ob Vereine danach ohne Vertretung bleiben, ist nicht bekannt.</Trans>
        </Alert>
      ) : (
        soleClubs.length > 0 && (
          <Alert
            tone="warning"
            title={
              <Plural
                value={soleClubs.length}
                one="Ein Verein bleibt ohne Vertretung"
                other="# Vereine bleiben ohne Vertretung"
              />
            }
            className="mb-3"
          >
            <p>
              <Trans>
                {name} ist die einzige Person, die diese Vereine im Portal vertritt. Nach dem Löschen verwaltet sie
                niemand mehr, bis eine neue Person eingeladen wird:
              </Trans>
            </p>
            <ul className="mt-1 list-disc pl-5" aria-label={t`Vereine ohne Vertretung`}>
              {soleClubs.map((club) => (
                <li key={club.id}>{club.name}</li>
              ))}
            </ul>
          </Alert>
        )
      )}
      {refusalMessage && (
        <Alert tone="error" role="alert" title={<Trans>Fehler beim Löschen des Benutzers</Trans>}>
          {refusalMessage}
        </Alert>
      )}
    </ConfirmDialog>
  )
}
