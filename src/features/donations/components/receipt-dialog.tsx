import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, type Query } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { ReceiptAddress } from '#openapi/generated/model/receiptAddress.ts'
import { ApiError, REAUTHENTICATION_REQUIRED } from '#src/api/client.ts'
import { useIssueDonationReceipt } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { SelectField, TextField } from '#src/components/ui/field.tsx'
import { connectionFailedMessage, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatCents, formatDateTime } from '#src/lib/format.ts'
import { fieldErrorMessage } from '#src/lib/input-messages.ts'
import { isDonationQuery } from '#src/lib/query-keys.ts'
import {
  RECEIPT_ADDRESS_MAX,
  receiptAddressDefaults,
  receiptAddressFieldOf,
  receiptAddressRequiredMessages,
  receiptAddressSchema,
  toReceiptAddress,
  useReceiptCountryOptions,
  type ReceiptAddressInput,
} from '#src/lib/receipt-address.ts'
import { receiptNotPossibleMessage } from '#src/lib/receipt-refusal.ts'
import { toast } from '#src/lib/toast.ts'
import { receiptDownloadOf, saveReceipt } from './receipt-actions.tsx'
import { CountryListFailure } from '#src/components/tax/country-list-failure.tsx'

interface ReceiptDialogProps {
  /** The donation to confirm, or null (closed). */
  donation: Donation | null
  onClose: () => void
}

/** The club's receipts (its list, a year's donors): they change with every receipt issued. */
const isReceiptQuery = (clubId: string) => (query: Query) => {
  const [first] = query.queryKey
  return typeof first === 'string' && first.startsWith(`/club/${clubId}/receipts`)
}

/**
 * "Bestätigung ausstellen": the donation's receipt (Spendenbestätigung), made out to the name and address
 * the donor gave when donating (the treasurer may correct them) or typed here. The backend issues it once,
 * numbered and archived; a refusal (a receipt exists, the donation was refunded, the club was not
 * deductible that day, its exemption is too old) is explained here and what was typed stays. On success
 * the list shows the receipt's number before the dialog closes, and the focus goes to the row's download.
 */
export const ReceiptDialog = ({ donation, onClose }: ReceiptDialogProps) => {
  const { t } = useLingui()
  const donationId = donation?.id
  return (
    <Dialog
      open={donation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Spendenbestätigung ausstellen`}
      fallbackFocus={() => (donationId ? receiptDownloadOf(donationId) : null)}
    >
      {donation && <ReceiptForm key={donation.id} donation={donation} onDone={onClose} />}
    </Dialog>
  )
}

const ReceiptForm = ({ donation, onDone }: { donation: Donation; onDone: () => void }) => {
  const { t } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const issue = useIssueDonationReceipt()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<ReceiptAddressInput, unknown, ReceiptAddress>({
    resolver: zodResolver(receiptAddressSchema()),
    defaultValues: receiptAddressDefaults(donation.receiptAddress, donation.donorName),
  })
  const { errors } = form.formState
  const country = useWatch({ control: form.control, name: 'country' })
  const countries = useReceiptCountryOptions(country)

  const amount = formatCents(donation.amountCents)
  const donatedAt = formatDateTime(donation.donatedAt)
  const donor = donation.donorName
  const campaign = donation.campaignName

  /** Puts the backend's field errors (`donor.street`, …) at the fields; true when it could. */
  const markFields = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false
    let marked = false
    for (const fieldError of error.problem?.errors ?? []) {
      const field = receiptAddressFieldOf(fieldError.field, 'donor')
      if (!field) continue
      const message =
        fieldErrorMessage(fieldError) ??
        (fieldError.code === 'too_small' || fieldError.code === 'required'
          ? receiptAddressRequiredMessages[field]()
          : t`Bitte prüfen Sie diese Angabe.`)
      form.setError(field, { type: 'server', message }, { shouldFocus: !marked })
      marked = true
    }
    return marked
  }

  const explain = (error: unknown): string | null => {
    const notPossible = receiptNotPossibleMessage(error, donation)
    if (notPossible) return notPossible
    switch (problemKind(error)) {
      case 'club-right-missing':
        return t`Ihre Rolle im Verein darf keine Spendenbestätigungen ausstellen. Das dürfen nur Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`
      case REAUTHENTICATION_REQUIRED:
        return t`Es wurde keine Bestätigung ausgestellt: Die Anmeldung wurde nicht bestätigt.`
      case 'validation':
        return markFields(error) ? null : t`Die Angaben wurden nicht angenommen. Bitte prüfen Sie Name und Adresse.`
      default:
        if (problemStatus(error) === 404)
          return t`Diese Spende gibt es nicht mehr. Die Liste zeigt jetzt den aktuellen Stand.`
        return (
          connectionFailedMessage(error) ??
          t`Die Spendenbestätigung konnte nicht ausgestellt werden. Bitte versuchen Sie es erneut.`
        )
    }
  }

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: isDonationQuery(donation.clubId) }),
      queryClient.invalidateQueries({ predicate: isReceiptQuery(donation.clubId) }),
    ])

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const receipt = await issue.mutateAsync({
        donationId: donation.id,
        data: { donor: toReceiptAddress(values), replacesId: null },
      })
      // The row shows the number (and its download) before the dialog closes: the focus lands there.
      await refreshLists()
      const number = receipt.number
      toast.success(t`Spendenbestätigung ${number} ausgestellt`, {
        action: {
          label: t`Herunterladen`,
          onClick: () => void saveReceipt(donation.clubId, { id: receipt.id, number: receipt.number }),
        },
      })
      onDone()
    } catch (error) {
      setRefusal(explain(error))
      // What changed meanwhile (a receipt issued elsewhere, a refund, the donation gone) shows in the list.
      if (problemStatus(error) === 404 || problemStatus(error) === 409) await refreshLists()
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
        <dt className="text-slate-600">
          <Trans>Spender/in</Trans>
        </dt>
        <dd className="font-medium break-words text-slate-900">{donor ?? <Trans>Anonym</Trans>}</dd>
        {campaign && (
          <>
            <dt className="text-slate-600">
              <Trans>Kampagne</Trans>
            </dt>
            <dd className="font-medium break-words text-slate-900">{campaign}</dd>
          </>
        )}
      </dl>
      <p className="text-sm text-slate-700">
        {donation.receiptAddress ? (
          <Trans>
            Name und Adresse hat die Spenderin oder der Spender beim Spenden für die Bestätigung angegeben. Die
            Bestätigung wird darauf ausgestellt und danach nicht mehr geändert.
          </Trans>
        ) : (
          <Trans>
            Auf diesen Namen und diese Adresse wird die Bestätigung ausgestellt. Sie wird danach nicht mehr geändert.
          </Trans>
        )}
      </p>
      <TextField
        label={t`Name`}
        required
        autoComplete="off"
        maxLength={RECEIPT_ADDRESS_MAX.name}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t`Straße und Hausnummer`}
        required
        autoComplete="off"
        maxLength={RECEIPT_ADDRESS_MAX.street}
        error={errors.street?.message}
        {...form.register('street')}
      />
      <div className="grid gap-4 sm:grid-cols-[9rem_1fr]">
        <TextField
          label={t`PLZ`}
          required
          autoComplete="off"
          maxLength={RECEIPT_ADDRESS_MAX.postalCode}
          error={errors.postalCode?.message}
          {...form.register('postalCode')}
        />
        <TextField
          label={t`Ort`}
          required
          autoComplete="off"
          maxLength={RECEIPT_ADDRESS_MAX.city}
          error={errors.city?.message}
          {...form.register('city')}
        />
      </div>
      <SelectField
        label={t`Land`}
        required
        options={countries.options}
        error={errors.country?.message}
        {...form.register('country')}
        // Controlled: the options arrive after the dialog opens, and the choice must stay shown meanwhile.
        value={country}
      />
      {countries.failed && <CountryListFailure onRetry={countries.retry} />}
      {refusal && (
        <Alert tone="error" role="alert" title={<Trans>Keine Bestätigung ausgestellt</Trans>}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} pending={issue.isPending || form.formState.isSubmitting}>
          <Trans>Bestätigung ausstellen</Trans>
        </Button>
      </div>
    </form>
  )
}
