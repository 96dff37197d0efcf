import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetCampaignQueryKey,
  getGetCampaignsOfClubQueryKey,
  useCreateCampaign,
  useDeleteCampaign,
  useUpdateCampaign,
} from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import { getGetClubOverviewQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'

/*
 * The generated mutations with the success toast and fresh caches. Failures are left to the screen, which
 * knows the field or dialog a failure belongs to.
 */

const useRefreshClub = () => {
  const queryClient = useQueryClient()
  return (clubId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetCampaignsOfClubQueryKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
    ])
}

/** The saved campaign goes straight into its cache entry; the club's lists are read again. */
const useStoreCampaign = (message: (campaign: Campaign) => string) => {
  const queryClient = useQueryClient()
  const refresh = useRefreshClub()
  return {
    onSuccess: async (campaign: Campaign) => {
      toast.success(message(campaign))
      queryClient.setQueryData(getGetCampaignQueryKey(campaign.documentId), campaign)
      await refresh(campaign.clubId)
    },
  }
}

export const useCreateCampaignMutation = () =>
  useCreateCampaign({ mutation: useStoreCampaign(() => t`Kampagne wurde angelegt`) })

/** Saving the form's fields. */
export const useSaveCampaignMutation = () =>
  useUpdateCampaign({ mutation: useStoreCampaign(() => t`Kampagne wurde gespeichert`) })

/** Enabling or disabling (the same `PUT` with the saved fields and the new state). */
export const useToggleCampaignMutation = () =>
  useUpdateCampaign({
    mutation: useStoreCampaign((campaign) =>
      campaign.enabled ? t`Kampagne wurde aktiviert` : t`Kampagne wurde deaktiviert`,
    ),
  })

/** `clubId`: the club whose lists and overview lose the campaign. */
export const useDeleteCampaignMutation = (clubId: string) => {
  const queryClient = useQueryClient()
  const refresh = useRefreshClub()
  return useDeleteCampaign({
    mutation: {
      onSuccess: async (_result, { documentId }) => {
        toast.success(t`Kampagne wurde gelöscht`)
        // Not refetched: the page that shows it is about to leave (a refetch would only answer 404).
        await queryClient.invalidateQueries({ queryKey: getGetCampaignQueryKey(documentId), refetchType: 'none' })
        await refresh(clubId)
      },
    },
  })
}
