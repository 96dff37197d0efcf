import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useGetClubRoles } from '#src/api/generated/query/endpoints/club-roles/club-roles.ts'
import { getGetClubUsersQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { problemStatus } from '#src/lib/api-errors.ts'
import { useChangeMemberRole } from '#src/features/dashboard/api/member-mutations.ts'
import { mayGrant, rightsRefusal, type ClubRights } from '#src/features/dashboard/club-rights.ts'
import { changeRoleSchema, type ChangeRoleValues } from '#src/features/dashboard/schemas.ts'

interface ChangeRoleDialogProps {
  clubId: string
  /** The member whose club role changes, or null (closed). */
  member: ClubMember | null
  rights: ClubRights
  onClose: () => void
  fallbackFocus: () => HTMLElement | null
}

/**
 * Gives a member another club role. Only roles whose rights the person holds are offered (the backend
 * refuses the others); a refusal (the last person who may manage money or members) is explained here.
 */
export const ChangeRoleDialog = ({ clubId, member, rights, onClose, fallbackFocus }: ChangeRoleDialogProps) => {
  const { t } = useLingui()
  const name = member ? `${member.firstName} ${member.lastName}`.trim() : ''
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Rolle von ${name} ändern`}
      fallbackFocus={fallbackFocus}
    >
      {member && <ChangeRoleForm key={member.uid} clubId={clubId} member={member} rights={rights} onDone={onClose} />}
    </Dialog>
  )
}

const ChangeRoleForm = ({
  clubId,
  member,
  rights,
  onDone,
}: {
  clubId: string
  member: ClubMember
  rights: ClubRights
  onDone: () => void
}) => {
  const { t } = useLingui()
  const formId = useId()
  const roles = useGetClubRoles()
  const change = useChangeMemberRole()
  const queryClient = useQueryClient()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<ChangeRoleValues>({
    resolver: zodResolver(changeRoleSchema),
    defaultValues: { clubRoleId: member.clubRoleId },
  })
  const options = (roles.data ?? [])
    .filter((role) => role.id === member.clubRoleId || mayGrant(rights, role))
    .map((role) => ({ value: role.id, label: role.name }))

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.clubRoleId === member.clubRoleId) return onDone()
    try {
      await change.mutateAsync({ clubId, uid: member.uid!, data: values })
      onDone()
    } catch (error) {
      setRefusal(
        rightsRefusal(error) ??
          (problemStatus(error) === 404
            ? t`Diese Person oder diese Rolle gibt es nicht mehr. Die Liste ist jetzt aktuell.`
            : t`Das hat nicht geklappt. Bitte versuchen Sie es in einem Moment erneut.`),
      )
      if (problemStatus(error) === 404 || problemStatus(error) === 409)
        await queryClient.invalidateQueries({ queryKey: getGetClubUsersQueryKey(clubId) })
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <Trans>
          Die Rolle bestimmt, was die Person im Verein darf: Geld verwalten (Bankdaten, Kartenzahlung, Erstattungen) und
          Mitglieder verwalten.
        </Trans>
      </p>
      <SelectField
        label={t`Rolle im Verein`}
        required
        placeholder={roles.isPending ? t`Rollen werden geladen …` : undefined}
        options={options}
        error={
          form.formState.errors.clubRoleId?.message ??
          (roles.isError ? t`Die Rollen konnten nicht geladen werden.` : undefined)
        }
        {...form.register('clubRoleId')}
      />
      {refusal && (
        <Alert tone="error" role="alert" title={<Trans>Das ging nicht</Trans>}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} pending={change.isPending}>
          <Trans>Rolle ändern</Trans>
        </Button>
      </div>
    </form>
  )
}
