import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import { useGetClubRoles } from '#src/api/generated/query/endpoints/club-roles/club-roles.ts'
import { Button } from '#src/components/ui/button.tsx'
import { SelectField, TextField } from '#src/components/ui/field.tsx'
import { isConnectionFailure, problemKind, problemStatus, toastSaveFailure } from '#src/lib/api-errors.ts'
import { useInviteMember } from '#src/features/dashboard/api/invite-member.ts'
import { mayGrant, rightsRefusal, type ClubRights } from '#src/features/dashboard/club-rights.ts'
import { inviteMemberSchema, type InviteMemberValues } from '#src/features/dashboard/schemas.ts'

/**
 * Spec §2: invite a person into the club with a club role; the invitation travels by e-mail. Only the
 * club roles whose rights the inviting person holds are offered (the backend refuses the others).
 */
export const InviteMemberForm = ({ clubId, rights }: { clubId: string; rights: ClubRights }) => {
  const { t } = useLingui()
  const roles = useGetClubRoles()
  const invite = useInviteMember()
  const form = useForm<InviteMemberValues>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', clubRoleId: '' },
  })
  const { register, handleSubmit, setError, reset, formState } = form

  const onSubmit = async (values: InviteMemberValues) => {
    try {
      await invite.mutateAsync({ clubId, data: values })
      // Address and role together: the next person gets a role chosen for them, not the last one's.
      reset()
    } catch (error) {
      // A person with an account is invited like anyone else (they accept after signing in); only a member
      // of this club is refused (409 `already-member`).
      const refusedByRights = rightsRefusal(error)
      if (refusedByRights) {
        setError('clubRoleId', { type: 'server', message: refusedByRights }, { shouldFocus: true })
      } else if (problemKind(error) === 'already-member') {
        setError(
          'email',
          { type: 'server', message: t`Diese Person ist bereits Mitglied des Vereins.` },
          { shouldFocus: true },
        )
      } else if (problemStatus(error) === 409) {
        setError('email', { type: 'server', message: t`User ist bereits vorhanden` }, { shouldFocus: true })
      } else if (isConnectionFailure(error)) {
        toastSaveFailure(t`Die Einladung konnte nicht versendet werden.`, error)
      } else {
        toast.error(t`Die Einladung konnte nicht versendet werden. Bitte versuchen Sie es erneut.`)
      }
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby="einladen-title"
      className="flex flex-col gap-3"
    >
      <h3 id="einladen-title" className="font-semibold text-slate-900">
        <Trans>Person einladen</Trans>
      </h3>
      <p className="text-sm text-slate-600">
        <Trans>
          Die Person erhält eine E-Mail mit einem Link, über den sie dem Verein beitritt: mit einem neuen Benutzerkonto
          oder, wenn sie schon eines hat, nach der Anmeldung.
        </Trans>
      </p>
      <TextField
        type="email"
        autoComplete="off"
        label={t`E-Mail-Adresse`}
        required
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <SelectField
        label={t`Rolle im Verein`}
        required
        placeholder={roles.isPending ? t`Rollen werden geladen …` : t`Bitte wählen`}
        options={(roles.data ?? [])
          .filter((role) => mayGrant(rights, role))
          .map((role) => ({ value: role.id, label: role.name }))}
        error={
          formState.errors.clubRoleId?.message ??
          (roles.isError ? t`Die Rollen konnten nicht geladen werden.` : undefined)
        }
        {...register('clubRoleId')}
      />
      <div>
        <Button type="submit" pending={invite.isPending}>
          <Trans>Einladung senden</Trans>
        </Button>
      </div>
    </form>
  )
}
