import { t } from '@lingui/core/macro'
import { RefundDonationBody } from '#openapi/generated/zod/donations/donations.zod.ts'
import { formatCents, parseEuroToCents } from '#src/lib/format.ts'
import { z } from '#src/lib/zod.ts'

const { reason } = RefundDonationBody.shape

/**
 * The refund dialog: the amount in euros (the Austrian way, "12,50"), at most what the donation still
 * allows, and a reason within the contract's bounds (checked after trimming, as the backend does).
 */
export const refundFormSchema = (refundableCents: number) =>
  z.object({
    amount: z.string().check(
      z.trim(),
      z.minLength(1),
      z.superRefine((value, ctx) => {
        // Empty is reported once, by `minLength(1)`.
        if (!value) return
        const cents = parseEuroToCents(value)
        const maximum = formatCents(refundableCents)
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: t`Bitte geben Sie einen Betrag in Euro ein, z. B. 12,50.` })
        } else if (cents < 1) {
          ctx.addIssue({ code: 'custom', message: t`Der Betrag muss größer als 0 sein.` })
        } else if (cents > refundableCents) {
          ctx.addIssue({ code: 'custom', message: t`Es können höchstens ${maximum} erstattet werden.` })
        }
      }),
    ),
    reason: z.pipe(z.string().check(z.trim(), z.minLength(1)), reason),
  })

export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>
export type RefundFormValues = z.output<ReturnType<typeof refundFormSchema>>

/** The last gate before the request: the generated body schema itself. */
export const refundBody = (values: RefundFormValues) =>
  RefundDonationBody.parse({ amountCents: parseEuroToCents(values.amount) ?? undefined, reason: values.reason })
