import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getGetClubUsersQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import {
  useRemoveMember,
  useResendInvitation,
  useWithdrawInvitation,
} from '#src/features/dashboard/api/member-mutations.ts'
import { rightsRefusal } from '#src/features/dashboard/club-rights.ts'

export type MemberAction = { kind: 'remove' | 'withdraw' | 'resend'; member: ClubMember }

interface MemberActionDialogProps {
  clubId: string
  action: MemberAction | null
  onClose: () => void
  /** Where the focus goes when the row whose button opened the dialog is gone. */
  fallbackFocus: () => HTMLElement | null
}

/**
 * Asks before taking a member out of the club, withdrawing an invitation or sending it again. The list is
 * loaded afresh before the dialog closes, so the row is gone (or shows the new invitation) when the focus
 * comes back; a refusal (the last member, an invitation accepted meanwhile) is explained in the dialog.
 */
export const MemberActionDialog = ({ clubId, action, onClose, fallbackFocus }: MemberActionDialogProps) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const remove = useRemoveMember()
  const withdraw = useWithdrawInvitation()
  const resend = useResendInvitation()
  const shown = useLastDefined(action)
  // A refusal belongs to the action it was given for: the next dialog starts without one.
  const [refusal, setRefusal] = useState<{ action: MemberAction; message: string } | null>(null)
  const refusalMessage = refusal?.action === shown ? refusal.message : null
  const pending = remove.isPending || withdraw.isPending || resend.isPending

  const explain = (error: unknown): string => {
    const refusedByRights = rightsRefusal(error)
    if (refusedByRights) return refusedByRights
    switch (problemKind(error)) {
      case 'last-member':
        return t`Die letzte Person im Verein kann nicht entfernt werden: Der Verein braucht mindestens eine Vertretung im Portal. Laden Sie zuerst eine andere Person ein.`
      case 'invitation-not-open':
        return t`Diese Einladung wurde inzwischen angenommen, ersetzt oder zurückgezogen. Die Liste ist jetzt aktuell.`
      case 'already-member':
        return t`Diese Person ist inzwischen Mitglied des Vereins.`
      default:
        return problemStatus(error) === 404
          ? t`Diesen Eintrag gibt es nicht mehr. Die Liste ist jetzt aktuell.`
          : t`Das hat nicht geklappt. Bitte versuchen Sie es in einem Moment erneut.`
    }
  }

  const confirm = async () => {
    if (!shown) return
    const { kind, member } = shown
    try {
      if (kind === 'remove' && member.uid) await remove.mutateAsync({ clubId, uid: member.uid })
      else if (member.invitationId) {
        const variables = { clubId, invitationId: member.invitationId }
        if (kind === 'withdraw') await withdraw.mutateAsync(variables)
        else await resend.mutateAsync(variables)
      }
      onClose()
    } catch (error) {
      setRefusal({ action: shown, message: explain(error) })
      // What changed meanwhile shows in the list behind the dialog.
      if (problemStatus(error) === 403 || problemStatus(error) === 404 || problemStatus(error) === 409)
        await queryClient.invalidateQueries({ queryKey: getGetClubUsersQueryKey(clubId) })
    }
  }

  const member = shown?.member
  const name = member ? `${member.firstName} ${member.lastName}`.trim() : ''
  const email = member?.email ?? ''
  const texts =
    shown?.kind === 'remove'
      ? {
          title: t`Mitglied entfernen?`,
          description: t`${name} (${email}) wird aus dem Verein entfernt und kann ihn im Portal nicht mehr vertreten. Das Benutzerkonto bleibt bestehen.`,
          confirm: t`Entfernen`,
          destructive: true,
        }
      : shown?.kind === 'withdraw'
        ? {
            title: t`Einladung zurückziehen?`,
            description: t`Der Link in der Einladung an ${email} funktioniert danach nicht mehr.`,
            confirm: t`Zurückziehen`,
            destructive: true,
          }
        : {
            title: t`Einladung erneut senden?`,
            description: t`${email} erhält eine neue E-Mail mit einem neuen Link, der wieder 72 Stunden gilt. Der Link der bisherigen Einladung funktioniert danach nicht mehr.`,
            confirm: t`Erneut senden`,
            destructive: false,
          }

  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      destructive={texts.destructive}
      pending={pending}
      onConfirm={() => void confirm()}
      fallbackFocus={fallbackFocus}
    >
      {refusalMessage && (
        <Alert tone="error" role="alert" title={<Trans>Das ging nicht</Trans>}>
          {refusalMessage}
        </Alert>
      )}
    </ConfirmDialog>
  )
}
