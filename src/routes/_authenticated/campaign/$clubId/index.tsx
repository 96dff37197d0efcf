import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { getGetClubOverviewQueryOptions } from '@/api/generated/query/endpoints/clubs/clubs'
import { CampaignCreatePage } from '@/features/campaigns/campaign-create-page'

export const Route = createFileRoute('/_authenticated/campaign/$clubId/')({
  params: z.object({ clubId: z.string().min(1).max(64) }),
  // The club's name heads the form; a failure leaves the form usable (the page shows a generic lead).
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getGetClubOverviewQueryOptions(params.clubId)).catch(() => undefined),
  component: CampaignCreatePage,
})
