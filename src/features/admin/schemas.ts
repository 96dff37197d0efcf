import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import { CreateClubRoleBody } from '#openapi/generated/zod/club-roles/club-roles.zod.ts'
import { CreateClubTypeBody } from '#openapi/generated/zod/club-types/club-types.zod.ts'
import { DeactivateClubBody } from '#openapi/generated/zod/clubs/clubs.zod.ts'
import { RejectPaymentAccountBody } from '#openapi/generated/zod/payments/payments.zod.ts'

/**
 * The admin forms, derived from the contract's request schemas (`NamedInput`, `ClubRoleInput`,
 * `PaymentRejection`) with German messages looked up when a check fails.
 */

/** A name of a club type or club role (the same rule for both: 2 to 60 characters). */
const entityName = (contract: z.ZodMiniType<string, string>) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie einen Namen ein.` })), contract)

/** `NamedInput` of club types. */
export const namedInputSchema = () =>
  z.object({
    ...CreateClubTypeBody.shape,
    name: entityName(CreateClubTypeBody.shape.name),
  })
export type NamedInputValues = z.infer<ReturnType<typeof namedInputSchema>>

/** `ClubRoleInput` (and the update's name and rights): a name and the two rights inside a club. */
export const clubRoleInputSchema = () =>
  z.object({
    ...CreateClubRoleBody.shape,
    name: entityName(CreateClubRoleBody.shape.name),
  })
export type ClubRoleInputValues = z.infer<ReturnType<typeof clubRoleInputSchema>>

/** A reason the club reads (rejection, deactivation): it must say something, within the contract's limit. */
const reason = (contract: z.ZodMiniType<string, string>) =>
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: () => t`Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.` }),
      ),
    contract,
  )

/** `PaymentRejection`: the reason is shown to the club, so it must say something. */
export const rejectionSchema = () =>
  z.object({
    ...RejectPaymentAccountBody.shape,
    reason: reason(RejectPaymentAccountBody.shape.reason),
  })
export type RejectionValues = z.infer<ReturnType<typeof rejectionSchema>>

/** `ClubDeactivation`: the club reads the reason on its dashboard, so it must say something. */
export const deactivationSchema = () =>
  z.object({
    ...DeactivateClubBody.shape,
    reason: reason(DeactivateClubBody.shape.reason),
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
