import { t } from '@lingui/core/macro'
import type { TaxDonorUpdate } from '#openapi/generated/model/taxDonorUpdate.ts'
import { UpdateTaxDonorBody } from '#openapi/generated/zod/tax/tax.zod.ts'
import { MAX_AGE_YEARS, MIN_AGE_YEARS, checkBirthDate, type BirthDateCheck } from '#checks/input-checks.ts'
import { todayIso } from '#src/lib/format.ts'
import { plainText } from '#src/lib/form-checks.ts'
import { z } from '#src/lib/zod.ts'

/**
 * The correction of a donor the bPK service did not find (`PUT …/tax/donors/{refNr}`), derived from the
 * contract's `TaxDonorUpdate` body: the generated schema keeps the limits, the form adds German messages
 * and the checks the backend makes (no control characters, a real day of birth, 14 to 120 years old).
 */
const Donor = UpdateTaxDonorBody.shape

/** The donor's age, said of the donor (the shared birth-date messages speak of the contact person). */
export const donorBirthDateMessage = (check: Exclude<BirthDateCheck, 'ok'>): string =>
  check === 'too-young'
    ? t`Die Person muss mindestens ${MIN_AGE_YEARS} Jahre alt sein.`
    : t`Die Person kann nicht älter als ${MAX_AGE_YEARS} Jahre sein. Bitte prüfen Sie das Geburtsdatum.`

const name = (contract: typeof Donor.firstName, missing: () => string) =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1, { error: missing, abort: true })), plainText()), contract)

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

export const donorCorrectionSchema = () =>
  z.object({
    firstName: name(Donor.firstName, () => t`Bitte geben Sie den Vornamen ein.`),
    lastName: name(Donor.lastName, () => t`Bitte geben Sie den Nachnamen ein.`),
    birthDate: z.pipe(
      z.string().check(
        z.refine((value) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)), {
          error: () => t`Bitte geben Sie ein gültiges Geburtsdatum ein.`,
          abort: true,
        }),
        z.superRefine((value, context) => {
          const check = checkBirthDate(value, todayIso())
          if (check !== 'ok') context.addIssue({ code: 'custom', message: donorBirthDateMessage(check) })
        }),
      ),
      Donor.birthDate,
    ),
  })

export type DonorCorrectionInput = z.input<ReturnType<typeof donorCorrectionSchema>>
export type DonorCorrectionValues = z.output<ReturnType<typeof donorCorrectionSchema>>

/** The last gate before the request: the generated body schema itself. */
export const donorCorrectionBody = (values: DonorCorrectionValues): TaxDonorUpdate => UpdateTaxDonorBody.parse(values)
