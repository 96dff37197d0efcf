import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '@/lib/search-params'
import { getGetCampaignQueryOptions } from '@/api/generated/query/endpoints/campaigns/campaigns'
import type { Campaign } from '@/api/generated/query/model/campaign'
import { CampaignEditPage } from '@/features/campaigns/campaign-edit-page'
import { donationSearchSchema } from '@/features/donations/donation-search'
import { DonationsSection } from '@/features/donations/donations-section'

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
