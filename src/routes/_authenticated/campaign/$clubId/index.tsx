import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CampaignCreatePage } from '@/features/campaigns/campaign-create-page'

export const Route = createFileRoute('/_authenticated/campaign/$clubId/')({
  params: z.object({ clubId: z.string().min(1).max(64) }),
  component: CampaignCreatePage,
})
