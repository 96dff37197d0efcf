import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '@/lib/search-params'
import { getGetClubOverviewQueryOptions } from '@/api/generated/query/endpoints/clubs/clubs'
import { CampaignCreatePage } from '@/features/campaigns/campaign-create-page'

export const Route = createFileRoute('/_authenticated/campaign/$clubId/')({
  params: schema({ clubId: pathId() }),
  // The club's name heads the form, and the form is only offered for a club that exists and this person
  // may open: the page shows "Kein Zugriff" or "Nicht gefunden" instead (prefetchQuery never throws).
  loader: ({ context, params }) => context.queryClient.prefetchQuery(getGetClubOverviewQueryOptions(params.clubId)),
  component: CampaignCreatePage,
})
