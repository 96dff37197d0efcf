import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  createCampaign,
  deleteCampaign,
  getGetCampaignQueryKey,
  getGetCampaignsOfClubQueryKey,
  updateCampaign,
} from '@/api/generated/query/endpoints/campaigns/campaigns'
import { getGetClubOverviewQueryKey } from '@/api/generated/query/endpoints/clubs/clubs'
import type { Campaign } from '@/api/generated/query/model/campaign'
import type { CampaignCreate } from '@/api/generated/query/model/campaignCreate'
import type { CampaignUpdate } from '@/api/generated/query/model/campaignUpdate'

/*
 * Wrappers over the generated request functions (orval generates query hooks only): the success toast and
 * fresh caches. Failures are left to the screen, which knows the field or dialog a failure belongs to.
 */

const useRefreshClub = () => {
  const queryClient = useQueryClient()
  return (clubId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetCampaignsOfClubQueryKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
    ])
}

export const useCreateCampaignMutation = () => {
  const queryClient = useQueryClient()
  const refresh = useRefreshClub()
  return useMutation({
    mutationFn: (body: CampaignCreate) => createCampaign(body),
    onSuccess: async (campaign) => {
      toast.success(t`Kampagne wurde angelegt`)
      queryClient.setQueryData(getGetCampaignQueryKey(campaign.documentId), campaign)
      await refresh(campaign.clubId)
    },
  })
}

export type UpdateKind = 'saved' | 'enabled' | 'disabled'

export const useUpdateCampaignMutation = () => {
  const queryClient = useQueryClient()
  const refresh = useRefreshClub()
  return useMutation({
    mutationFn: ({ body }: { body: CampaignUpdate; kind: UpdateKind }) => updateCampaign(body),
    onSuccess: async (campaign: Campaign, { kind }) => {
      toast.success(
        kind === 'enabled'
          ? t`Kampagne wurde aktiviert`
          : kind === 'disabled'
            ? t`Kampagne wurde deaktiviert`
            : t`Kampagne wurde gespeichert`,
      )
      queryClient.setQueryData(getGetCampaignQueryKey(campaign.documentId), campaign)
      await refresh(campaign.clubId)
    },
  })
}

export const useDeleteCampaignMutation = () => {
  const queryClient = useQueryClient()
  const refresh = useRefreshClub()
  return useMutation({
    mutationFn: (campaign: Pick<Campaign, 'documentId' | 'clubId'>) => deleteCampaign(campaign.documentId),
    onSuccess: async (_result, campaign) => {
      toast.success(t`Kampagne wurde gelöscht`)
      // Not refetched: the page that shows it is about to leave (a refetch would only answer 404).
      await queryClient.invalidateQueries({
        queryKey: getGetCampaignQueryKey(campaign.documentId),
        refetchType: 'none',
      })
      await refresh(campaign.clubId)
    },
  })
}
