/**
 * Request bodies the tests build from answers. The contract is closed
 * (docs/decisions/0024-closed-contract.md): a field the body's schema does not name is refused with 400
 * `unknown_field`, so an answer is never sent back as it is.
 */
import { UpdateClubBody } from '#openapi/generated/zod/clubs/clubs.zod.ts'

/**
 * A club (as `getClubOverview` answers it) as the profile form sends it back: only the fields the
 * generated `UpdateClubBody` names, not `status`, `completeness`, `bankReview`, ….
 */
export const clubUpdateOf = <T extends object>(club: T): Pick<T, Extract<keyof T, ClubUpdateField>> =>
  Object.fromEntries(Object.entries(club).filter(([key]) => key in UpdateClubBody.shape)) as Pick<
    T,
    Extract<keyof T, ClubUpdateField>
  >

type ClubUpdateField = keyof typeof UpdateClubBody.shape
