import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import { useUpdateUserPassword } from '#src/api/generated/query/endpoints/users/users.ts'
import { AuthFailureAlert } from '#src/components/auth/auth-failure-alert.tsx'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { TextField } from '#src/components/ui/field.tsx'
import { applyServerFieldErrors, notReauthenticatedMessage, problemKind } from '#src/lib/api-errors.ts'
import { AuthError, type AuthErrorCode } from '#src/lib/auth/auth-service.ts'
import { useAuth, useAuthUser } from '#src/lib/auth/use-auth.ts'
import '#src/features/auth/auth-notice.ts'
import { passwordChangeSchema, type PasswordChangeValues } from '#src/features/auth/schemas.ts'
import { NewPasswordFields } from './new-password-fields.tsx'

/** Refusals the form shows next to a field (the current password, a common new one), not in the alert. */
const refusedAtField = (error: unknown): boolean =>
  problemKind(error) === 'current-password-wrong' || problemKind(error) === 'validation'

/**
 * `PUT users/updateUserPassword` with the current and the new password, after the current one was
 * confirmed with the provider (which also gives the recent sign-in the backend wants for this change); the
 * backend checks the current password once more and refuses a common new one. The backend ends every
 * session of the account, so on success the user is told to sign in again, signed out, and taken to /login
 * (which repeats the message).
 */
export const PasswordChangeForm = () => {
  const { t } = useLingui()
  const auth = useAuth()
  const user = useAuthUser()
  const navigate = useNavigate()
  const [resolver] = useState(() => zodResolver(passwordChangeSchema()))
  const form = useForm<PasswordChangeValues>({
    resolver,
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  })
  const { errors, isSubmitting } = form.formState
  /** The provider could not check the current password (no connection, too many attempts, …). */
  const [checkFailure, setCheckFailure] = useState<AuthErrorCode | null>(null)

  const change = useUpdateUserPassword({
    mutation: {
      onSuccess: async () => {
        toast.success(t`Passwort geändert. Bitte melden Sie sich mit dem neuen Passwort erneut an.`)
        await auth.signOut()
        await navigate({ to: '/login', state: { authNotice: 'password-changed' }, replace: true })
      },
    },
  })

  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    setCheckFailure(null)
    change.reset()
    try {
      await auth.reauthenticate(currentPassword)
    } catch (error) {
      const code = error instanceof AuthError ? error.code : 'unknown'
      if (code === 'invalid-credential') {
        form.setError(
          'currentPassword',
          { type: 'server', message: t`Das Passwort ist nicht korrekt.` },
          { shouldFocus: true },
        )
      } else {
        setCheckFailure(code)
      }
      return
    }
    await change.mutateAsync({ data: { currentPassword, password } }).catch((error: unknown) => {
      if (problemKind(error) === 'current-password-wrong') {
        form.setError(
          'currentPassword',
          { type: 'server', message: t`Das Passwort ist nicht korrekt.` },
          { shouldFocus: true },
        )
      } else {
        applyServerFieldErrors(error, form.setError, ['password'], t`Bitte prüfen Sie diese Eingabe.`)
      }
    })
  })

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Passwort ändern`}
    >
      {checkFailure && (
        <AuthFailureAlert title={t`Das aktuelle Passwort konnte nicht geprüft werden`} code={checkFailure} />
      )}
      {change.isError && !refusedAtField(change.error) && (
        <Alert tone="error" role="alert" title={t`Fehler beim Ändern des Passworts`}>
          {notReauthenticatedMessage(change.error) ?? (
            <Trans>Ihr Passwort wurde nicht geändert. Bitte versuchen Sie es in einem Moment erneut.</Trans>
          )}
        </Alert>
      )}
      {/* For password managers: whose password changes. */}
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <TextField
        label={t`Aktuelles Passwort`}
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <NewPasswordFields
        replacing
        password={form.register('password')}
        confirmation={form.register('passwordConfirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
      />
      <Button type="submit" pending={isSubmitting || change.isPending || change.isSuccess} className="self-end">
        <Trans>Passwort ändern</Trans>
      </Button>
    </form>
  )
}
