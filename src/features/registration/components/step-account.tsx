import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '#src/components/ui/alert.tsx'
import { PASSWORD_MIN_LENGTH } from '#src/features/registration/schemas.ts'
import { WizardTextField } from './form-fields.tsx'

/** The contact person is the club's first user: they sign in with this e-mail address and password. */
export const StepAccount = ({ askPasswordAgain }: { askPasswordAgain: boolean }) => {
  const { t } = useLingui()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {askPasswordAgain && (
        <Alert tone="info" className="sm:col-span-2">
          <Trans>
            Ihre Angaben wurden wiederhergestellt. Das Passwort speichern wir aus Sicherheitsgründen nicht: bitte geben
            Sie es erneut ein.
          </Trans>
        </Alert>
      )}
      <WizardTextField name="user.firstName" label={t`Vorname`} required autoComplete="given-name" />
      <WizardTextField name="user.lastName" label={t`Nachname`} required autoComplete="family-name" />
      <WizardTextField
        name="user.phoneNumber"
        label={t`Telefonnummer`}
        type="tel"
        autoComplete="tel"
        hint={t`Optional, z. B. +43 664 1234567`}
      />
      <WizardTextField
        name="user.email"
        label={t`E-Mail`}
        type="email"
        required
        inputMode="email"
        autoComplete="email"
        hint={t`Mit dieser Adresse melden Sie sich später an.`}
      />
      <WizardTextField
        name="user.password"
        label={t`Passwort`}
        type="password"
        required
        autoComplete="new-password"
        hint={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
      />
      <WizardTextField
        name="user.passwordConfirmation"
        label={t`Passwort wiederholen`}
        type="password"
        required
        autoComplete="new-password"
      />
    </div>
  )
}
