import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { ApiError, REAUTHENTICATION_REQUIRED } from '#src/api/client.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#src/components/ui/field.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { centsToEuroInput, formatCents, formatDateTime } from '#src/lib/format.ts'
import { isDonationQuery } from '#src/lib/query-keys.ts'
import { useRefundDonationMutation } from '#src/features/donations/api/refund-donation.ts'
import {
  refundBody,
  refundFormSchema,
  type RefundFormInput,
  type RefundFormValues,
} from '#src/features/donations/refund-schema.ts'
import { refundDonationBodyReasonMax } from '#openapi/generated/zod/donations/donations.zod.ts'

interface RefundDialogProps {
  /** The donation to refund, or null (closed). */
  donation: Donation | null
  /** Named as the recipient of a donation to the club itself (no campaign). */
  clubName: string
  onClose: () => void
}

/**
 * "Erstatten": gives all or part of a card donation back through the card provider, with a reason for the
 * audit log. Each opening is one refund with its own idempotency key (the form mounts anew), so a submit
 * sent again from the same dialog never refunds twice; a refusal is explained here and what was typed stays.
 */
export const RefundDialog = ({ donation, clubName, onClose }: RefundDialogProps) => {
  const { t } = useLingui()
  return (
    <Dialog open={donation !== null} onOpenChange={(open) => !open && onClose()} title={t`Spende erstatten`}>
      {donation && <RefundForm key={donation.id} donation={donation} clubName={clubName} onDone={onClose} />}
    </Dialog>
  )
}

const RefundForm = ({ donation, clubName, onDone }: { donation: Donation; clubName: string; onDone: () => void }) => {
  const { t } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  // One key per opening of the dialog: a retry after an error or a timeout is the same refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const refund = useRefundDonationMutation(idempotencyKey)
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<RefundFormInput, unknown, RefundFormValues>({
    resolver: zodResolver(refundFormSchema(donation.refundableCents)),
    defaultValues: { amount: centsToEuroInput(donation.refundableCents), reason: '' },
  })
  const { errors } = form.formState

  const donor = donation.donorName
  const recipient = donation.campaignName ? `„${donation.campaignName}“` : clubName
  const amount = formatCents(donation.amountCents)
  const refunded = formatCents(donation.refundedCents)
  const refundable = formatCents(donation.refundableCents)
  const donatedAt = formatDateTime(donation.donatedAt)

  /** Puts the backend's field errors at the fields; true when it could. */
  const markFields = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false
    let marked = false
    for (const fieldError of error.problem?.errors ?? []) {
      if (fieldError.field === 'amountCents') {
        form.setError('amount', {
          type: 'server',
          message: t`Der Betrag ist höher als das, was von dieser Spende noch erstattet werden kann.`,
        })
        marked = true
      } else if (fieldError.field === 'reason') {
        form.setError('reason', { type: 'server', message: t`Bitte prüfen Sie den Grund.` })
        marked = true
      }
    }
    return marked
  }

  const explain = (error: unknown): string | null => {
    switch (problemKind(error)) {
      case 'refund-not-possible':
        return t`Diese Spende kann nicht (mehr) erstattet werden: Sie ist bereits erstattet, wird angefochten oder wurde nicht mit Karte bezahlt. Die Liste zeigt jetzt den aktuellen Stand.`
      case 'club-right-missing':
        return t`Ihre Rolle im Verein darf keine Spenden erstatten. Das dürfen nur Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`
      case REAUTHENTICATION_REQUIRED:
        return t`Es wurde nichts erstattet: Die Anmeldung wurde nicht bestätigt.`
      case 'validation':
        return markFields(error) ? null : t`Die Angaben wurden nicht angenommen. Bitte prüfen Sie Betrag und Grund.`
      default:
        return problemStatus(error) === 404
          ? t`Diese Spende gibt es nicht mehr. Die Liste zeigt jetzt den aktuellen Stand.`
          : t`Die Erstattung konnte nicht beauftragt werden. Bitte versuchen Sie es erneut; die Spende wird dabei nicht doppelt erstattet.`
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      await refund.mutateAsync({ donationId: donation.id, data: refundBody(values) })
      onDone()
    } catch (error) {
      setRefusal(explain(error))
      // What changed meanwhile (refunded elsewhere, disputed, gone) shows in the list behind the dialog.
      if (problemStatus(error) === 404 || problemStatus(error) === 409)
        await queryClient.invalidateQueries({ predicate: isDonationQuery(donation.clubId) })
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">
          <Trans>Spende</Trans>
        </dt>
        <dd className="font-medium text-slate-900">
          <Trans>
            {amount} am {donatedAt}
          </Trans>
        </dd>
        {donation.refundedCents > 0 && (
          <>
            <dt className="text-slate-600">
              <Trans>Bereits erstattet</Trans>
            </dt>
            <dd className="font-medium text-slate-900">{refunded}</dd>
          </>
        )}
        <dt className="text-slate-600">
          <Trans>Höchstens erstattbar</Trans>
        </dt>
        <dd className="font-medium text-slate-900">{refundable}</dd>
      </dl>
      <TextField
        label={t`Betrag in Euro`}
        required
        inputMode="decimal"
        autoComplete="off"
        hint={t`Vorgeschlagen ist alles, was noch erstattet werden kann.`}
        error={errors.amount?.message}
        className="max-w-48"
        {...form.register('amount')}
      />
      <TextAreaField
        label={t`Grund`}
        required
        rows={3}
        maxLength={refundDonationBodyReasonMax}
        hint={t`Wird im Protokoll des Vereins festgehalten, zum Beispiel „doppelt gespendet“.`}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Alert tone="warning">
        {donor ? (
          <Trans>
            Die Spende von {donor} an {recipient} wird über den Kartenzahlungsanbieter zurückgezahlt. Das kann nicht
            rückgängig gemacht werden.
          </Trans>
        ) : (
          <Trans>
            Die anonyme Spende an {recipient} wird über den Kartenzahlungsanbieter zurückgezahlt. Das kann nicht
            rückgängig gemacht werden.
          </Trans>
        )}
      </Alert>
      {refusal && (
        <Alert tone="error" role="alert" title={<Trans>Nicht erstattet</Trans>}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} variant="danger" pending={refund.isPending}>
          <Trans>Erstatten</Trans>
        </Button>
      </div>
    </form>
  )
}
