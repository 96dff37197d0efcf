import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { ApiError } from '#src/api/client.ts'
import { useRegisterViaInvite } from '#src/api/generated/query/endpoints/users/users.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { RequiredNote, TextField } from '#src/components/ui/field.tsx'
import { applyServerFieldErrors } from '#src/lib/api-errors.ts'
import { invitationSchema, type InvitationValues } from '#src/features/auth/schemas.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import { usePreloadAuthOnUse } from '#src/lib/auth/use-auth.ts'

const FIELDS = ['firstName', 'lastName', 'password'] as const

/** `POST users/registerViaInvite?token=…`; every problem kind of the contract gets its own German message. */
export const InvitationForm = ({ token }: { token: string }) => {
  const preloadAuth = usePreloadAuthOnUse()
  const { t } = useLingui()
  const [resolver] = useState(() => zodResolver(invitationSchema()))
  const form = useForm<InvitationValues>({
    resolver,
    defaultValues: { firstName: '', lastName: '', password: '', passwordConfirmation: '' },
  })
  const { errors } = form.formState

  const register = useRegisterViaInvite({
    mutation: {
      // The backend's field checks land next to the fields they concern.
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS, t`Bitte prüfen Sie diese Eingabe.`),
    },
  })

  const onSubmit = form.handleSubmit(({ passwordConfirmation: _confirmation, ...body }) =>
    register.mutateAsync({ data: body, params: { token } }).catch(() => undefined),
  )

  if (register.isSuccess) {
    const email = register.data.email
    return (
      <Alert
        tone="success"
        role="status"
        title={t`Willkommen im Vereinsportal!`}
        actions={
          <ButtonLink to="/login">
            <Trans>Zur Anmeldung</Trans>
          </ButtonLink>
        }
      >
        <Trans>Ihr Benutzerkonto ist angelegt. Sie können sich jetzt mit {email} und Ihrem Passwort anmelden.</Trans>
      </Alert>
    )
  }

  return (
    <form
      {...preloadAuth}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label={t`Einladung annehmen`}
    >
      {register.isError && <InvitationFailure error={register.error} token={token} />}
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Vorname`}
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={t`Nachname`}
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <NewPasswordFields
        password={form.register('password')}
        confirmation={form.register('passwordConfirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
      />
      <Button type="submit" pending={register.isPending} className="self-end">
        <Trans>Benutzerkonto anlegen</Trans>
      </Button>
    </form>
  )
}

const InvitationFailure = ({ error, token }: { error: Error; token: string }) => {
  const { t } = useLingui()
  const kind = error instanceof ApiError ? error.kind : undefined
  const status = error instanceof ApiError ? error.status : undefined
  const signIn = (
    <ButtonLink to="/login" size="sm" variant="secondary">
      <Trans>Zur Anmeldung</Trans>
    </ButtonLink>
  )
  // Back here after signing in: an account accepts the invitation on this page.
  const signInAndReturn = (
    <ButtonLink
      to="/login"
      search={{ redirect: `/acceptInvitation?token=${encodeURIComponent(token)}` }}
      size="sm"
      variant="secondary"
    >
      <Trans>Zur Anmeldung</Trans>
    </ButtonLink>
  )
  const alert = (title: string, body: ReactNode, actions?: ReactNode) => (
    <Alert tone="error" role="alert" title={title} actions={actions}>
      {body}
    </Alert>
  )

  if (kind === 'token-missing') {
    return alert(
      t`Kein Token vorhanden`,
      <Trans>Bitte öffnen Sie den Link aus Ihrer Einladungs-E-Mail noch einmal.</Trans>,
    )
  }
  if (kind === 'token-expired') {
    return alert(
      t`Token abgelaufen`,
      <Trans>Diese Einladung ist nicht mehr gültig. Bitten Sie Ihren Verein, Sie noch einmal einzuladen.</Trans>,
    )
  }
  if (kind === 'user-exists') {
    return alert(
      t`User ist bereits vorhanden`,
      <Trans>
        Zu dieser E-Mail-Adresse gibt es schon ein Benutzerkonto. Bitte melden Sie sich damit an und nehmen Sie die
        Einladung dann hier an.
      </Trans>,
      signInAndReturn,
    )
  }
  if (kind === 'token-used') {
    return alert(
      t`Einladung bereits angenommen`,
      <Trans>Diese Einladung wurde schon verwendet. Wenn Sie das waren, melden Sie sich einfach an.</Trans>,
      signIn,
    )
  }
  if (kind === 'token-replaced') {
    return alert(
      t`Einladung ersetzt`,
      <Trans>
        Diese Einladung wurde durch eine neuere ersetzt. Bitte öffnen Sie den Link aus der neuesten E-Mail.
      </Trans>,
    )
  }
  if (kind === 'token-withdrawn') {
    return alert(t`Einladung zurückgezogen`, <Trans>Der Verein hat diese Einladung zurückgezogen.</Trans>)
  }
  if (status === 404 || kind === 'not-found') {
    return alert(
      t`Einladung nicht gefunden`,
      <Trans>
        Diese Einladung gibt es nicht. Bitte prüfen Sie, ob Sie den Link aus der E-Mail vollständig geöffnet haben.
      </Trans>,
    )
  }
  if (kind === 'validation') {
    return alert(t`Bitte prüfen Sie Ihre Eingaben`, <Trans>Einige Angaben wurden nicht angenommen.</Trans>)
  }
  if (status === 429 || kind === 'too-many-requests') {
    return alert(
      t`Zu viele Versuche`,
      <Trans>Bitte warten Sie einen Moment und versuchen Sie es dann erneut. Ihre Eingaben bleiben erhalten.</Trans>,
    )
  }
  return alert(
    t`Einladung konnte nicht angenommen werden`,
    <Trans>Bitte versuchen Sie es in einem Moment erneut.</Trans>,
  )
}
