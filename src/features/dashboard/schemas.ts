import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import { ChangeClubMemberRoleBody, InviteClubUserBody } from '#openapi/generated/zod/clubs/clubs.zod.ts'

/**
 * The invite form: the generated request schema with German messages for the two empty-field cases
 * (functions, so the text comes from the catalogue when validating, not when this module loads).
 */
export const inviteMemberSchema = z.object({
  ...InviteClubUserBody.shape,
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie eine E-Mail-Adresse ein.` })),
    InviteClubUserBody.shape.email,
  ),
  clubRoleId: z.pipe(
    z.string().check(z.minLength(1, { error: () => t`Bitte wählen Sie eine Rolle im Verein.` })),
    InviteClubUserBody.shape.clubRoleId,
  ),
})

export type InviteMemberValues = z.infer<typeof inviteMemberSchema>

/** Another club role for a member: the generated request schema, with the German message for no choice. */
export const changeRoleSchema = z.object({
  ...ChangeClubMemberRoleBody.shape,
  clubRoleId: z.pipe(
    z.string().check(z.minLength(1, { error: () => t`Bitte wählen Sie eine Rolle im Verein.` })),
    ChangeClubMemberRoleBody.shape.clubRoleId,
  ),
})

export type ChangeRoleValues = z.infer<typeof changeRoleSchema>
