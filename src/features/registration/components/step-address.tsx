import { useLingui } from '@lingui/react/macro'
import { WizardTextField } from './form-fields.tsx'

export const StepAddress = () => {
  const { t } = useLingui()
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <WizardTextField name="club.address.street" label={t`Straße`} required autoComplete="address-line1" />
      <WizardTextField name="club.address.houseNumber" label={t`Hausnummer`} required />
      <WizardTextField
        name="club.address.postalCode"
        label={t`Postleitzahl`}
        required
        hint={t`4 Ziffern, z. B. 5400`}
        inputMode="numeric"
        autoComplete="postal-code"
        containerClassName="sm:order-3"
      />
      <WizardTextField
        name="club.address.city"
        label={t`Ort`}
        required
        autoComplete="address-level2"
        containerClassName="sm:order-4"
      />
    </div>
  )
}
