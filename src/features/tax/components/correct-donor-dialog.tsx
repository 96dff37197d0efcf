import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, type Path } from 'react-hook-form'
import type { TaxYearDonor } from '#openapi/generated/model/taxYearDonor.ts'
import { useUpdateTaxDonor } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { TextField } from '#src/components/ui/field.tsx'
import { applyServerFieldErrors, connectionFailedMessage, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { todayIso } from '#src/lib/format.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { toast } from '#src/lib/toast.ts'
import {
  donorBirthDateMessage,
  donorCorrectionBody,
  donorCorrectionSchema,
  type DonorCorrectionInput,
  type DonorCorrectionValues,
} from '#src/features/tax/schemas.ts'

interface CorrectDonorDialogProps {
  clubId: string
  /** The donor to correct, or null (closed). */
  donor: TaxYearDonor | null
  onClose: () => void
}

/**
 * "Daten korrigieren": the name and date of birth of a donor the bPK service did not find (a typo, a
 * name not as on the Meldezettel). The backend starts the donor's vbPK over; the next bPK query asks for
 * them again. The reference (`RefNr`) stays.
 */
export const CorrectDonorDialog = ({ clubId, donor, onClose }: CorrectDonorDialogProps) => {
  const { t } = useLingui()
  return (
    <Dialog
      open={donor !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Daten korrigieren`}
      description={t`Vor- und Nachname wie am Meldezettel und das Geburtsdatum. Danach wird der vbPK mit der nächsten bPK-Abfrage neu gesucht.`}
    >
      {donor && <CorrectDonorForm key={donor.refNr} clubId={clubId} donor={donor} onDone={onClose} />}
    </Dialog>
  )
}

const FIELDS: ReadonlyArray<Path<DonorCorrectionInput>> = ['firstName', 'lastName', 'birthDate']

const CorrectDonorForm = ({ clubId, donor, onDone }: { clubId: string; donor: TaxYearDonor; onDone: () => void }) => {
  const { t } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const update = useUpdateTaxDonor()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(donorCorrectionSchema()))
  const form = useForm<DonorCorrectionInput, unknown, DonorCorrectionValues>({
    resolver,
    defaultValues: { firstName: donor.firstName, lastName: donor.lastName, birthDate: donor.birthDate },
  })
  const { errors } = form.formState

  /** The backend's findings at the fields, in German by their code; true when one was marked. */
  const markFields = (error: unknown): boolean =>
    applyServerFieldErrors(error, form.setError, FIELDS, t`Bitte prüfen Sie diese Angabe.`, {
      too_young: donorBirthDateMessage('too-young'),
      too_old: donorBirthDateMessage('too-old'),
    })

  const explain = (error: unknown): string | null => {
    if (problemKind(error) === 'validation' && markFields(error)) return null
    if (problemKind(error) === 'invalid-transition')
      return t`Eine andere Person dieses Vereins hat bereits diesen Namen und dieses Geburtsdatum. Bitte prüfen Sie die Angaben.`
    if (problemKind(error) === 'club-right-missing' || problemStatus(error) === 403)
      return t`Ihre Rolle im Verein darf diese Daten nicht ändern. Das dürfen Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`
    if (problemStatus(error) === 404) return t`Diese Person gibt es in den Daten des Vereins nicht mehr.`
    return (
      connectionFailedMessage(error) ??
      t`Die Daten konnten nicht gespeichert werden. Bitte versuchen Sie es erneut; Ihre Eingaben bleiben erhalten.`
    )
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const saved = await update.mutateAsync({ clubId, refNr: donor.refNr, data: donorCorrectionBody(values) })
      const name = `${saved.firstName} ${saved.lastName}`
      toast.success(t`Die Daten von ${name} sind korrigiert. Der vbPK wird mit der nächsten bPK-Abfrage neu gesucht.`)
      onDone()
      await invalidateTax(queryClient, clubId)
    } catch (error) {
      setRefusal(explain(error))
      if (problemStatus(error) === 404) await invalidateTax(queryClient, clubId)
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <Trans>RefNr {donor.refNr}</Trans>
        {donor.bpkMessage && (
          <>
            {' · '}
            <Trans>Antwort des bPK-Service: {donor.bpkMessage}</Trans>
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Vorname`}
          required
          autoComplete="off"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={t`Nachname`}
          required
          autoComplete="off"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <TextField
          label={t`Geburtsdatum`}
          required
          type="date"
          min="1900-01-01"
          max={todayIso()}
          error={errors.birthDate?.message}
          {...form.register('birthDate')}
        />
      </div>
      {refusal && (
        <Alert tone="error" role="alert" title={<Trans>Nicht gespeichert</Trans>}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} pending={update.isPending}>
          <Trans>Speichern</Trans>
        </Button>
      </div>
    </form>
  )
}
