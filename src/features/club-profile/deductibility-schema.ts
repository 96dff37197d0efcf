import { t } from '@lingui/core/macro'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { ClubTaxStatusUpdate } from '#openapi/generated/model/clubTaxStatusUpdate.ts'
import type { DeductibilityFields } from '#openapi/generated/model/deductibilityFields.ts'
import {
  UpdateClubTaxStatusBody,
  updateClubTaxStatusBodyRegisterNumberMax,
  updateClubTaxStatusBodyRegisterNumberRegExp,
  updateClubTaxStatusBodyTaxNumberOneRegExp,
} from '#openapi/generated/zod/tax/tax.zod.ts'
import { todayIso } from '#src/lib/format.ts'
import { z } from '#src/lib/zod.ts'

/**
 * The club's entry on the BMF list of begünstigte Spendenempfänger and its tax data, derived from the
 * contract's `ClubTaxStatusUpdate` body (`UpdateClubTaxStatusBody`): the generated schema's patterns and
 * limits with German messages, empty inputs for the optional values (null in the body), and the checks
 * the backend makes (the revocation after the start, the last report not in the future). The body itself
 * is the last gate before the request.
 */

const Body = UpdateClubTaxStatusBody.shape
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

const isDay = (value: string) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(value))

/** Empty, or a calendar day. */
const optionalDay = () =>
  z
    .string()
    .check(
      z.refine((value) => value === '' || isDay(value), { error: () => t`Bitte geben Sie ein gültiges Datum ein.` }),
    )

export const deductibilitySchema = () =>
  z
    .object({
      // "SO 1158", "so-1158" and "SO1158" are taken as they are typed; the backend stores `SO-1158`.
      registerNumber: z.pipe(
        z.string().check(
          z.trim(),
          z.minLength(1, { error: () => t`Bitte geben Sie die Registrierungsnummer ein.`, abort: true }),
          z.refine((value) => updateClubTaxStatusBodyRegisterNumberRegExp.test(value), {
            error: () => t`Zwei Buchstaben und eine Zahl, wie in der BMF-Liste, z. B. SO 1158.`,
            abort: true,
          }),
        ),
        Body.registerNumber,
      ),
      category: z.pipe(
        z.string().check(z.minLength(1, { error: () => t`Bitte wählen Sie die Kategorie.`, abort: true })),
        Body.category,
      ),
      validFrom: z
        .string()
        .check(z.refine(isDay, { error: () => t`Bitte geben Sie an, ab wann der Verein begünstigt ist.` })),
      revokedOn: optionalDay(),
      // Spaces, slashes and dashes as on a notice ("12 345/6789") are left out.
      taxNumber: z.string().check(
        z.overwrite((value) => value.replace(/[\s/-]+/g, '')),
        z.refine((value) => value === '' || updateClubTaxStatusBodyTaxNumberOneRegExp.test(value), {
          error: () => t`Die Steuernummer hat 9 Ziffern.`,
        }),
      ),
      lastReportOn: optionalDay().check(
        z.refine((value) => value === '' || value <= todayIso(), {
          error: () => t`Die letzte Jahresmeldung kann nicht in der Zukunft liegen.`,
        }),
      ),
    })
    .check(
      z.superRefine((values, context) => {
        if (values.revokedOn && isDay(values.validFrom) && values.revokedOn <= values.validFrom)
          context.addIssue({
            code: 'custom',
            path: ['revokedOn'],
            message: t`Der Widerruf liegt nach dem Tag, ab dem der Verein begünstigt war.`,
          })
      }),
    )

export type DeductibilityInput = z.input<ReturnType<typeof deductibilitySchema>>
export type DeductibilityValues = z.output<ReturnType<typeof deductibilitySchema>>

export const DEDUCTIBILITY_FIELDS = [
  'registerNumber',
  'category',
  'validFrom',
  'revokedOn',
  'taxNumber',
  'lastReportOn',
] as const satisfies ReadonlyArray<keyof DeductibilityInput>

export const REGISTER_NUMBER_MAX = updateClubTaxStatusBodyRegisterNumberMax

/** What the form starts with: the entry as it will be once confirmed, or empty fields for a new entry. */
export const toDeductibilityInput = (
  status: ClubTaxStatus,
  fields: DeductibilityFields | null,
): DeductibilityInput => ({
  registerNumber: fields?.registerNumber ?? '',
  category: fields?.category ?? '',
  validFrom: fields?.validFrom ?? '',
  revokedOn: fields?.revokedOn ?? '',
  taxNumber: status.taxNumber ?? '',
  lastReportOn: status.lastReportOn ?? '',
})

/** The `PUT …/tax` body; `entryId` null starts a new entry. */
export const toClubTaxStatusUpdate = (values: DeductibilityValues, entryId: string | null): ClubTaxStatusUpdate =>
  UpdateClubTaxStatusBody.parse({
    entryId,
    registerNumber: values.registerNumber,
    category: values.category,
    validFrom: values.validFrom,
    revokedOn: values.revokedOn || null,
    taxNumber: values.taxNumber || null,
    lastReportOn: values.lastReportOn || null,
  })
