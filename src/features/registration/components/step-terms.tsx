import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useFormState, useWatch } from 'react-hook-form'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { Button } from '#src/components/ui/button.tsx'
import { CheckboxField } from '#src/components/ui/field.tsx'
import { clubSizeLabel } from '#src/lib/labels/club-labels.ts'
import { STEPS, type RegistrationValues } from '#src/features/registration/schemas.ts'
import { useWizardField } from './form-fields.tsx'
import { TermsDialog } from './terms-dialog.tsx'

interface StepTermsProps {
  onEditStep: (step: number) => void
}

/** A last look at everything entered, each part with a way back to change it, and the AGB. */
export const StepTerms = ({ onEditStep }: StepTermsProps) => {
  const { t, i18n } = useLingui()
  const acceptedTerms = useWizardField('acceptedTerms')
  const { errors } = useFormState<RegistrationValues>({ name: 'acceptedTerms' })
  const values = useWatch<RegistrationValues>() as RegistrationValues
  const clubTypes = useQuery(getGetClubTypesQueryOptions())
  const [termsOpen, setTermsOpen] = useState(false)
  const clubTypeName = clubTypes.data?.find((type) => type.id === values.club.clubTypeId)?.name ?? ''
  const address = values.club.address

  const section = (step: number, rows: ReadonlyArray<[string, ReactNode]>) => (
    <div className="rounded-md border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{i18n._(STEPS[step - 1]!.title)}</h3>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onEditStep(step)}
          aria-label={t`${i18n._(STEPS[step - 1]!.title)} ändern`}
        >
          <Trans>Ändern</Trans>
        </Button>
      </div>
      <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  )

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 lg:grid-cols-2">
        {section(1, [
          [t`Name des Vereins`, values.club.name],
          [t`ZVR-Zahl`, values.club.zvrNumber],
        ])}
        {section(2, [[t`Adresse`, `${address.street} ${address.houseNumber}, ${address.postalCode} ${address.city}`]])}
        {section(3, [
          [t`Kontaktperson`, `${values.user.firstName} ${values.user.lastName}`],
          [t`Telefonnummer`, values.user.phoneNumber],
          [t`E-Mail`, values.user.email],
        ])}
        {section(4, [
          [t`Vereinsart`, clubTypeName],
          [t`Vereinsgröße`, values.club.clubSize ? i18n._(clubSizeLabel(values.club.clubSize)) : t`Keine Angabe`],
        ])}
      </div>
      <div className="flex flex-col gap-3 rounded-md bg-slate-50 p-4">
        <p className="text-sm text-slate-700">
          <Trans>Bitte lesen Sie die Allgemeinen Geschäftsbedingungen, bevor Sie die Registrierung abschließen.</Trans>
        </p>
        <Button variant="secondary" size="sm" className="self-start" onClick={() => setTermsOpen(true)}>
          <Trans>AGB lesen</Trans>
        </Button>
        <CheckboxField
          label={t`Ich habe die AGB gelesen und akzeptiere sie.`}
          aria-required
          error={errors.acceptedTerms?.message}
          {...acceptedTerms}
        />
      </div>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
    </div>
  )
}
