import { useLingui } from '@lingui/react/macro'
import { WizardTextField } from './form-fields.tsx'

export const StepClub = () => {
  const { t } = useLingui()
  return (
    <div className="grid gap-4">
      <WizardTextField name="club.name" label={t`Name des Vereins`} required autoComplete="organization" />
      <WizardTextField
        name="club.zvrNumber"
        label={t`ZVR-Zahl`}
        required
        inputMode="numeric"
        hint={t`Die Nummer Ihres Vereins im Zentralen Vereinsregister (1 bis 10 Ziffern).`}
        className="sm:max-w-xs"
      />
    </div>
  )
}
