import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { useWatch, type UseFormReturn, type UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '#src/components/ui/field.tsx'
import { cn } from '#src/lib/cn.ts'
import { todayIso } from '#src/lib/format.ts'
import {
  TAX_CHOICES,
  TAX_FIRST_NAME_MAX,
  TAX_LAST_NAME_MAX,
  TAX_SCOPES,
  type DonationFormInput,
  type DonationFormValues,
  type TaxChoice,
} from '#src/features/giving/schemas.ts'
import type { TaxConsentScope } from '#openapi/generated/model/taxConsentScope.ts'

interface TaxSectionProps {
  form: UseFormReturn<DonationFormInput, unknown, DonationFormValues>
  /** The text the donor consents to (`PublicCampaign.taxConsentText`), shown in full before sending. */
  consentText: string | null
}

/**
 * "Spende steuerlich absetzen", for a club on the BMF list: not at all (the default, nothing asked), as a
 * private person (first and last name as on the Meldezettel, date of birth, for this donation or until
 * withdrawn, and the consent text in full) or as a company's business expense (nothing transmitted).
 */
export const TaxSection = ({ form, consentText }: TaxSectionProps) => {
  const { t } = useLingui()
  const noteId = useId()
  const consentHeadingId = useId()
  const { register, control, formState } = form
  const errors = formState.errors.tax
  const choice = useWatch({ control, name: 'tax.choice' })
  const anonymous = useWatch({ control, name: 'anonymous' })

  const choiceLabels: Record<TaxChoice, string> = {
    NONE: t`Nicht absetzen`,
    PERSON: t`Als Privatperson absetzen`,
    COMPANY: t`Spende eines Unternehmens (Betriebsausgabe) – wird nicht übermittelt`,
  }
  const scopeLabels: Record<TaxConsentScope, string> = {
    DONATION: t`nur für diese Spende`,
    UNTIL_WITHDRAWN: t`für alle künftigen Spenden an diesen Verein, bis ich widerrufe`,
  }

  return (
    <div className="flex flex-col gap-4 rounded-md border border-green-200 bg-green-50/40 p-3">
      <RadioGroup
        legend={t`Spende steuerlich absetzen`}
        description={
          <p id={noteId} className="text-sm text-slate-700">
            <Trans>
              Der Verein meldet Ihre Spende mit Vor- und Nachname und Geburtsdatum an das Finanzamt; sie wird dann
              automatisch bei Ihrer Arbeitnehmerveranlagung bzw. Einkommensteuererklärung berücksichtigt. Ohne diese
              Angaben kann die Spende nicht steuerlich abgesetzt werden.
            </Trans>
          </p>
        }
        descriptionId={noteId}
        error={errors?.choice?.message}
        options={TAX_CHOICES.map((value) => ({ value, label: choiceLabels[value] }))}
        register={register('tax.choice')}
      />

      {choice === 'PERSON' && (
        <>
          {/* One below the other: the form's column is narrow even on wide screens. */}
          <div className="flex flex-col gap-4">
            <TextField
              label={t`Vorname`}
              required
              autoComplete="given-name"
              maxLength={TAX_FIRST_NAME_MAX}
              hint={t`wie am Meldezettel`}
              error={errors?.firstName?.message}
              {...register('tax.firstName')}
            />
            <TextField
              label={t`Nachname`}
              required
              autoComplete="family-name"
              maxLength={TAX_LAST_NAME_MAX}
              hint={t`wie am Meldezettel`}
              error={errors?.lastName?.message}
              {...register('tax.lastName')}
            />
          </div>
          <TextField
            type="date"
            label={t`Geburtsdatum`}
            required
            autoComplete="bday"
            min="1900-01-01"
            max={todayIso()}
            containerClassName="max-w-56"
            error={errors?.birthDate?.message}
            {...register('tax.birthDate')}
          />
          <RadioGroup
            legend={t`Ihre Einwilligung gilt`}
            required
            description={
              <p className="text-sm text-slate-600">
                <Trans>Widerrufen können Sie jederzeit über den Link in der Bestätigung per E-Mail.</Trans>
              </p>
            }
            error={errors?.scope?.message}
            options={TAX_SCOPES.map((value) => ({ value, label: scopeLabels[value] }))}
            register={register('tax.scope')}
          />
          {anonymous && (
            <p className="text-sm text-slate-700">
              <Trans>
                Auch bei einer anonymen Spende erfährt der Verein Ihren Namen, denn er muss ihn dem Finanzamt melden. In
                der Liste der Spenden bleibt sie anonym.
              </Trans>
            </p>
          )}
          {consentText && (
            <section aria-labelledby={consentHeadingId} className="rounded-md border border-slate-200 bg-white p-3">
              <h3 id={consentHeadingId} className="text-sm font-semibold text-slate-900">
                <Trans>Einwilligung zur Übermittlung an das Finanzamt</Trans>
              </h3>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800" data-testid="tax-consent-text">
                {consentText}
              </p>
              <p className="mt-2 text-sm font-medium text-slate-900">
                <Trans>Mit „Weiter zur Zahlung“ geben Sie diese Einwilligung.</Trans>
              </p>
            </section>
          )}
        </>
      )}
      {choice === 'COMPANY' && (
        <p className="text-sm text-slate-700">
          <Trans>
            Der Verein meldet diese Spende nicht an das Finanzamt; ein Unternehmen setzt sie selbst als Betriebsausgabe
            ab.
          </Trans>
        </p>
      )}
    </div>
  )
}

interface RadioGroupProps {
  legend: string
  required?: boolean
  description?: ReactNode
  /** The description's id: the group is described by it, read once when the focus enters the group. */
  descriptionId?: string
  error: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
  register: UseFormRegisterReturn
}

/**
 * Native radio buttons in a fieldset: Tab reaches the group, the arrow keys choose, and a screen reader
 * hears the legend and how many options there are. The error sits under the options and describes each.
 */
const RadioGroup = ({ legend, required, description, descriptionId, error, options, register }: RadioGroupProps) => {
  const errorId = useId()
  return (
    <fieldset aria-describedby={descriptionId} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">
        {legend}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {description}
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border bg-white px-3 py-2 text-base text-slate-800',
              'hover:bg-slate-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50',
              error ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              value={option.value}
              aria-describedby={error ? errorId : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-700"
              {...register}
            />
            <span className="min-w-0 break-words">{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
