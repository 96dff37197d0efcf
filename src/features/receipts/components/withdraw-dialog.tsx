import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import { useWithdrawReceipt } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose, useLastDefined } from '#src/components/ui/dialog.tsx'
import { TextAreaField } from '#src/components/ui/field.tsx'
import { applyServerFieldErrors, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatCents } from '#src/lib/format.ts'
import { toast } from '#src/lib/toast.ts'
import { invalidateReceipts } from '#src/lib/receipt-cache.ts'
import { commonFailure, isNotPossible } from '#src/features/receipts/receipt-problems.ts'
import {
  withdrawBody,
  withdrawSchema,
  type WithdrawInput,
  type WithdrawValues,
} from '#src/features/receipts/schemas.ts'

/**
 * "Zurückziehen": a wrong receipt is never changed, it is withdrawn with a reason (kept in the club's
 * audit log and shown in the list); its donations may then be receipted again. Asks for the reason first.
 */
export const WithdrawDialog = ({
  clubId,
  receipt,
  onClose,
}: {
  clubId: string
  /** The receipt to withdraw, or null (closed). */
  receipt: Receipt | null
  onClose: () => void
}) => {
  const { t } = useLingui()
  const shown = useLastDefined(receipt)
  const number = shown?.number ?? ''
  return (
    <Dialog
      open={receipt !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Bestätigung ${number} zurückziehen?`}
      description={t`Die Bestätigung bleibt im Archiv und in der Liste, als zurückgezogen markiert. Ihre Spenden können danach neu bestätigt werden. Bitte informieren Sie die Spenderin oder den Spender.`}
    >
      {receipt && <WithdrawForm key={receipt.id} clubId={clubId} receipt={receipt} onDone={onClose} />}
    </Dialog>
  )
}

const WithdrawForm = ({ clubId, receipt, onDone }: { clubId: string; receipt: Receipt; onDone: () => void }) => {
  const { t } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const withdraw = useWithdrawReceipt()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(withdrawSchema()))
  const form = useForm<WithdrawInput, unknown, WithdrawValues>({ resolver, defaultValues: { reason: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const withdrawn = await withdraw.mutateAsync({ clubId, receiptId: receipt.id, data: withdrawBody(values) })
      toast.success(t`Die Bestätigung ${withdrawn.number} wurde zurückgezogen.`)
      onDone()
      await invalidateReceipts(queryClient, clubId)
    } catch (error) {
      if (
        problemKind(error) === 'validation' &&
        applyServerFieldErrors(error, form.setError, ['reason'], t`Bitte prüfen Sie den Grund.`)
      )
        return
      setRefusal(
        isNotPossible(error)
          ? t`Diese Bestätigung wurde inzwischen zurückgezogen. Die Liste wird neu geladen.`
          : problemStatus(error) === 404
            ? t`Diese Bestätigung gibt es nicht (mehr).`
            : (commonFailure(error) ??
              t`Die Bestätigung konnte nicht zurückgezogen werden. Bitte versuchen Sie es erneut; Ihr Text bleibt erhalten.`),
      )
      if (isNotPossible(error) || problemStatus(error) === 404) await invalidateReceipts(queryClient, clubId)
    }
  })

  const donor = receipt.donor.name
  const total = formatCents(receipt.totalCents)
  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <Trans>
          Bestätigung {receipt.number} für {donor} über {total}
        </Trans>
      </p>
      <TextAreaField
        label={t`Grund`}
        required
        rows={3}
        hint={t`Zum Beispiel „Betrag falsch“ oder „Name falsch geschrieben“. 3 bis 500 Zeichen.`}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      {refusal && (
        <Alert tone="error" role="alert" title={<Trans>Nicht zurückgezogen</Trans>}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} variant="danger" pending={withdraw.isPending}>
          <Trans>Zurückziehen</Trans>
        </Button>
      </div>
    </form>
  )
}
