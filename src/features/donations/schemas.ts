import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import { GetDonationsOfClubQueryParams } from '#openapi/generated/zod/donations/donations.zod.ts'

const { from, to } = GetDonationsOfClubQueryParams.shape

/** An empty date input means "no limit". */
const optionalDay = (schema: typeof from) =>
  z.pipe(
    z.union([z.literal(''), schema.def.innerType]),
    z.transform((value) => value || undefined),
  )

/** The date filter of the donation list: both days optional, "bis" not before "von". */
export const donationFilterSchema = z.object({ from: optionalDay(from), to: optionalDay(to) }).check(
  z.superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: t`Das Bis-Datum darf nicht vor dem Von-Datum liegen.` })
    }
  }),
)

export type DonationFilterInput = z.input<typeof donationFilterSchema>
export type DonationFilterValues = z.output<typeof donationFilterSchema>
