import { useLingui } from '@lingui/react/macro'
import { WizardTextField } from './form-fields.tsx'

interface StepClubProps {
  /** The ZVR field lost the focus: the page looks the number up at once, not only at the last step. */
  onZvrLeft: () => void
}

export const StepClub = ({ onZvrLeft }: StepClubProps) => {
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
        onLeave={onZvrLeft}
      />
    </div>
  )
}
