import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { TextField } from '#src/components/ui/field.tsx'
import { requestPasswordReset } from '#src/api/generated/query/endpoints/users/users.ts'
import { tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { usePreloadAuthOnUse } from '#src/lib/auth/use-auth.ts'
import { passwordResetRequestSchema, type PasswordResetRequestValues } from '#src/features/auth/schemas.ts'

interface ForgotPasswordFormProps {
  initialEmail: string
  onBack: (email: string) => void
}

/**
 * "Passwort vergessen?": asks the backend (`requestPasswordReset`) to send the portal's own German mail
 * with a reset link, which /login handles. The confirmation is the same whether or not the address has an
 * account (the backend answers 202 either way), so the form cannot be used to find out who is registered.
 */
export const ForgotPasswordForm = ({ initialEmail, onBack }: ForgotPasswordFormProps) => {
  const preloadAuth = usePreloadAuthOnUse()
  const { t } = useLingui()
  const [outcome, setOutcome] = useState<'sent' | 'failed' | 'too-many-requests' | null>(null)
  const [resolver] = useState(() => zodResolver(passwordResetRequestSchema()))
  // No default for an empty field: registering it adopts what the prerendered input already holds.
  const form = useForm<PasswordResetRequestValues>({ resolver, defaultValues: { email: initialEmail || undefined } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setOutcome(null)
    try {
      await requestPasswordReset({ email })
      setOutcome('sent')
    } catch (error) {
      setOutcome(tooManyRequestsMessage(error) ? 'too-many-requests' : 'failed')
    }
  })

  return (
    <form
      {...preloadAuth}
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Passwort zurücksetzen`}
    >
      <p className="text-slate-700">
        <Trans>
          Geben Sie die E-Mail-Adresse Ihres Benutzerkontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues
          Passwort festlegen können.
        </Trans>
      </p>
      {outcome === 'sent' && (
        <Alert tone="success" role="status" title={t`E-Mail unterwegs`}>
          <Trans>
            Wenn zu dieser Adresse ein Benutzerkonto besteht, erhalten Sie in Kürze eine E-Mail mit einem Link zum
            Zurücksetzen des Passworts. Bitte sehen Sie auch im Spam-Ordner nach.
          </Trans>
        </Alert>
      )}
      {(outcome === 'failed' || outcome === 'too-many-requests') && (
        <Alert tone="error" role="alert" title={t`Fehler beim Zurücksetzen des Passworts`}>
          {outcome === 'too-many-requests' ? (
            <Trans>
              Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.
            </Trans>
          ) : (
            <Trans>Bitte versuchen Sie es in einem Moment erneut.</Trans>
          )}
        </Alert>
      )}
      <TextField
        label={t`E-Mail`}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={() => onBack(form.getValues('email'))}>
          <Trans>Zurück zur Anmeldung</Trans>
        </Button>
        <Button type="submit" pending={isSubmitting}>
          <Trans>Link zum Zurücksetzen senden</Trans>
        </Button>
      </div>
    </form>
  )
}
