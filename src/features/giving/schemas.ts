import { t } from '@lingui/core/macro'
import {
  CreateDonationCheckoutBody,
  createDonationCheckoutBodyAmountCentsMax,
  createDonationCheckoutBodyDonorNameOneMax,
  createDonationCheckoutBodyMessageOneMax,
} from '#openapi/generated/zod/giving/giving.zod.ts'
import type { DonationCheckoutInput } from '#openapi/generated/model/donationCheckoutInput.ts'
import { formatCents, parseEuroToCents } from '#src/lib/format.ts'
import { plainText } from '#src/lib/form-checks.ts'
import { z } from '#src/lib/zod.ts'

export const DONOR_NAME_MAX = createDonationCheckoutBodyDonorNameOneMax
export const MESSAGE_MAX = createDonationCheckoutBodyMessageOneMax

/** Round amounts a donor picks without typing, in cents; the campaign's suggestion joins them. */
const ROUND_AMOUNTS = [500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 250_000, 500_000]
const PRESET_COUNT = 4

/**
 * The amounts offered as buttons: the campaign's suggestion and the round amounts nearest to it, one below
 * and the rest above (people round up from a suggestion more often than down), none under the minimum.
 */
export const amountPresets = (suggestedCents: number, minimumCents: number): number[] => {
  const suggested = Math.max(suggestedCents, minimumCents)
  const allowed = ROUND_AMOUNTS.filter(
    (cents) => cents >= minimumCents && cents !== suggested && cents <= createDonationCheckoutBodyAmountCentsMax,
  )
  const below = allowed.filter((cents) => cents < suggested)
  const above = allowed.filter((cents) => cents > suggested)
  const slots = PRESET_COUNT - 1
  const takeAbove = Math.min(above.length, slots - Math.min(1, below.length))
  const takeBelow = Math.min(below.length, slots - takeAbove)
  return [...below.slice(below.length - takeBelow), suggested, ...above.slice(0, takeAbove)]
}

/**
 * The donation form: an amount in euros of at least the campaign's minimum (typed the Austrian way, "25" or
 * "25,50"), the donor's name unless they give anonymously, the address for the confirmation and an optional
 * message. Derived from the generated `CreateDonationCheckoutBody`; the backend checks it all again.
 */
export const donationFormSchema = (minimumCents: number) => {
  const { amountCents, email } = CreateDonationCheckoutBody.shape
  return z
    .object({
      amount: z.string().check(
        z.trim(),
        z.minLength(1, { error: () => t`Bitte geben Sie einen Betrag ein.` }),
        z.superRefine((value, ctx) => {
          // Empty is reported once, by `minLength`.
          if (!value) return
          const cents = parseEuroToCents(value)
          if (cents === null) {
            ctx.addIssue({ code: 'custom', message: t`Bitte geben Sie einen Betrag in Euro ein, z. B. 25 oder 25,50.` })
          } else if (cents < minimumCents) {
            const minimum = formatCents(minimumCents)
            ctx.addIssue({ code: 'custom', message: t`Die Mindestspende für diese Kampagne beträgt ${minimum}.` })
          } else if (!amountCents.safeParse(cents).success) {
            const maximum = formatCents(createDonationCheckoutBodyAmountCentsMax)
            ctx.addIssue({ code: 'custom', message: t`Der Betrag darf höchstens ${maximum} betragen.` })
          }
        }),
      ),
      anonymous: z.boolean(),
      donorName: plainText().check(z.trim(), z.maxLength(DONOR_NAME_MAX)),
      email: z.pipe(
        z.string().check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie Ihre E-Mail-Adresse ein.` })),
        email,
      ),
      message: plainText(true).check(z.trim(), z.maxLength(MESSAGE_MAX)),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!value.anonymous && !value.donorName) {
          ctx.addIssue({
            code: 'custom',
            path: ['donorName'],
            message: t`Bitte geben Sie Ihren Namen ein oder wählen Sie „Anonym spenden“.`,
          })
        }
      }),
    )
}

export type DonationFormInput = z.input<ReturnType<typeof donationFormSchema>>
export type DonationFormValues = z.output<ReturnType<typeof donationFormSchema>>
export type DonationFormField = keyof DonationFormInput

/** The form as it opens: the campaign's suggested amount chosen, nothing else filled in. */
export const emptyDonationForm = (suggestedCents: number): DonationFormInput => ({
  amount: centsToAmountInput(suggestedCents),
  anonymous: false,
  donorName: '',
  email: '',
  message: '',
})

/** Cents as the amount field shows them: whole euros plain ("25"), others with the cents ("25,50"). */
export const centsToAmountInput = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',')

/**
 * The request body: an anonymous donation sends no name (`donorName: null`, whatever the field still
 * holds), an empty message none either. The last gate is the generated body schema itself.
 */
export const toCheckoutBody = (values: DonationFormValues): DonationCheckoutInput =>
  CreateDonationCheckoutBody.parse({
    amountCents: parseEuroToCents(values.amount) ?? 0,
    donorName: values.anonymous || !values.donorName ? null : values.donorName,
    email: values.email,
    message: values.message || null,
  })

/** Where the backend's field names (`FieldError.field`) appear in the form. */
export const SERVER_FIELD_TO_FORM: Readonly<Record<string, DonationFormField>> = {
  amountCents: 'amount',
  donorName: 'donorName',
  email: 'email',
  message: 'message',
}
