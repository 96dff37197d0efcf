import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useForm, type Path, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import type { User } from '#openapi/generated/model/user.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { RequiredNote, SelectField, TextField } from '#src/components/ui/field.tsx'
import { createUserBodyPasswordMin } from '#openapi/generated/zod/users/users.zod.ts'
import {
  applyServerFieldErrors,
  notReauthenticatedMessage,
  problemKind,
  toastSaveFailure,
} from '#src/lib/api-errors.ts'
import { ROLE_LABELS } from '#src/lib/labels/role-labels.ts'
import { useCreateUserMutation, useUpdateUserMutation } from '#src/features/users/api/user-mutations.ts'
import { ROLES } from '#src/features/users/roles.ts'
import {
  userCreateSchema,
  userUpdateSchema,
  type UserCreateInput,
  type UserCreateValues,
  type UserUpdateInput,
  type UserUpdateValues,
} from '#src/features/users/schemas.ts'

type FormInput = UserCreateInput | UserUpdateInput

/**
 * A save failed: a taken address goes to the e-mail field (spec §8 "User ist bereits vorhanden"), the last
 * administrator's role to the role field, backend validation to its fields; everything else is a toast.
 * The dialog stays open, so nothing typed is lost.
 */
const reportSaveError = <T extends FormInput>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  messages: { saveFailed: string; userExists: string; lastAdmin: string; invalid: string },
) => {
  const kind = problemKind(error)
  if (kind === 'user-exists') {
    setError('email' as Path<T>, { type: 'server', message: messages.userExists })
    return
  }
  if (kind === 'last-admin') {
    setError('role' as Path<T>, { type: 'server', message: messages.lastAdmin })
  } else {
    applyServerFieldErrors(error, setError, fields, messages.invalid)
  }
  const notReauthenticated = notReauthenticatedMessage(error)
  if (notReauthenticated) toast.error(notReauthenticated)
  else toastSaveFailure(messages.saveFailed, error)
}

const useMessages = () => {
  const { t } = useLingui()
  return {
    saveFailed: t`Fehler beim Speichern des Benutzers`,
    userExists: t`User ist bereits vorhanden`,
    lastAdmin: t`Die Rolle kann nicht geändert werden: Das Portal braucht mindestens eine Administratorin oder einen Administrator.`,
    invalid: t`Bitte prüfen Sie diese Angabe.`,
  }
}

interface CreateUserDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export const CreateUserDialog = ({ open, onOpenChange }: CreateUserDialogProps) => {
  const { t } = useLingui()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Benutzer anlegen`}
      description={t`Die Person meldet sich mit dieser E-Mail-Adresse und dem Passwort an und kann das Passwort danach ändern.`}
    >
      {/* Mounted only while open: every opening starts with an empty form. */}
      {open && <CreateUserForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

const CreateUserForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useLingui()
  const messages = useMessages()
  const formId = useId()
  const create = useCreateUserMutation()
  const [resolver] = useState(() => zodResolver(userCreateSchema()))
  const form = useForm<UserCreateInput, unknown, UserCreateValues>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', role: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ data: values })
      onDone()
    } catch (error) {
      reportSaveError(error, form.setError, ['firstName', 'lastName', 'email', 'role', 'password'], messages)
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <RequiredNote />
      <NameFields firstName={form.register('firstName')} lastName={form.register('lastName')} errors={errors} />
      <TextField
        label={t`E-Mail`}
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <RoleSelect registration={form.register('role')} error={errors.role?.message} />
      <TextField
        label={t`Passwort`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`Mindestens ${createUserBodyPasswordMin} Zeichen. Teilen Sie es der Person auf sicherem Weg mit.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormFooter pending={create.isPending} submitLabel={t`Benutzer anlegen`} formId={formId} />
    </form>
  )
}

interface EditUserDialogProps {
  user: User | null
  onOpenChange: (open: boolean) => void
}

/**
 * Every field, the role included, can be changed, also on the own account: the backend only refuses to
 * demote the last administrator (409 `last-admin`), which shows at the role.
 */
export const EditUserDialog = ({ user, onOpenChange }: EditUserDialogProps) => {
  const { t } = useLingui()
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={t`Benutzer bearbeiten`}
      description={user ? t`Name, E-Mail-Adresse und Rolle von ${user.firstName} ${user.lastName}.` : undefined}
    >
      {user && <EditUserForm key={user.uid} user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

const EditUserForm = ({ user, onDone }: { user: User; onDone: () => void }) => {
  const { t } = useLingui()
  const messages = useMessages()
  const formId = useId()
  const update = useUpdateUserMutation()
  const [resolver] = useState(() => zodResolver(userUpdateSchema()))
  const form = useForm<UserUpdateInput, unknown, UserUpdateValues>({
    resolver,
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ data: { ...values, uid: user.uid } })
      onDone()
    } catch (error) {
      reportSaveError(error, form.setError, ['firstName', 'lastName', 'email', 'role'], messages)
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <RequiredNote />
      <NameFields firstName={form.register('firstName')} lastName={form.register('lastName')} errors={errors} />
      <TextField
        label={t`E-Mail`}
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <RoleSelect registration={form.register('role')} error={errors.role?.message} />
      <FormFooter pending={update.isPending} submitLabel={t`Speichern`} formId={formId} />
    </form>
  )
}

// ------------------------------------------------------------------------------------------------
// Shared parts of both forms

interface FieldErrorLike {
  message?: string | undefined
}

const NameFields = ({
  firstName,
  lastName,
  errors,
}: {
  firstName: UseFormRegisterReturn
  lastName: UseFormRegisterReturn
  errors: { firstName?: FieldErrorLike | undefined; lastName?: FieldErrorLike | undefined }
}) => {
  const { t } = useLingui()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t`Vorname`} autoComplete="off" required error={errors.firstName?.message} {...firstName} />
      <TextField label={t`Nachname`} autoComplete="off" required error={errors.lastName?.message} {...lastName} />
    </div>
  )
}

const RoleSelect = ({ registration, error }: { registration: UseFormRegisterReturn; error: string | undefined }) => {
  const { t, i18n } = useLingui()
  return (
    <SelectField
      label={t`Rolle`}
      required
      placeholder={t`Bitte wählen`}
      options={ROLES.map((role) => ({ value: role, label: i18n._(ROLE_LABELS[role]) }))}
      error={error}
      {...registration}
    />
  )
}

const FormFooter = ({ pending, submitLabel, formId }: { pending: boolean; submitLabel: string; formId: string }) => (
  <div className="mt-2 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
    <DialogClose variant="secondary">
      <Trans>Abbrechen</Trans>
    </DialogClose>
    <Button type="submit" form={formId} pending={pending}>
      {submitLabel}
    </Button>
  </div>
)
