import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  getGetClubOverviewQueryKey,
  getGetClubUsersQueryKey,
  inviteClubUser,
} from '@/api/generated/query/endpoints/clubs/clubs'
import type { InvitationInput } from '@/api/generated/query/model/invitationInput'

/**
 * `inviteClubUser` (the generated client has request functions for writes, no mutation hooks): on success
 * the toast and a fresh member list (the invitation appears there as "Eingeladen") and overview. Failures
 * are left to the form, which puts a 409 at the e-mail field.
 */
export const useInviteMember = (clubId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InvitationInput) => inviteClubUser(clubId, body),
    onSuccess: async (invitation) => {
      const email = invitation.email
      toast.success(t`Einladung an ${email} wurde versendet.`)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetClubUsersQueryKey(clubId) }),
        queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
      ])
    },
  })
}
