import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { RequiredNote, TextAreaField, TextField } from '#src/components/ui/field.tsx'
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts'
import {
  CAMPAIGN_FORM_FIELDS,
  campaignFormSchema,
  type CampaignFormInput,
  type CampaignFormValues,
} from '#src/features/campaigns/schemas.ts'

export type CampaignFormApi = UseFormReturn<CampaignFormInput, unknown, CampaignFormValues>

interface CampaignFormProps {
  defaultValues: CampaignFormInput
  submitLabel: string
  pending: boolean
  readOnly?: boolean
  /**
   * Saves. After a successful save that leaves the page, call `allowLeave` and navigate on the next render
   * (the unsaved-changes question is off from then on).
   */
  onSubmit: (values: CampaignFormValues, form: CampaignFormApi, allowLeave: () => void) => Promise<void>
  /** The campaign is gone (deleted): leaving must not ask about unsaved changes. */
  discarded?: boolean
  /** Extra controls between the fields and the buttons (the "activate now" checkbox of a new campaign). */
  children?: ReactNode
}

/**
 * The campaign form of spec §3 (create and edit): every field required, amounts in euros, currency fixed
 * to EUR. What was typed stays after a failed save, and leaving with unsaved changes asks first.
 */
export const CampaignForm = ({
  defaultValues,
  submitLabel,
  pending,
  readOnly = false,
  discarded = false,
  onSubmit,
  children,
}: CampaignFormProps) => {
  const { t } = useLingui()
  const form: CampaignFormApi = useForm<CampaignFormInput, unknown, CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues,
  })
  const { register, handleSubmit, getValues, formState } = form
  const errors = formState.errors
  const [missing, setMissing] = useState(false)
  // Set once a save succeeded and the page is about to leave (the new campaign's page).
  const [leaving, setLeaving] = useState(false)
  const unsaved = useUnsavedChanges(formState.isDirty && !leaving && !discarded)

  const onValid = async (values: CampaignFormValues) => {
    setMissing(false)
    await onSubmit(values, form, () => setLeaving(true))
  }

  const onInvalid = () => {
    const values = getValues()
    // Spec §5: "Bitte füllen Sie alle Felder aus" when any field is empty (each field says so as well).
    setMissing(CAMPAIGN_FORM_FIELDS.some((field) => !String(values[field] ?? '').trim()))
  }

  const amountHint = t`In Euro, z. B. 1.234,50`

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      className="flex flex-col gap-5"
      aria-label={submitLabel}
    >
      {!readOnly && <RequiredNote />}
      {missing && (
        <Alert tone="error" role="alert">
          <Trans>Bitte füllen Sie alle Felder aus</Trans>
        </Alert>
      )}
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Name der Kampagne`}
          required
          maxLength={120}
          containerClassName="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextAreaField
          label={t`Beschreibung`}
          required
          rows={5}
          maxLength={4000}
          containerClassName="sm:col-span-2"
          hint={t`Wofür wird gesammelt? Diese Beschreibung sehen die Spendenden.`}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label={t`Spendenziel`}
          required
          inputMode="decimal"
          hint={amountHint}
          error={errors.goal?.message}
          {...register('goal')}
        />
        <TextField
          label={t`Vorgeschlagener Betrag`}
          required
          inputMode="decimal"
          hint={t`Der Betrag, der Spendenden vorgeschlagen wird.`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label={t`Mindestspende`}
          required
          inputMode="decimal"
          hint={t`Die kleinste Spende, die angenommen wird.`}
          error={errors.minimumDonation?.message}
          {...register('minimumDonation')}
        />
        <TextField label={t`Währung`} value="EUR" readOnly hint={t`Das Portal sammelt ausschließlich in Euro.`} />
        <TextField
          type="date"
          label={t`Datum des Anlasses`}
          required
          hint={t`Der Tag, für den gesammelt wird, z. B. ein Fest.`}
          error={errors.date?.message}
          {...register('date')}
        />
        <TextField type="time" label={t`Uhrzeit`} required error={errors.time?.message} {...register('time')} />
        <TextField type="date" label={t`Spenden ab`} required error={errors.from?.message} {...register('from')} />
        <TextField type="date" label={t`Spenden bis`} required error={errors.to?.message} {...register('to')} />
      </fieldset>
      {children}
      {!readOnly && (
        <div>
          <Button type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={unsaved.open}
        onOpenChange={(open) => !open && unsaved.stay()}
        title={t`Änderungen verwerfen?`}
        description={t`Sie haben Änderungen an der Kampagne nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.`}
        confirmLabel={t`Verwerfen und verlassen`}
        destructive
        onConfirm={unsaved.leave}
      />
    </form>
  )
}
