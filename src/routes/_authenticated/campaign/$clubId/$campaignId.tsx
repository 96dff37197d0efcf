import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CampaignEditPage } from '@/features/campaigns/campaign-edit-page'

export const Route = createFileRoute('/_authenticated/campaign/$clubId/$campaignId')({
  params: z.object({ clubId: z.string().min(1).max(64), campaignId: z.string().min(1).max(64) }),
  component: CampaignEditPage,
})
