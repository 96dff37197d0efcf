import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { InviteClubUserBody } from '@/api/generated/zod/clubs/clubs.zod'

/**
 * The invite form: the generated request schema with German messages for the two empty-field cases
 * (functions, so the text comes from the catalogue when validating, not when this module loads).
 */
export const inviteMemberSchema = InviteClubUserBody.extend({
  email: z
    .string()
    .trim()
    .min(1, { error: () => t`Bitte geben Sie eine E-Mail-Adresse ein.` })
    .pipe(InviteClubUserBody.shape.email),
  clubRoleId: z
    .string()
    .min(1, { error: () => t`Bitte wählen Sie eine Rolle im Verein.` })
    .pipe(InviteClubUserBody.shape.clubRoleId),
})

export type InviteMemberValues = z.infer<typeof inviteMemberSchema>
