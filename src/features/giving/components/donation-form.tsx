import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import { useCreateDonationCheckout } from '#src/api/generated/query/endpoints/giving/giving.ts'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { CheckboxField, RequiredNote, TextAreaField, TextField } from '#src/components/ui/field.tsx'
import { cn } from '#src/lib/cn.ts'
import { formatCents, formatCentsShort, parseEuroToCents } from '#src/lib/format.ts'
import {
  amountPresets,
  centsToAmountInput,
  DONOR_NAME_MAX,
  donationFormSchema,
  emptyDonationForm,
  MESSAGE_MAX,
  toCheckoutBody,
  type DonationFormInput,
  type DonationFormValues,
} from '#src/features/giving/schemas.ts'
import { applyCheckoutFieldErrors, checkoutFailureMessage } from '#src/features/giving/server-errors.ts'
import { ReceiptSection } from './receipt-section.tsx'
import { TaxSection } from './tax-section.tsx'

/** A preset's label: whole euros without cents ("€ 25"), other amounts exactly ("€ 15,50"). */
const presetLabel = (cents: number) => (cents % 100 === 0 ? formatCentsShort(cents) : formatCents(cents))

interface Failure {
  message: string
  /** Whether the message takes the focus: not when a field was marked (that field has it). */
  focus: boolean
}

/**
 * The donation: an amount (a preset or typed), the donor's name or "anonym", the address for the
 * confirmation, a message, for a club on the BMF list whether and how the donation counts for tax, and
 * whether the donor asks for a receipt (with the name and address it is made out to).
 * Sending starts a checkout at the card provider and leaves for its hosted page; a failure says why in
 * place and keeps everything the donor typed.
 */
export const DonationForm = ({ campaign }: { campaign: PublicCampaign }) => {
  const { t } = useLingui()
  const headingId = useId()
  const minimum = campaign.minimumDonationCents
  const deductible = campaign.taxDeductible
  const schema = useMemo(() => donationFormSchema(minimum), [minimum])
  const presets = useMemo(() => amountPresets(campaign.amountCents, minimum), [campaign.amountCents, minimum])
  const form = useForm<DonationFormInput, unknown, DonationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyDonationForm(Math.max(campaign.amountCents, minimum)),
  })
  const { register, handleSubmit, setValue, setError, control, formState } = form
  const errors = formState.errors
  const amount = useWatch({ control, name: 'amount' })
  const anonymous = useWatch({ control, name: 'anonymous' })
  const chosenCents = parseEuroToCents(amount ?? '')
  const checkout = useCreateDonationCheckout()
  const [failure, setFailure] = useState<Failure | null>(null)
  // Set once the provider's page is on its way: the button stays busy until the browser has left.
  const [leaving, setLeaving] = useState(false)
  const failureRef = useRef<HTMLDivElement>(null)

  // A failure without a field to point at takes the focus, so it is read out and the way on is near.
  useEffect(() => {
    if (failure?.focus) failureRef.current?.focus()
  }, [failure])

  const onValid = async (values: DonationFormValues) => {
    setFailure(null)
    try {
      const started = await checkout.mutateAsync({
        campaignId: campaign.documentId,
        data: toCheckoutBody(values, { deductible }),
      })
      setLeaving(true)
      providerRedirect.go(started.url)
    } catch (error) {
      const marked = applyCheckoutFieldErrors(error, setError, minimum)
      setFailure({ message: checkoutFailureMessage(error), focus: !marked })
    }
  }

  const minimumText = formatCents(minimum)

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="flex flex-col gap-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <Trans>Jetzt spenden</Trans>
      </h2>
      <RequiredNote />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <Trans>Betrag wählen</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {presets.map((cents) => {
            const chosen = chosenCents === cents
            return (
              <button
                key={cents}
                type="button"
                aria-pressed={chosen}
                onClick={() =>
                  setValue('amount', centsToAmountInput(cents), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  })
                }
                className={cn(
                  'min-h-11 rounded-md border px-3 text-base font-semibold transition-colors',
                  chosen
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50',
                )}
              >
                {presetLabel(cents)}
              </button>
            )
          })}
        </div>
        <TextField
          label={t`Betrag in Euro`}
          required
          inputMode="decimal"
          autoComplete="off"
          hint={t`Oder ein eigener Betrag, mindestens ${minimumText}.`}
          error={errors.amount?.message}
          {...register('amount')}
        />
      </fieldset>
      <div className="flex flex-col gap-4">
        <CheckboxField
          label={t`Anonym spenden`}
          hint={t`Ihr Name wird nicht übermittelt; der Verein sieht die Spende als „anonym“.`}
          {...register('anonymous')}
        />
        {!anonymous && (
          <TextField
            label={t`Ihr Name`}
            required
            autoComplete="name"
            maxLength={DONOR_NAME_MAX}
            hint={t`So erscheint Ihre Spende in der Liste des Vereins.`}
            error={errors.donorName?.message}
            {...register('donorName')}
          />
        )}
        <TextField
          type="email"
          label={t`E-Mail-Adresse`}
          required
          autoComplete="email"
          hint={t`Dorthin schicken wir die Bestätigung Ihrer Spende.`}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextAreaField
          label={t`Nachricht an den Verein (freiwillig)`}
          rows={3}
          maxLength={MESSAGE_MAX}
          hint={t`Höchstens ${MESSAGE_MAX} Zeichen.`}
          error={errors.message?.message}
          {...register('message')}
        />
      </div>
      {deductible && <TaxSection form={form} consentText={campaign.taxConsentText} />}
      <ReceiptSection form={form} />
      {failure && (
        <div ref={failureRef} tabIndex={-1} data-testid="checkout-failure" className="rounded-md focus:outline-none">
          <Alert tone="error" role="alert" title={t`Die Spende wurde nicht gestartet`}>
            {failure.message}
          </Alert>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Button type="submit" pending={checkout.isPending || leaving} className="w-full">
          <Trans>Weiter zur Zahlung</Trans>
        </Button>
        <p className="text-sm text-slate-600">
          <Trans>Sie zahlen sicher per Karte beim Zahlungsanbieter und kommen danach auf diese Seite zurück.</Trans>
        </p>
      </div>
    </form>
  )
}
