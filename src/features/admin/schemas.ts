import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { CreateClubTypeBody } from '@/api/generated/zod/club-types/club-types.zod'
import { DeactivateClubBody } from '@/api/generated/zod/clubs/clubs.zod'
import { RejectPaymentAccountBody } from '@/api/generated/zod/payments/payments.zod'

/**
 * The admin forms, derived from the contract's request schemas (`NamedInput`, `PaymentRejection`) with
 * German messages looked up when a check fails.
 */

/** `NamedInput` of club types and club roles (the same rule for both: 2 to 60 characters). */
export const namedInputSchema = () =>
  CreateClubTypeBody.extend({
    name: z
      .string()
      .trim()
      .min(1, { error: () => t`Bitte geben Sie einen Namen ein.` })
      .pipe(CreateClubTypeBody.shape.name),
  })
export type NamedInputValues = z.infer<ReturnType<typeof namedInputSchema>>

/** `PaymentRejection`: the reason is shown to the club, so it must say something. */
export const rejectionSchema = () =>
  RejectPaymentAccountBody.extend({
    reason: z
      .string()
      .trim()
      .min(1, { error: () => t`Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.` })
      .pipe(RejectPaymentAccountBody.shape.reason),
  })
export type RejectionValues = z.infer<ReturnType<typeof rejectionSchema>>

/** `ClubDeactivation`: the club reads the reason on its dashboard, so it must say something. */
export const deactivationSchema = () =>
  DeactivateClubBody.extend({
    reason: z
      .string()
      .trim()
      .min(1, { error: () => t`Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.` })
      .pipe(DeactivateClubBody.shape.reason),
  })
export type DeactivationValues = z.infer<ReturnType<typeof deactivationSchema>>

/**
 * The names in an `in-use` problem's `detail` ("… used by 2 club(s): A, B."): the contract says the detail
 * names the clubs; the sentence around them is English and is replaced by German text on screen.
 */
export const namesInUse = (detail: string | undefined): string | null => {
  if (!detail) return null
  const colon = detail.indexOf(': ')
  if (colon < 0) return null
  const names = detail
    .slice(colon + 2)
    .replace(/\.\s*$/, '')
    .trim()
  return names || null
}
