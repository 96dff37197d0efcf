import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import type { CampaignFields } from '#openapi/generated/model/campaignFields.ts'
import {
  CreateCampaignBody,
  createCampaignBodyOneGoalCentsMax,
  UpdateCampaignBody,
} from '#openapi/generated/zod/campaigns/campaigns.zod.ts'
import { formatCents, parseEuroToCents } from '#src/lib/format.ts'

/** The campaign fields of the contract (`CampaignFields`), which both generated request bodies contain. */
const { name, description, date, time, from, to, goalCents } = CreateCampaignBody.shape

/** An empty input is "missing" (one German message for every field), anything else is checked by `schema`. */
const required = <T extends z.ZodMiniType<unknown, string>>(schema: T) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1)), schema)

/** Euro amounts are typed the Austrian way ("1.234,50") and checked against the contract's `Cents` bounds. */
const euroAmount = z.string().check(
  z.trim(),
  z.minLength(1),
  z.superRefine((value, ctx) => {
    // Empty is reported once, by `min(1)`.
    if (!value) return
    const cents = parseEuroToCents(value)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: t`Bitte geben Sie einen Betrag in Euro ein, z. B. 1.234,50.` })
      return
    }
    const bounds = goalCents.safeParse(cents)
    if (!bounds.success) {
      const maximum = formatCents(createCampaignBodyOneGoalCentsMax)
      ctx.addIssue({
        code: 'custom',
        message: cents < 1 ? t`Der Betrag muss größer als 0 sein.` : t`Der Betrag darf höchstens ${maximum} betragen.`,
      })
    }
  }),
)

/**
 * The campaign form (spec §3, §5): every field required, amounts in euros, and the contract's rules
 * checked before the request (the backend checks them again): `to` after `from`, minimum donation ≤
 * suggested amount ≤ goal. Derived from the generated `CreateCampaignBody`/`UpdateCampaignBody` fields.
 */
export const campaignFormSchema = z
  .object({
    name: required(name),
    description: required(description),
    goal: euroAmount,
    amount: euroAmount,
    minimumDonation: euroAmount,
    date: required(date),
    time: required(time),
    from: required(from),
    to: required(to),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.to <= value.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: t`Das Ende muss nach dem Beginn liegen.` })
      }
      const goal = parseEuroToCents(value.goal)
      const amount = parseEuroToCents(value.amount)
      const minimum = parseEuroToCents(value.minimumDonation)
      if (amount !== null && goal !== null && amount > goal) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: t`Der vorgeschlagene Betrag darf nicht höher als das Spendenziel sein.`,
        })
      }
      if (minimum !== null && amount !== null && minimum > amount) {
        ctx.addIssue({
          code: 'custom',
          path: ['minimumDonation'],
          message: t`Die Mindestspende darf nicht höher als der vorgeschlagene Betrag sein.`,
        })
      }
    }),
  )

export type CampaignFormInput = z.input<typeof campaignFormSchema>
export type CampaignFormValues = z.output<typeof campaignFormSchema>

/** The form's fields in order; each of them is required (spec §5). */
export const CAMPAIGN_FORM_FIELDS = [
  'name',
  'description',
  'goal',
  'amount',
  'minimumDonation',
  'date',
  'time',
  'from',
  'to',
] as const
export type CampaignFormField = (typeof CAMPAIGN_FORM_FIELDS)[number]

export const emptyCampaignForm: CampaignFormInput = {
  name: '',
  description: '',
  goal: '',
  amount: '',
  minimumDonation: '',
  date: '',
  time: '',
  from: '',
  to: '',
}

/** Validated form values → the contract's `CampaignFields` (cents, EUR). */
export const toCampaignFields = (values: CampaignFormValues): CampaignFields => ({
  name: values.name,
  description: values.description,
  goalCents: parseEuroToCents(values.goal) ?? 0,
  amountCents: parseEuroToCents(values.amount) ?? 0,
  minimumDonationCents: parseEuroToCents(values.minimumDonation) ?? 0,
  date: values.date,
  time: values.time,
  from: values.from,
  to: values.to,
  currency: 'EUR',
})

/** The last gate before the request: the generated body schemas themselves. */
export const createCampaignBody = (values: CampaignFormValues, clubId: string, enabled: boolean) =>
  CreateCampaignBody.parse({ ...toCampaignFields(values), clubId, enabled })

export const updateCampaignBody = (values: CampaignFormValues, documentId: string, enabled: boolean) =>
  UpdateCampaignBody.parse({ ...toCampaignFields(values), documentId, enabled })

/**
 * The saved campaign with a new state, for enabling or disabling: unsaved edits stay in the form. Only the
 * body's fields are sent: the contract is closed, so `raisedCents`, `phase`, … would be refused (400).
 */
export const campaignStateBody = (campaign: Campaign, enabled: boolean) =>
  UpdateCampaignBody.parse({
    documentId: campaign.documentId,
    enabled,
    name: campaign.name,
    description: campaign.description,
    goalCents: campaign.goalCents,
    amountCents: campaign.amountCents,
    minimumDonationCents: campaign.minimumDonationCents,
    date: campaign.date,
    time: campaign.time,
    from: campaign.from,
    to: campaign.to,
    currency: campaign.currency,
  })

/** Where the backend's field names (`FieldError.field`) appear in the form. */
export const SERVER_FIELD_TO_FORM: Readonly<Record<string, CampaignFormField>> = {
  name: 'name',
  description: 'description',
  goalCents: 'goal',
  amountCents: 'amount',
  minimumDonationCents: 'minimumDonation',
  date: 'date',
  time: 'time',
  from: 'from',
  to: 'to',
}
