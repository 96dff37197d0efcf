import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { AuthFailureAlert } from './auth-failure-alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog } from '#src/components/ui/dialog.tsx'
import { TextField } from '#src/components/ui/field.tsx'
import { AuthError, type AuthErrorCode } from '#src/lib/auth/auth-service.ts'
import { settleReauthentication } from '#src/lib/auth/reauthentication.ts'
import { useAuth, useAuthUser } from '#src/lib/auth/use-auth.ts'

interface ReauthenticateDialogProps {
  /** A change waits for the person to confirm their sign-in (`src/lib/auth/reauthentication.ts`). */
  open: boolean
}

/**
 * "Bitte bestätigen Sie Ihre Anmeldung": the backend wants a recent sign-in for a change (password, bank
 * details, a role). The screen behind stays as it is, its request waits; with the password confirmed it
 * goes out again, "Abbrechen" (or Escape) lets it fail with that screen's usual message.
 */
export const ReauthenticateDialog = ({ open }: ReauthenticateDialogProps) => {
  const { t } = useLingui()
  const formId = useId()
  const [submitting, setSubmitting] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) settleReauthentication(false)
      }}
      title={t`Bitte bestätigen Sie Ihre Anmeldung`}
      description={t`Für diese Änderung brauchen wir Ihr Passwort noch einmal. So stellen wir sicher, dass wirklich Sie die Änderung vornehmen. Ihre Eingaben bleiben erhalten.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => settleReauthentication(false)}>
            <Trans>Abbrechen</Trans>
          </Button>
          <Button type="submit" form={formId} pending={submitting}>
            <Trans>Bestätigen</Trans>
          </Button>
        </>
      }
    >
      {/* Mounted only while open: every question starts with an empty field. */}
      {open && <PasswordForm id={formId} onSubmittingChange={setSubmitting} />}
    </Dialog>
  )
}

type Failure = { field: string } | { code: AuthErrorCode }

const PasswordForm = ({ id, onSubmittingChange }: { id: string; onSubmittingChange: (busy: boolean) => void }) => {
  const { t } = useLingui()
  const auth = useAuth()
  const user = useAuthUser()
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<Failure | null>(null)
  const [submitting, setSubmitting] = useState(false)

  // Signed out meanwhile (another tab, an ended session): nobody is left to confirm.
  const signedOut = !user?.uid
  useEffect(() => {
    if (signedOut) settleReauthentication(false)
  }, [signedOut])

  const busy = (next: boolean) => {
    setSubmitting(next)
    onSubmittingChange(next)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    if (!password) {
      setFailure({ field: t`Bitte geben Sie Ihr Passwort ein.` })
      return
    }
    setFailure(null)
    busy(true)
    try {
      await auth.reauthenticate(password)
      settleReauthentication(true)
    } catch (error) {
      const code = error instanceof AuthError ? error.code : 'unknown'
      setFailure(code === 'invalid-credential' ? { field: t`Das Passwort ist nicht korrekt.` } : { code })
    } finally {
      busy(false)
    }
  }

  return (
    <form id={id} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure && 'code' in failure && (
        <AuthFailureAlert title={t`Die Anmeldung konnte nicht bestätigt werden`} code={failure.code} />
      )}
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <TextField
        label={t`Passwort`}
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern): to the one field it asks for
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={failure && 'field' in failure ? failure.field : undefined}
      />
    </form>
  )
}
