import { t } from '@lingui/core/macro'
// These texts are in the tax and receipts catalogue (lingui.config.ts), loaded with this module.
import '#src/lib/i18n/tax-messages.ts'
import { useQuery } from '@tanstack/react-query'
import type { ReceiptAddress } from '#openapi/generated/model/receiptAddress.ts'
import {
  IssueDonationReceiptBody,
  issueDonationReceiptBodyDonorCityMax,
  issueDonationReceiptBodyDonorNameMax,
  issueDonationReceiptBodyDonorPostalCodeMax,
  issueDonationReceiptBodyDonorStreetMax,
} from '#openapi/generated/zod/receipts/receipts.zod.ts'
import { getGetCountriesQueryOptions } from '#src/api/generated/query/endpoints/countries/countries.ts'
import { plainText } from './form-checks.ts'
import { z } from './zod.ts'

/**
 * The name and address a donation receipt is made out to (`ReceiptAddress`), as the forms ask for it: the
 * donor on the public donation page, the club's treasurer when issuing one from the donation list. Each
 * form lays out its own fields; this is what they share: the checks, their German messages, the body.
 */

/** Where the receipt goes when nobody chose otherwise: the portal's clubs and most donors are Austrian. */
export const RECEIPT_DEFAULT_COUNTRY = 'AT'

/** The contract's limits, for the fields' `maxLength`. */
export const RECEIPT_ADDRESS_MAX = {
  name: issueDonationReceiptBodyDonorNameMax,
  street: issueDonationReceiptBodyDonorStreetMax,
  postalCode: issueDonationReceiptBodyDonorPostalCodeMax,
  city: issueDonationReceiptBodyDonorCityMax,
} as const

export type ReceiptAddressField = keyof ReceiptAddress
export type ReceiptAddressInput = Record<ReceiptAddressField, string>

/** What each field says when it is left empty (the backend's `too_small` at the same field says the same). */
export const receiptAddressRequiredMessages: Readonly<Record<ReceiptAddressField, () => string>> = {
  name: () => t`Bitte geben Sie den Namen ein, auf den die Bestätigung lautet.`,
  street: () => t`Bitte geben Sie Straße und Hausnummer ein.`,
  postalCode: () => t`Bitte geben Sie die Postleitzahl ein.`,
  city: () => t`Bitte geben Sie den Ort ein.`,
  country: () => t`Bitte wählen Sie das Land.`,
}

const Contract = IssueDonationReceiptBody.shape.donor.shape

/** Trimmed, not empty, without control characters, within the contract. */
const requiredText = (field: Exclude<ReceiptAddressField, 'country'>) =>
  z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, { error: receiptAddressRequiredMessages[field], abort: true })),
      plainText(),
    ),
    Contract[field],
  )

/** All five fields required: the receipt prints them all. */
export const receiptAddressSchema = () =>
  z.object({
    name: requiredText('name'),
    street: requiredText('street'),
    postalCode: requiredText('postalCode'),
    city: requiredText('city'),
    country: z.pipe(
      z.string().check(z.minLength(1, { error: receiptAddressRequiredMessages.country, abort: true })),
      Contract.country,
    ),
  })

/**
 * The fields as a form opens them: the address the donor gave with the donation, else only the name
 * (the donor's, if known) and Austria.
 */
export const receiptAddressDefaults = (
  address: ReceiptAddress | null | undefined,
  name: string | null | undefined = '',
): ReceiptAddressInput =>
  address
    ? { ...address }
    : { name: name ?? '', street: '', postalCode: '', city: '', country: RECEIPT_DEFAULT_COUNTRY }

/** The body's `ReceiptAddress`: checked (and trimmed) once more by the schema. */
export const toReceiptAddress = (values: ReceiptAddressInput): ReceiptAddress => receiptAddressSchema().parse(values)

/**
 * The backend's 400 field errors of a receipt address (`donor.street` when issuing, `receipt.street` on
 * the donation page): the field under `prefix`, or undefined for another field.
 */
export const receiptAddressFieldOf = (serverField: string, prefix: string): ReceiptAddressField | undefined => {
  if (!serverField.startsWith(`${prefix}.`)) return undefined
  const field = serverField.slice(prefix.length + 1)
  return Object.hasOwn(receiptAddressRequiredMessages, field) ? (field as ReceiptAddressField) : undefined
}

/** A choice of the country select (the shape of the select field's options). */
export interface CountryOption {
  value: string
  label: string
}

/**
 * The country list (`getCountries`: German names, Austria first) as a select's options. Until it is there
 * (or when it cannot be loaded) Austria and the chosen country, so the select always shows what is chosen
 * and an Austrian address can be sent meanwhile. `enabled: false` asks nothing yet (a form whose address
 * part is still closed).
 */
export const useReceiptCountryOptions = (chosen: string, enabled = true) => {
  const countries = useQuery({ ...getGetCountriesQueryOptions(), enabled })
  const fallback: CountryOption[] = [{ value: RECEIPT_DEFAULT_COUNTRY, label: t`Österreich` }]
  if (chosen && chosen !== RECEIPT_DEFAULT_COUNTRY) fallback.push({ value: chosen, label: chosen })
  const options: CountryOption[] = countries.data
    ? countries.data.map((country) => ({ value: country.code, label: country.name }))
    : fallback
  return { options, failed: countries.isError, retry: () => void countries.refetch() }
}
