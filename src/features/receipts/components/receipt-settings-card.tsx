import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import type { ReceiptSettings } from '#openapi/generated/model/receiptSettings.ts'
import {
  getGetReceiptSettingsQueryKey,
  useUpdateReceiptSettings,
} from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { RequiredNote, TextAreaField, TextField } from '#src/components/ui/field.tsx'
import { applyServerFieldErrors, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatShortDate, todayIso } from '#src/lib/format.ts'
import { toast } from '#src/lib/toast.ts'
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts'
import { exemptionLastDay, exemptionTooOld } from '#src/features/receipts/exemption.ts'
import { EXEMPTION_KIND } from '#src/features/receipts/labels.ts'
import { invalidateReceipts } from '#src/lib/receipt-cache.ts'
import { commonFailure } from '#src/features/receipts/receipt-problems.ts'
import {
  receiptSettingsBody,
  receiptSettingsFormValues,
  receiptSettingsSchema,
  type ReceiptSettingsInput,
  type ReceiptSettingsValues,
} from '#src/features/receipts/schemas.ts'
import { SignatureImage } from './signature-image.tsx'

const FIELDS: ReadonlyArray<Path<ReceiptSettingsInput>> = [
  'place',
  'signerName',
  'signerRole',
  'germany.purposes',
  'germany.exemption.kind',
  'germany.exemption.taxOffice',
  'germany.exemption.taxNumber',
  'germany.exemption.issuedOn',
  'germany.exemption.lastPeriod',
]

const KINDS = ['FREISTELLUNGSBESCHEID', 'FEST_60A'] as const

/**
 * Whether the notice still carries receipts: a warning once it is too old (the backend then refuses every
 * receipt), else until when it does.
 */
const ExemptionValidity = ({ kind, issuedOn }: { kind: (typeof KINDS)[number]; issuedOn: string }) => {
  const lastDay = exemptionLastDay(kind, issuedOn)
  if (!lastDay) return null
  if (exemptionTooOld(kind, issuedOn, todayIso())) {
    return (
      <Alert tone="warning" role="status" title={<Trans>Der Bescheid ist zu alt</Trans>}>
        {kind === 'FREISTELLUNGSBESCHEID' ? (
          <Trans>
            Der Freistellungsbescheid ist älter als fünf Jahre. Mit diesem Bescheid dürfen keine Zuwendungsbestätigungen
            mehr ausgestellt werden. Bitte tragen Sie den aktuellen Bescheid ein.
          </Trans>
        ) : (
          <Trans>
            Die Feststellung nach § 60a AO ist älter als drei Jahre. Mit diesem Bescheid dürfen keine
            Zuwendungsbestätigungen mehr ausgestellt werden. Bitte tragen Sie den aktuellen Bescheid ein.
          </Trans>
        )}
      </Alert>
    )
  }
  const until = formatShortDate(lastDay)
  return (
    <p className="text-sm text-slate-700">
      <Trans>Mit diesem Bescheid dürfen Zuwendungsbestätigungen bis {until} ausgestellt werden.</Trans>
    </p>
  )
}

interface ReceiptSettingsCardProps {
  clubId: string
  settings: ReceiptSettings
  /** The club's address is in Germany (its profile says so): it issues the Zuwendungsbestätigung. */
  inGermany: boolean
}

/**
 * "Angaben auf der Bestätigung": what every receipt prints besides the donation. The place of issue and
 * who signs (name and role; the club's signature image, saved at once apart from the form); for a club
 * with its seat in Germany the Zuwendungsbestätigung's data: the purposes, the exemption notice
 * (Freistellungsbescheid or § 60a AO), its tax office, tax number and day, and for a Freistellungsbescheid
 * the last assessment period. Receipts issued before keep what they printed.
 */
export const ReceiptSettingsCard = ({ clubId, settings, inGermany }: ReceiptSettingsCardProps) => {
  const { t, i18n } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const update = useUpdateReceiptSettings()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(receiptSettingsSchema()))
  const form = useForm<ReceiptSettingsInput, unknown, ReceiptSettingsValues>({
    resolver,
    defaultValues: receiptSettingsFormValues(settings, inGermany),
  })
  const { errors, isDirty } = form.formState
  const kind = useWatch({ control: form.control, name: 'germany.exemption.kind' })
  const issuedOn = useWatch({ control: form.control, name: 'germany.exemption.issuedOn' })
  const unsaved = useUnsavedChanges(isDirty)
  const exemptionErrors = errors.germany?.exemption

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const saved = await update.mutateAsync({ clubId, data: receiptSettingsBody(values, settings.germany) })
      queryClient.setQueryData(getGetReceiptSettingsQueryKey(clubId), saved)
      form.reset(receiptSettingsFormValues(saved, inGermany))
      toast.success(t`Die Angaben auf der Bestätigung wurden gespeichert.`)
      // What may be issued depends on them (a German club's notice).
      await invalidateReceipts(queryClient, clubId)
    } catch (error) {
      if (
        problemKind(error) === 'validation' &&
        applyServerFieldErrors(error, form.setError, FIELDS, t`Bitte prüfen Sie diese Angabe.`)
      )
        return
      setRefusal(
        problemStatus(error) === 404
          ? t`Diesen Verein gibt es nicht (mehr).`
          : (commonFailure(error) ??
              t`Die Angaben konnten nicht gespeichert werden. Bitte versuchen Sie es erneut; Ihre Eingaben bleiben erhalten.`),
      )
    }
  })

  return (
    <Card aria-labelledby="receipt-settings-title">
      <CardHeader
        id="receipt-settings-title"
        title={t`Angaben auf der Bestätigung`}
        description={t`Was jede neue Bestätigung neben der Spende zeigt. Bereits ausgestellte Bestätigungen bleiben unverändert.`}
      />
      <CardBody>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-4"
          aria-labelledby="receipt-settings-title"
        >
          <RequiredNote />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t`Ort der Ausstellung`}
              required
              autoComplete="address-level2"
              error={errors.place?.message}
              {...form.register('place')}
            />
            <TextField
              label={t`Name der unterschreibenden Person`}
              required
              autoComplete="name"
              error={errors.signerName?.message}
              {...form.register('signerName')}
            />
            <TextField
              label={t`Funktion`}
              required
              hint={t`Steht unter der Unterschrift, zum Beispiel Obmann oder Kassierin.`}
              error={errors.signerRole?.message}
              {...form.register('signerRole')}
            />
          </div>
          <SignatureImage clubId={clubId} />
          {inGermany && (
            <fieldset className="flex flex-col gap-4 rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                <Trans>Angaben für die Zuwendungsbestätigung</Trans>
              </legend>
              <p className="text-sm text-slate-700">
                <Trans>
                  Der Verein hat laut Vereinsdaten seinen Sitz in Deutschland. Er stellt Zuwendungsbestätigungen nach
                  amtlichem Muster aus, mit Freistellungsbescheid und steuerbegünstigten Zwecken.
                </Trans>
              </p>
              <TextAreaField
                label={t`Steuerbegünstigte Zwecke`}
                required
                rows={2}
                hint={t`Wie im Bescheid, zum Beispiel „Förderung des Sports“.`}
                error={errors.germany?.purposes?.message}
                {...form.register('germany.purposes')}
              />
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">
                  <Trans>Art des Bescheids</Trans>
                </legend>
                {KINDS.map((value) => (
                  <label key={value} className="flex min-h-6 items-center gap-3 text-base text-slate-800">
                    <input
                      type="radio"
                      value={value}
                      className="size-5 accent-brand-700"
                      {...form.register('germany.exemption.kind')}
                    />
                    {i18n._(EXEMPTION_KIND[value])}
                  </label>
                ))}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t`Finanzamt`}
                  required
                  error={exemptionErrors?.taxOffice?.message}
                  {...form.register('germany.exemption.taxOffice')}
                />
                <TextField
                  label={t`Steuernummer`}
                  required
                  autoComplete="off"
                  error={exemptionErrors?.taxNumber?.message}
                  {...form.register('germany.exemption.taxNumber')}
                />
                <TextField
                  label={t`Datum des Bescheids`}
                  required
                  type="date"
                  max={todayIso()}
                  error={exemptionErrors?.issuedOn?.message}
                  {...form.register('germany.exemption.issuedOn')}
                />
                {kind === 'FREISTELLUNGSBESCHEID' && (
                  <TextField
                    label={t`Letzter Veranlagungszeitraum`}
                    required
                    hint={t`Zum Beispiel 2023 oder 2021–2023.`}
                    error={exemptionErrors?.lastPeriod?.message}
                    {...form.register('germany.exemption.lastPeriod')}
                  />
                )}
              </div>
              <ExemptionValidity kind={kind} issuedOn={issuedOn} />
            </fieldset>
          )}
          {refusal && (
            <Alert tone="error" role="alert" title={<Trans>Nicht gespeichert</Trans>}>
              {refusal}
            </Alert>
          )}
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <Button type="submit" pending={update.isPending}>
              <Trans>Angaben speichern</Trans>
            </Button>
          </div>
        </form>
      </CardBody>
      <ConfirmDialog
        open={unsaved.open}
        onOpenChange={(open) => !open && unsaved.stay()}
        title={t`Änderungen verwerfen?`}
        description={t`Sie haben die Angaben auf der Bestätigung geändert und nicht gespeichert. Wenn Sie die Seite verlassen, gehen die Änderungen verloren.`}
        confirmLabel={t`Verwerfen und verlassen`}
        destructive
        onConfirm={unsaved.leave}
      />
    </Card>
  )
}
