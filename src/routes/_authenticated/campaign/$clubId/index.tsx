import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import { getGetClubOverviewQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { CampaignCreatePage } from '#src/features/campaigns/campaign-create-page.tsx'

export const Route = createFileRoute('/_authenticated/campaign/$clubId/')({
  params: schema({ clubId: pathId() }),
  // The club's name heads the form, and the form is only offered for a club that exists and this person
  // may open: the page shows "Kein Zugriff" or "Nicht gefunden" instead (prefetchQuery never throws).
  loader: ({ context, params }) => context.queryClient.prefetchQuery(getGetClubOverviewQueryOptions(params.clubId)),
  component: CampaignCreatePage,
})
