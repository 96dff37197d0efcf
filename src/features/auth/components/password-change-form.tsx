import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { updateUserPassword } from '@/api/generated/query/endpoints/users/users'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { useAuth } from '@/lib/auth/use-auth'
import '../auth-notice'
import { newPasswordSchema, PASSWORD_MIN_LENGTH, type NewPasswordValues } from '../schemas'

/**
 * `PUT users/updateUserPassword`. The backend ends every session of the account, so on success the user
 * is told to sign in again, signed out, and taken to /login (which repeats the message).
 */
export const PasswordChangeForm = () => {
  const { t } = useLingui()
  const auth = useAuth()
  const navigate = useNavigate()
  const [resolver] = useState(() => zodResolver(newPasswordSchema()))
  const form = useForm<NewPasswordValues>({ resolver, defaultValues: { password: '', passwordConfirmation: '' } })
  const { errors } = form.formState

  const change = useMutation({
    mutationFn: (password: string) => updateUserPassword({ password }),
    onSuccess: async () => {
      toast.success(t`Passwort geändert. Bitte melden Sie sich mit dem neuen Passwort erneut an.`)
      await auth.signOut()
      await navigate({ to: '/login', state: { authNotice: 'password-changed' }, replace: true })
    },
  })

  const onSubmit = form.handleSubmit(({ password }) => change.mutateAsync(password).catch(() => undefined))

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Passwort ändern`}
    >
      {change.isError && (
        <Alert tone="error" role="alert" title={t`Fehler beim Ändern des Passworts`}>
          <Trans>Ihr Passwort wurde nicht geändert. Bitte versuchen Sie es in einem Moment erneut.</Trans>
        </Alert>
      )}
      <TextField
        label={t`Neues Passwort`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t`Neues Passwort bestätigen`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirmation?.message}
        {...form.register('passwordConfirmation')}
      />
      <Button type="submit" pending={change.isPending || change.isSuccess} className="self-end">
        <Trans>Passwort ändern</Trans>
      </Button>
    </form>
  )
}
