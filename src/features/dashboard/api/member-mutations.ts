import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetClubOverviewQueryKey,
  getGetClubUsersQueryKey,
  getGetClubsOfUserQueryKey,
  useChangeClubMemberRole,
  useRemoveClubMember,
  useResendClubInvitation,
  useWithdrawClubInvitation,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'

/**
 * A club's members and invitations: taking a member out, giving one another club role, withdrawing an
 * invitation, sending it again. On
 * success the toast, and the member list and overview (its member count) loaded afresh before the caller
 * closes its dialog. Failures are left to the dialog, which says why (e.g. 409 `last-member`).
 */
const useRefreshMembers = () => {
  const queryClient = useQueryClient()
  return (clubId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetClubUsersQueryKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
    ])
}

export const useRemoveMember = () => {
  const refresh = useRefreshMembers()
  return useRemoveClubMember({
    mutation: {
      onSuccess: async (_data, { clubId }) => {
        toast.success(t`Mitglied wurde entfernt.`)
        await refresh(clubId)
      },
    },
  })
}

export const useWithdrawInvitation = () => {
  const refresh = useRefreshMembers()
  return useWithdrawClubInvitation({
    mutation: {
      onSuccess: async (_data, { clubId }) => {
        toast.success(t`Einladung wurde zurückgezogen. Ihr Link funktioniert nicht mehr.`)
        await refresh(clubId)
      },
    },
  })
}

export const useResendInvitation = () => {
  const refresh = useRefreshMembers()
  return useResendClubInvitation({
    mutation: {
      onSuccess: async (invitation, { clubId }) => {
        const email = invitation.email
        toast.success(t`Einladung an ${email} wurde erneut versendet. Der Link der früheren Einladung gilt nicht mehr.`)
        await refresh(clubId)
      },
    },
  })
}

/** Another club role: the list, and every user's clubs (the changed person's rights there) afresh. */
export const useChangeMemberRole = () => {
  const refresh = useRefreshMembers()
  const queryClient = useQueryClient()
  return useChangeClubMemberRole({
    mutation: {
      onSuccess: async (member, { clubId }) => {
        const name = `${member.firstName} ${member.lastName}`.trim()
        const role = member.clubRoleName
        toast.success(t`${name} hat jetzt die Rolle ${role}.`)
        await Promise.all([
          refresh(clubId),
          member.uid ? queryClient.invalidateQueries({ queryKey: getGetClubsOfUserQueryKey(member.uid) }) : undefined,
        ])
      },
    },
  })
}
