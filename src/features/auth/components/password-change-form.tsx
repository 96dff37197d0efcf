import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useUpdateUserPassword } from '@/api/generated/query/endpoints/users/users'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useAuth } from '@/lib/auth/use-auth'
import '../auth-notice'
import { newPasswordSchema, type NewPasswordValues } from '../schemas'
import { NewPasswordFields } from './new-password-fields'

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

  const change = useUpdateUserPassword({
    mutation: {
      onSuccess: async () => {
        toast.success(t`Passwort geändert. Bitte melden Sie sich mit dem neuen Passwort erneut an.`)
        await auth.signOut()
        await navigate({ to: '/login', state: { authNotice: 'password-changed' }, replace: true })
      },
    },
  })

  const onSubmit = form.handleSubmit(({ password }) =>
    change.mutateAsync({ data: { password } }).catch(() => undefined),
  )

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
      <NewPasswordFields
        replacing
        password={form.register('password')}
        confirmation={form.register('passwordConfirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
      />
      <Button type="submit" pending={change.isPending || change.isSuccess} className="self-end">
        <Trans>Passwort ändern</Trans>
      </Button>
    </form>
  )
}
