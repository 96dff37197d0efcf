import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import { getGetCampaignQueryOptions } from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { CampaignEditPage } from '#src/features/campaigns/campaign-edit-page.tsx'
import { donationSearchSchema } from '#src/features/donations/donation-search.ts'
import { DonationsSection } from '#src/features/donations/donations-section.tsx'

// The campaign form and the donation list are two features; the route puts the campaign's list below the form.
const renderDonations = (campaign: Campaign, clubName: string) => (
  <DonationsSection
    scope={{ kind: 'campaign', campaignId: campaign.documentId }}
    fileNameParts={[clubName, campaign.name]}
  />
)

const CampaignRoute = () => <CampaignEditPage renderDonations={renderDonations} />

export const Route = createFileRoute('/_authenticated/campaign/$clubId/$campaignId')({
  params: schema({ clubId: pathId(), campaignId: pathId() }),
  // The campaign's donation list keeps its page, sort and filter in the URL (`dPage`, `dSort`, …).
  validateSearch: donationSearchSchema,
  // A missing campaign is shown by the page (with the way back), not as a failed route: prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(getGetCampaignQueryOptions(params.campaignId)),
  component: CampaignRoute,
})
