import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { AuthFailureAlert } from '#src/components/auth/auth-failure-alert.tsx'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { TextField } from '#src/components/ui/field.tsx'
import { AuthError, type AuthErrorCode } from '#src/lib/auth/auth-service.ts'
import { useAuth, usePreloadAuthOnUse } from '#src/lib/auth/use-auth.ts'
import { loginSchema, type LoginValues } from '#src/features/auth/schemas.ts'

type Failure =
  { kind: 'invalid-credential' } | { kind: 'unverified'; email: string } | { kind: 'failed'; code: AuthErrorCode }

interface LoginFormProps {
  /** What the user typed before (the "forgot password" view hands it back). */
  initialEmail: string
  onForgotPassword: (email: string) => void
  /** Called with a signed-in user whose address is confirmed. */
  onSignedIn: () => Promise<void> | void
}

/** E-mail and password; the three sign-in errors of spec §8; a resend for unconfirmed addresses. */
export const LoginForm = ({ initialEmail, onForgotPassword, onSignedIn }: LoginFormProps) => {
  const preloadAuth = usePreloadAuthOnUse()
  const { t } = useLingui()
  const auth = useAuth()
  const [failure, setFailure] = useState<Failure | null>(null)
  const [resolver] = useState(() => zodResolver(loginSchema()))
  // No default for an empty field: registering it then adopts what the input holds, which on the
  // prerendered page is what the person typed before the scripts ran, instead of clearing it.
  const form = useForm<LoginValues>({ resolver, defaultValues: { email: initialEmail || undefined } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null)
    try {
      const user = await auth.signIn(email, password)
      // The provider signs unconfirmed addresses in (as Firebase does); the portal does not let them in.
      if (!user.emailVerified) {
        setFailure({ kind: 'unverified', email: user.email ?? email })
        return
      }
      await onSignedIn()
    } catch (error) {
      const code = error instanceof AuthError ? error.code : 'unknown'
      setFailure(code === 'invalid-credential' ? { kind: 'invalid-credential' } : { kind: 'failed', code })
    }
  })

  return (
    <form
      {...preloadAuth}
      // Prerendered: sent before the scripts have run, the browser posts it (the server answers
      // with the page again) instead of putting the password into the address.
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Anmelden`}
    >
      {failure && <LoginFailure failure={failure} />}
      <TextField
        label={t`E-Mail`}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={t`Passwort`}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="button"
          className="self-start rounded-sm py-2 font-medium text-brand-800 underline hover:text-brand-900"
          onClick={() => onForgotPassword(form.getValues('email'))}
        >
          <Trans>Passwort vergessen?</Trans>
        </button>
        <Button type="submit" pending={isSubmitting}>
          <Trans>Anmelden</Trans>
        </Button>
      </div>
    </form>
  )
}

const LoginFailure = ({ failure }: { failure: Failure }) => {
  const { t } = useLingui()
  switch (failure.kind) {
    case 'invalid-credential':
      return (
        <Alert tone="error" role="alert" title={t`E-Mail oder Passwort falsch`}>
          <Trans>Bitte prüfen Sie Ihre Eingaben. Groß- und Kleinschreibung zählen beim Passwort.</Trans>
        </Alert>
      )
    case 'unverified':
      return <UnverifiedNotice email={failure.email} />
    case 'failed':
      return <AuthFailureAlert title={t`Anmeldung fehlgeschlagen`} code={failure.code} />
  }
}

/** The address is not confirmed yet: say so, and offer to send the confirmation mail again. */
const UnverifiedNotice = ({ email }: { email: string }) => {
  const { t } = useLingui()
  const auth = useAuth()
  const resend = useMutation({ mutationFn: () => auth.sendEmailVerification() })
  return (
    <Alert
      tone="warning"
      role="alert"
      title={t`E-Mail Adresse noch nicht bestätigt`}
      actions={
        !resend.isSuccess && (
          <Button size="sm" variant="secondary" pending={resend.isPending} onClick={() => resend.mutate()}>
            <Trans>Bestätigungs-E-Mail erneut senden</Trans>
          </Button>
        )
      }
    >
      <p>
        <Trans>
          Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse {email} mit dem Link aus unserer Bestätigungs-E-Mail. Danach
          können Sie sich anmelden.
        </Trans>
      </p>
      {resend.isSuccess && (
        <p className="mt-2 font-medium" role="status">
          <Trans>Die Bestätigungs-E-Mail wurde erneut an {email} gesendet.</Trans>
        </p>
      )}
      {resend.isError && (
        <p className="mt-2 font-medium text-red-800" role="alert">
          <Trans>Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.</Trans>
        </p>
      )}
    </Alert>
  )
}
