import { Trans, useLingui } from '@lingui/react/macro'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { CheckboxField, SelectField, TextField } from '#src/components/ui/field.tsx'
import { RECEIPT_ADDRESS_MAX, useReceiptCountryOptions } from '#src/lib/receipt-address.ts'
import type { DonationFormInput, DonationFormValues } from '#src/features/giving/schemas.ts'
import { CountryListFailure } from '#src/components/tax/country-list-failure.tsx'

interface ReceiptSectionProps {
  form: UseFormReturn<DonationFormInput, unknown, DonationFormValues>
}

/**
 * "Spendenbestätigung gewünscht": the donor asks the club for a receipt, made out to the name and postal
 * address given here (all required once asked for; the name starts as the donor's). Unchecked, nothing
 * of it is sent, whatever the fields still hold. The country list is asked for only once the box is
 * checked: the page loads without it.
 */
export const ReceiptSection = ({ form }: ReceiptSectionProps) => {
  const { t } = useLingui()
  const { register, control, formState, getValues, setValue } = form
  const errors = formState.errors.receipt
  const wanted = useWatch({ control, name: 'receipt.wanted' })
  const country = useWatch({ control, name: 'receipt.country' })
  const anonymous = useWatch({ control, name: 'anonymous' })
  const countries = useReceiptCountryOptions(country, wanted)

  const wantedField = register('receipt.wanted', {
    onChange: (event: { target: { checked: boolean } }) => {
      // The receipt is made out to the donor's name unless they type another one.
      if (!event.target.checked || getValues('receipt.name').trim() !== '' || getValues('anonymous')) return
      const donorName = getValues('donorName').trim()
      if (donorName) setValue('receipt.name', donorName)
    },
  })

  return (
    <div className="flex flex-col gap-4">
      <CheckboxField
        label={t`Spendenbestätigung gewünscht`}
        hint={t`Der Verein stellt sie aus; den Link dazu erhalten Sie mit der Bestätigung Ihrer Spende per E-Mail.`}
        {...wantedField}
      />
      {wanted && (
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            <Trans>Name und Adresse für die Spendenbestätigung</Trans>
          </legend>
          <TextField
            label={t`Name`}
            required
            autoComplete="name"
            maxLength={RECEIPT_ADDRESS_MAX.name}
            error={errors?.name?.message}
            {...register('receipt.name')}
          />
          <TextField
            label={t`Straße und Hausnummer`}
            required
            autoComplete="street-address"
            maxLength={RECEIPT_ADDRESS_MAX.street}
            error={errors?.street?.message}
            {...register('receipt.street')}
          />
          {/* One below the other: the form's column is narrow even on wide screens. */}
          <TextField
            label={t`PLZ`}
            required
            autoComplete="postal-code"
            maxLength={RECEIPT_ADDRESS_MAX.postalCode}
            containerClassName="max-w-48"
            error={errors?.postalCode?.message}
            {...register('receipt.postalCode')}
          />
          <TextField
            label={t`Ort`}
            required
            autoComplete="address-level2"
            maxLength={RECEIPT_ADDRESS_MAX.city}
            error={errors?.city?.message}
            {...register('receipt.city')}
          />
          <SelectField
            label={t`Land`}
            required
            autoComplete="country"
            options={countries.options}
            error={errors?.country?.message}
            {...register('receipt.country')}
            // Controlled: the list arrives after the box is checked, and the choice must stay shown meanwhile.
            value={country}
          />
          {countries.failed && <CountryListFailure onRetry={countries.retry} />}
          {anonymous && (
            <p className="text-sm text-slate-700">
              <Trans>
                Auch bei einer anonymen Spende erfährt der Verein Name und Adresse, denn er stellt die Bestätigung
                darauf aus. In der Liste der Spenden bleibt sie anonym.
              </Trans>
            </p>
          )}
        </fieldset>
      )}
    </div>
  )
}
