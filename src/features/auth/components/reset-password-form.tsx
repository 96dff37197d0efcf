import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { AuthError, type AuthErrorCode } from '#src/lib/auth/auth-service.ts'
import { commonPasswordMessage } from '#src/lib/input-messages.ts'
import { useAuth, usePreloadAuthOnUse } from '#src/lib/auth/use-auth.ts'
import { newPasswordSchema, type NewPasswordValues } from '#src/features/auth/schemas.ts'
import { NewPasswordFields } from './new-password-fields.tsx'

interface ResetPasswordFormProps {
  /** The code from the reset e-mail's link (`/login?mode=resetPassword&oobCode=…`). */
  oobCode: string
  onDone: () => void
  onRequestNewLink: () => void
}

/**
 * Sets a new password with the code from the portal's reset mail (`requestPasswordReset`), in Firebase
 * mode and with the offline twin alike; a link from Firebase's own mail works the same way.
 */
export const ResetPasswordForm = ({ oobCode, onDone, onRequestNewLink }: ResetPasswordFormProps) => {
  const preloadAuth = usePreloadAuthOnUse()
  const { t } = useLingui()
  const auth = useAuth()
  const [failure, setFailure] = useState<AuthErrorCode | null>(null)
  const [resolver] = useState(() => zodResolver(newPasswordSchema()))
  const form = useForm<NewPasswordValues>({ resolver, defaultValues: { password: '', passwordConfirmation: '' } })
  const { errors, isSubmitting } = form.formState

  const refuseCommon = () =>
    form.setError('password', { type: 'server', message: commonPasswordMessage() }, { shouldFocus: true })

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null)
    try {
      // Firebase sets the password without asking the backend, and does not know its list of common
      // passwords: the list (a chunk of its own) is checked here first.
      const { isCommonPassword } = await import('#checks/common-passwords.ts')
      if (isCommonPassword(password)) {
        refuseCommon()
        return
      }
      await auth.confirmPasswordReset(oobCode, password)
      onDone()
    } catch (error) {
      const code = error instanceof AuthError ? error.code : 'unknown'
      if (code === 'common-password') {
        refuseCommon()
        return
      }
      if (code === 'weak-password') {
        form.setError(
          'password',
          { message: t`Dieses Passwort ist zu schwach. Bitte wählen Sie ein längeres.` },
          { shouldFocus: true },
        )
        return
      }
      setFailure(code)
    }
  })

  const linkBroken = failure === 'invalid-action-code' || failure === 'expired-action-code'

  return (
    <form
      {...preloadAuth}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Neues Passwort festlegen`}
    >
      {failure && (
        <Alert
          tone="error"
          role="alert"
          title={t`Fehler beim Zurücksetzen des Passworts`}
          actions={
            linkBroken && (
              <Button size="sm" variant="secondary" onClick={onRequestNewLink}>
                <Trans>Neuen Link anfordern</Trans>
              </Button>
            )
          }
        >
          {failure === 'expired-action-code' ? (
            <Trans>Der Link ist abgelaufen. Bitte fordern Sie einen neuen Link an.</Trans>
          ) : failure === 'invalid-action-code' ? (
            <Trans>Der Link ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.</Trans>
          ) : (
            <Trans>Bitte versuchen Sie es in einem Moment erneut.</Trans>
          )}
        </Alert>
      )}
      <NewPasswordFields
        replacing
        password={form.register('password')}
        confirmation={form.register('passwordConfirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
      />
      <Button type="submit" pending={isSubmitting} className="self-end">
        <Trans>Passwort speichern</Trans>
      </Button>
    </form>
  )
}
