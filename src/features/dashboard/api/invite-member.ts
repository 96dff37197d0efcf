import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetClubOverviewQueryKey,
  getGetClubUsersQueryKey,
  useInviteClubUser,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'

/**
 * `inviteClubUser`: on success the toast (which says when an earlier invitation's link stopped working)
 * and a fresh member list (the invitation appears there as "Eingeladen") and overview. Failures are left
 * to the form, which puts a 409 at the e-mail field.
 */
export const useInviteMember = () => {
  const queryClient = useQueryClient()
  return useInviteClubUser({
    mutation: {
      onSuccess: async (invitation, { clubId }) => {
        const email = invitation.email
        // Re-inviting replaces an earlier invitation: the inviting person learns that its link is dead now.
        if (invitation.replacesEarlier)
          toast.success(t`Einladung an ${email} wurde versendet. Der Link der früheren Einladung gilt nicht mehr.`)
        else toast.success(t`Einladung an ${email} wurde versendet.`)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getGetClubUsersQueryKey(clubId) }),
          queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
        ])
      },
    },
  })
}
