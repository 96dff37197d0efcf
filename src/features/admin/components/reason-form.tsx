import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import type { z } from '#src/lib/zod.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { DialogClose } from '#src/components/ui/dialog.tsx'
import { TextAreaField } from '#src/components/ui/field.tsx'

interface ReasonFormProps {
  /** The schema of `{ reason }` (the request body's, with the German messages). */
  schema: () => z.ZodMiniType<{ reason: string }, { reason: string }>
  /** An example under the field. */
  hint: string
  submitLabel: ReactNode
  pending: boolean
  /** Sends the reason; a rejection is shown by `failureMessage`. */
  send: (reason: string) => Promise<unknown>
  failureMessage: (error: unknown) => string
  onDone: () => void
}

/**
 * The form of a destructive admin dialog that asks why (deactivating a club, deactivating its payment
 * account): the club reads the reason. A failure keeps the reason in the field, so it need not be typed again.
 */
export const ReasonForm = ({ schema, hint, submitLabel, pending, send, failureMessage, onDone }: ReasonFormProps) => {
  const { t } = useLingui()
  const formId = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(schema()))
  const form = useForm<{ reason: string }>({ resolver, defaultValues: { reason: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null)
    try {
      await send(reason)
      onDone()
    } catch (error) {
      const message = failureMessage(error)
      setFailure(message)
      toast.error(message)
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <TextAreaField
        label={t`Grund`}
        required
        rows={3}
        maxLength={500}
        hint={hint}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern); before a deactivation or rejection, to the least destructive action */}
        <DialogClose variant="secondary" autoFocus>
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} variant="danger" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
