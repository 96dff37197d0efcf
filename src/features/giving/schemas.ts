import { t } from '@lingui/core/macro'
import type { FieldPath } from 'react-hook-form'
import {
  CreateDonationCheckoutBody,
  createDonationCheckoutBodyAmountCentsMax,
  createDonationCheckoutBodyDonorNameOneMax,
  createDonationCheckoutBodyMessageOneMax,
  createDonationCheckoutBodyTaxOneFirstNameOneMax,
  createDonationCheckoutBodyTaxOneLastNameOneMax,
} from '#openapi/generated/zod/giving/giving.zod.ts'
import type { DonationCheckoutInput } from '#openapi/generated/model/donationCheckoutInput.ts'
import type { DonorTaxData } from '#openapi/generated/model/donorTaxData.ts'
import { TaxConsentScope } from '#openapi/generated/model/taxConsentScope.ts'
import { MAX_AGE_YEARS, MIN_AGE_YEARS, checkBirthDate, type BirthDateCheck } from '#checks/input-checks.ts'
import { formatCents, parseEuroToCents, todayIso } from '#src/lib/format.ts'
import { plainText } from '#src/lib/form-checks.ts'
import {
  RECEIPT_DEFAULT_COUNTRY,
  receiptAddressSchema,
  toReceiptAddress,
  type ReceiptAddressInput,
} from '#src/lib/receipt-address.ts'
import { z } from '#src/lib/zod.ts'

export const DONOR_NAME_MAX = createDonationCheckoutBodyDonorNameOneMax
export const MESSAGE_MAX = createDonationCheckoutBodyMessageOneMax
export const TAX_FIRST_NAME_MAX = createDonationCheckoutBodyTaxOneFirstNameOneMax
export const TAX_LAST_NAME_MAX = createDonationCheckoutBodyTaxOneLastNameOneMax

/**
 * What the donor does with the tax: nothing (`NONE`, the default: no data asked), deduct it as a private
 * person (`PERSON`: name, date of birth and consent, transmitted by the club) or book it as a company's
 * business expense (`COMPANY`: nothing transmitted).
 */
export const TAX_CHOICES = ['NONE', 'PERSON', 'COMPANY'] as const
export type TaxChoice = (typeof TAX_CHOICES)[number]
export const TAX_SCOPES = Object.values(TaxConsentScope)

/** The contract's `DonorTaxData`, as the body's optional, nullable `tax` holds it. */
const DonorTax = CreateDonationCheckoutBody.shape.tax.def.innerType.def.options[0].shape
const [ContractFirstName] = DonorTax.firstName.def.options
const [ContractLastName] = DonorTax.lastName.def.options
const [ContractBirthDate] = DonorTax.birthDate.def.options
const [ContractScope] = DonorTax.scope.def.options

/** A trimmed name without control characters, within the contract's limit, as the users' forms ask for one. */
const requiredName = (contract: z.ZodMiniType<string, string>, message: () => string) =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message, abort: true })), plainText()), contract)

/** A calendar day that exists (`2025-02-30` does not), as `yyyy-mm-dd`, the value of a date input. */
const isRealDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/**
 * The donor's age as the backend checks it (`checkBirthDate`: at least 14, at most 120), in the donor's
 * words: the shared messages speak of a club's contact person.
 */
export const donorBirthDateMessage = (check: Exclude<BirthDateCheck, 'ok'>): string =>
  check === 'too-young'
    ? t`Eine Spende kann erst ab ${MIN_AGE_YEARS} Jahren steuerlich abgesetzt werden. Bitte prüfen Sie das Geburtsdatum.`
    : t`Das Geburtsdatum liegt mehr als ${MAX_AGE_YEARS} Jahre zurück. Bitte prüfen Sie es.`

export const taxRequiredMessages = {
  firstName: () => t`Bitte geben Sie Ihren Vornamen ein, wie er am Meldezettel steht.`,
  lastName: () => t`Bitte geben Sie Ihren Nachnamen ein, wie er am Meldezettel steht.`,
  birthDate: () => t`Bitte geben Sie Ihr Geburtsdatum ein.`,
  scope: () => t`Bitte wählen Sie, wofür Ihre Einwilligung gilt.`,
}

/**
 * The private donor's data, all required: checked only when the donor chose `PERSON` (the fields keep
 * what was typed while another choice is made, and are not checked then).
 */
const taxPersonSchema = () =>
  z.object({
    firstName: requiredName(ContractFirstName, taxRequiredMessages.firstName),
    lastName: requiredName(ContractLastName, taxRequiredMessages.lastName),
    birthDate: z.pipe(
      z.string().check(
        z.minLength(1, { error: taxRequiredMessages.birthDate, abort: true }),
        z.refine(isRealDay, { error: () => t`Bitte geben Sie ein gültiges Geburtsdatum ein.`, abort: true }),
        z.superRefine((value, context) => {
          const check = checkBirthDate(value, todayIso())
          if (check !== 'ok') context.addIssue({ code: 'custom', message: donorBirthDateMessage(check) })
        }),
      ),
      ContractBirthDate,
    ),
    scope: z.pipe(z.string().check(z.minLength(1, { error: taxRequiredMessages.scope, abort: true })), ContractScope),
  })

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

/** The receipt part of the form without its checkbox: the address as the shared checks take it. */
const receiptAddressOf = ({ name, street, postalCode, city, country }: ReceiptAddressInput): ReceiptAddressInput => ({
  name,
  street,
  postalCode,
  city,
  country,
})

/**
 * The donation form: an amount in euros of at least the campaign's minimum (typed the Austrian way, "25" or
 * "25,50"), the donor's name unless they give anonymously, the address for the confirmation, an optional
 * message and, when the donor asks for a receipt, the name and postal address it is made out to. Derived
 * from the generated `CreateDonationCheckoutBody`; the backend checks it all again.
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
      tax: z.object({
        choice: z.enum(TAX_CHOICES),
        firstName: z.string(),
        lastName: z.string(),
        birthDate: z.string(),
        scope: z.enum(['', ...TAX_SCOPES]),
      }),
      receipt: z.object({
        wanted: z.boolean(),
        name: z.string(),
        street: z.string(),
        postalCode: z.string(),
        city: z.string(),
        country: z.string(),
      }),
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
        // The receipt's name and address: all required, but only when the donor asks for a receipt.
        if (value.receipt.wanted) {
          for (const issue of receiptAddressSchema().safeParse(receiptAddressOf(value.receipt)).error?.issues ?? []) {
            ctx.addIssue({ code: 'custom', path: ['receipt', ...issue.path], message: issue.message })
          }
        }
        if (value.tax.choice !== 'PERSON') return
        for (const issue of taxPersonSchema().safeParse(value.tax).error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: ['tax', ...issue.path], message: issue.message })
        }
      }),
    )
}

export type DonationFormInput = z.input<ReturnType<typeof donationFormSchema>>
export type DonationFormValues = z.output<ReturnType<typeof donationFormSchema>>
export type DonationFormField = FieldPath<DonationFormInput>

/** The form as it opens: the campaign's suggested amount chosen, nothing else filled in, no receipt asked for. */
export const emptyDonationForm = (suggestedCents: number): DonationFormInput => ({
  amount: centsToAmountInput(suggestedCents),
  anonymous: false,
  donorName: '',
  email: '',
  message: '',
  tax: { choice: 'NONE', firstName: '', lastName: '', birthDate: '', scope: '' },
  receipt: { wanted: false, name: '', street: '', postalCode: '', city: '', country: RECEIPT_DEFAULT_COUNTRY },
})

/** Cents as the amount field shows them: whole euros plain ("25"), others with the cents ("25,50"). */
export const centsToAmountInput = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',')

/**
 * The body's `tax`: null for "Nicht absetzen", a company's donation without any person's data, else the
 * private donor's data (trimmed, as checked). Whatever the fields hold under another choice stays home.
 */
const toDonorTaxData = (tax: DonationFormValues['tax']): DonorTaxData | null => {
  if (tax.choice === 'NONE') return null
  if (tax.choice === 'COMPANY') return { company: true, firstName: null, lastName: null, birthDate: null, scope: null }
  const person = taxPersonSchema().parse(tax)
  return { company: false, ...person }
}

/**
 * The request body: an anonymous donation sends no name (`donorName: null`, whatever the field still
 * holds), an empty message none either. `tax` only goes with a campaign whose club is deductible
 * (`deductible`: the form showed the section); otherwise the key is left out, as the contract allows.
 * `receipt` is the name and address for the receipt when the donor asked for one (trimmed, as checked),
 * else null, whatever the fields still hold. The last gate is the generated body schema itself.
 */
export const toCheckoutBody = (values: DonationFormValues, { deductible = false } = {}): DonationCheckoutInput =>
  CreateDonationCheckoutBody.parse({
    amountCents: parseEuroToCents(values.amount) ?? 0,
    donorName: values.anonymous || !values.donorName ? null : values.donorName,
    email: values.email,
    message: values.message || null,
    ...(deductible && { tax: toDonorTaxData(values.tax) }),
    receipt: values.receipt.wanted ? toReceiptAddress(receiptAddressOf(values.receipt)) : null,
  })

/** Where the backend's field names (`FieldError.field`) appear in the form. */
export const SERVER_FIELD_TO_FORM: Readonly<Record<string, DonationFormField>> = {
  amountCents: 'amount',
  donorName: 'donorName',
  email: 'email',
  message: 'message',
  tax: 'tax.choice',
  'tax.company': 'tax.choice',
  'tax.firstName': 'tax.firstName',
  'tax.lastName': 'tax.lastName',
  'tax.birthDate': 'tax.birthDate',
  'tax.scope': 'tax.scope',
  receipt: 'receipt.wanted',
  'receipt.name': 'receipt.name',
  'receipt.street': 'receipt.street',
  'receipt.postalCode': 'receipt.postalCode',
  'receipt.city': 'receipt.city',
  'receipt.country': 'receipt.country',
}
