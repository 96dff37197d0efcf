import { t } from '@lingui/core/macro'
import { get, type FieldPath } from 'react-hook-form'
import { z } from '#src/lib/zod.ts'
import type { Club } from '#openapi/generated/model/club.ts'
import { ClubCountry } from '#openapi/generated/model/clubCountry.ts'
import { ClubField } from '#openapi/generated/model/clubField.ts'
import type { ClubSize } from '#openapi/generated/model/clubSize.ts'
import type { ClubUpdate } from '#openapi/generated/model/clubUpdate.ts'
import { LegitimationDocumentKind } from '#openapi/generated/model/legitimationDocumentKind.ts'
import {
  UpdateClubBody,
  updateClubBodyOneBankInfoBicOneRegExp,
  updateClubBodyOneLegitimationPhoneNumberRegExp,
  updateClubBodyOneZvrNumberOneRegExp,
} from '#openapi/generated/zod/clubs/clubs.zod.ts'
import { plainText } from '#src/lib/form-checks.ts'
import { todayIso } from '#src/lib/format.ts'
import { bicMatchesIban, formatIban, isValidIban, knownBankOfIban, normalizeIban } from '#checks/iban.ts'
import { CLUB_ADDRESS_COUNTRY, checkBirthDate, isValidPostalCode } from '#checks/input-checks.ts'
import { birthDateMessage, postalCodeMessage } from '#src/lib/input-messages.ts'
import { CLUB_SIZES } from '#src/lib/labels/club-labels.ts'

/**
 * The club profile form, derived from the contract's `ClubUpdate` body (`UpdateClubBody`, a `ClubProfile`
 * plus the `id`): the generated schema keeps the limits, the screen adds German messages and the checks a
 * person needs while typing (IBAN check digits, BIC, dates). Empty values are allowed everywhere but the
 * name: a half-filled profile can be saved (spec §4), the backend reports what is missing.
 */

/** The profile's fields: the body's, without the club's `id` and the duplicate confirmation. */
const { id: _id, confirmDuplicate: _confirmDuplicate, ...profileShape } = UpdateClubBody.shape
const Profile = { shape: profileShape }
const Address = Profile.shape.address
const Bank = Profile.shape.bankInfo
const Billing = Profile.shape.billingAddress
const Legitimation = Profile.shape.legitimation

export const DOCUMENT_KINDS = Object.values(LegitimationDocumentKind)

/**
 * Trimmed text without control characters or bidirectional overrides, within the contract's limit (the
 * generated schema adds the German "höchstens" message). `multiline` texts keep line breaks and tabs.
 */
const text = (contract: z.ZodMiniType<string, string>, multiline = false) =>
  z.pipe(z.pipe(z.string().check(z.trim()), plainText(multiline)), contract)

/** Empty, or matching `pattern` with a German message. */
const emptyOr = (
  pattern: RegExp,
  message: () => string,
  prepare: (value: string) => string = (value) => value.trim(),
) =>
  z.string().check(
    z.overwrite(prepare),
    z.refine((value) => value === '' || pattern.test(value), { error: message }),
  )

/** Where a club can have its seat (the contract's `ClubCountry`), Austria first. */
export const CLUB_COUNTRIES = Object.values(ClubCountry)

/**
 * The club address in Austria or Germany: the postal code of the chosen country (src/lib/input-checks.ts,
 * as the backend checks it: Austria 4 digits, Germany 5), or empty.
 */
const addressSchema = () =>
  z
    .object({
      ...Address.shape,
      street: text(Address.shape.street),
      houseNumber: text(Address.shape.houseNumber),
      postalCode: z.string().check(z.trim()),
      city: text(Address.shape.city),
      country: z.enum(CLUB_COUNTRIES),
    })
    .check(
      z.superRefine((address, context) => {
        if (address.postalCode !== '' && !isValidPostalCode(address.country, address.postalCode)) {
          context.addIssue({ code: 'custom', path: ['postalCode'], message: postalCodeMessage(address.country) })
        }
      }),
    )

export const clubProfileSchema = () =>
  z.object({
    ...Profile.shape,
    name: z.pipe(
      z.pipe(
        z
          .string()
          .check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie den Namen des Vereins ein.`, abort: true })),
        plainText(),
      ),
      Profile.shape.name,
    ),
    zvrNumber: emptyOr(updateClubBodyOneZvrNumberOneRegExp, () => t`Die ZVR-Zahl besteht aus 1 bis 10 Ziffern.`),
    vatNumber: text(Profile.shape.vatNumber),
    donationNumber: text(Profile.shape.donationNumber),
    description: text(Profile.shape.description, true),
    shortDescription: text(Profile.shape.shortDescription, true),
    address: addressSchema(),
    bankInfo: z
      .object({
        ...Bank.shape,
        bankName: text(Bank.shape.bankName),
        // Spaces and lower case as people type or paste them are fine (the field groups it in fours); sent
        // without spaces, upper case, as the contract wants it. The check digits must add up (mod 97).
        iban: z.string().check(
          z.overwrite(normalizeIban),
          z.refine((value) => value === '' || isValidIban(value), {
            error: () => t`Die IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.`,
          }),
        ),
        bic: emptyOr(
          updateClubBodyOneBankInfoBicOneRegExp,
          () => t`Der BIC ist ungültig (8 oder 11 Zeichen, z. B. GIBAATWWXXX).`,
          (value) => value.replace(/\s+/g, '').toUpperCase(),
        ),
        accountHolder: text(Bank.shape.accountHolder),
      })
      .check(
        z.superRefine((bank, context) => {
          // IBAN and BIC must belong together, as the backend checks (src/lib/iban.ts).
          const message = bicMismatchMessage(bank.iban, bank.bic)
          if (message) context.addIssue({ code: 'custom', path: ['bic'], message })
        }),
      ),
    billingAddress: z
      .object({
        ...Billing.shape,
        street: text(Billing.shape.street),
        houseNumber: text(Billing.shape.houseNumber),
        // By the chosen country (below), not by the contract's generic form.
        postalCode: text(z.string().check(z.maxLength(10))),
        city: text(Billing.shape.city),
        additionalInformation: text(Billing.shape.additionalInformation),
      })
      .check(
        z.superRefine((billing, context) => {
          // Hidden fields cannot show an error, so the billing postal code is checked only while it is visible:
          // by the country's form where src/lib/input-checks.ts knows it (Germany 5 digits, …), else generically.
          if (
            !billing.sameAsClubAddress &&
            billing.postalCode &&
            !isValidPostalCode(billing.country, billing.postalCode)
          ) {
            context.addIssue({ code: 'custom', path: ['postalCode'], message: postalCodeMessage(billing.country) })
          }
        }),
      ),
    legitimation: z.object({
      ...Legitimation.shape,
      firstName: text(Legitimation.shape.firstName),
      lastName: text(Legitimation.shape.lastName),
      phoneNumber: z.pipe(
        emptyOr(
          updateClubBodyOneLegitimationPhoneNumberRegExp,
          () => t`Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + ( ) / -).`,
        ),
        Legitimation.shape.phoneNumber,
      ),
      birthDate: z.string().check(
        z.refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), {
          error: () => t`Bitte geben Sie ein gültiges Geburtsdatum ein.`,
          abort: true,
        }),
        // The contact person is 14 to 120 years old (src/lib/input-checks.ts, as the backend checks it).
        z.superRefine((value, context) => {
          const check = value === '' ? 'ok' : checkBirthDate(value, todayIso())
          if (check !== 'ok') context.addIssue({ code: 'custom', message: birthDateMessage(check) })
        }),
      ),
      email: z.pipe(
        z.string().check(
          z.trim(),
          z.refine((value) => value === '' || z.email().safeParse(value).success, {
            error: () => t`Bitte geben Sie eine gültige E-Mail-Adresse ein.`,
          }),
        ),
        z.string().check(z.maxLength(254)),
      ),
      documentKind: z.enum(['', ...DOCUMENT_KINDS]),
    }),
    clubTypeId: z.pipe(
      z.string().check(z.minLength(1, { error: () => t`Bitte wählen Sie die Vereinsart.` })),
      Profile.shape.clubTypeId,
    ),
    clubSize: z.enum(['', ...CLUB_SIZES]),
  })

/**
 * Why a BIC does not belong to an IBAN (the backend's 400 `bic_mismatch` on `bankInfo.bic`, in German),
 * or null when it does (or either is empty or invalid: those have their own messages).
 */
export const bicMismatchMessage = (iban: string, bic: string): string | null => {
  const match = bicMatchesIban(iban, bic)
  if (match === 'ok') return null
  const bank = knownBankOfIban(iban)
  return match === 'bank' && bank
    ? t`Der BIC passt nicht zur IBAN: Die IBAN gehört zur ${bank.name} (BIC ${bank.bic}).`
    : t`Der BIC gehört zu einem anderen Land als die IBAN. Bitte prüfen Sie beide Angaben.`
}

export type ClubProfileSchema = ReturnType<typeof clubProfileSchema>
export type ClubProfileValues = z.input<ClubProfileSchema>
export type ClubProfileOutput = z.output<ClubProfileSchema>

/** What the form starts with: the saved club, with nulls as empty choices. */
export const toFormValues = (club: Club): ClubProfileValues => ({
  name: club.name,
  zvrNumber: club.zvrNumber,
  vatNumber: club.vatNumber,
  donationNumber: club.donationNumber,
  description: club.description,
  shortDescription: club.shortDescription,
  // A club saved before addresses named a country is in Austria.
  address: { ...club.address, country: club.address.country ?? CLUB_ADDRESS_COUNTRY },
  // Grouped in fours, as the field shows it while typing: the form is not "changed" until the IBAN is.
  bankInfo: { ...club.bankInfo, iban: formatIban(club.bankInfo.iban) },
  billingAddress: { ...club.billingAddress },
  legitimation: {
    firstName: club.legitimation.firstName,
    lastName: club.legitimation.lastName,
    phoneNumber: club.legitimation.phoneNumber,
    birthDate: club.legitimation.birthDate ?? '',
    email: club.legitimation.email,
    documentKind: club.legitimation.documentKind ?? '',
  },
  clubTypeId: club.clubTypeId,
  clubSize: club.clubSize === null ? '' : (String(club.clubSize) as ClubProfileValues['clubSize']),
})

/**
 * The `PUT club` body; `confirmDuplicate` once the person said that a club of the same name and postal code
 * is another one (after 409 `possible-duplicate`).
 */
export const toClubUpdate = (values: ClubProfileOutput, id: string, confirmDuplicate = false): ClubUpdate => ({
  id,
  ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
  name: values.name,
  zvrNumber: values.zvrNumber,
  vatNumber: values.vatNumber,
  donationNumber: values.donationNumber,
  description: values.description,
  shortDescription: values.shortDescription,
  address: values.address,
  bankInfo: values.bankInfo,
  billingAddress: values.billingAddress,
  legitimation: {
    ...values.legitimation,
    birthDate: values.legitimation.birthDate || null,
    documentKind: values.legitimation.documentKind || null,
  },
  clubTypeId: values.clubTypeId,
  clubSize: values.clubSize === '' ? null : (Number(values.clubSize) as ClubSize),
})

/** Fields that are files, saved by their own calls: only the backend knows whether they are there. */
export const FILE_FIELDS: ReadonlySet<ClubField> = new Set<ClubField>([
  ClubField.legitimationfront,
  ClubField.legitimationback,
  ClubField.documentsspend2Form,
  ClubField.documentsdeductibilityNotice,
  ClubField.logo,
])

/** The contract's order (form order). */
export const CLUB_FIELDS: readonly ClubField[] = Object.values(ClubField)

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * What would still be missing after saving these values, for the confirmation before an incomplete save
 * (spec §4). Text fields are judged by what is typed (empty = missing); files by the backend's last answer.
 * The backend's `completeness` in the response of `PUT club` is what counts afterwards.
 */
export const missingAfterSave = (values: ClubProfileValues, serverMissing: readonly ClubField[]): ClubField[] =>
  CLUB_FIELDS.filter((field) => {
    if (FILE_FIELDS.has(field)) return serverMissing.includes(field)
    if (field.startsWith('billingAddress.') && values.billingAddress.sameAsClubAddress) {
      // With "same as club address" the club address is used, with its country.
      return field === 'billingAddress.country'
        ? false
        : isBlank(get(values, field.replace('billingAddress.', 'address.')))
    }
    return isBlank(get(values, field))
  })

/** The form's field paths that the backend may name in a 400 (`Problem.errors[].field`). */
export const FORM_FIELDS = CLUB_FIELDS.filter((field) => !FILE_FIELDS.has(field)) as ReadonlyArray<
  FieldPath<ClubProfileValues>
>
