import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import { DonationPage } from '#src/features/giving/donation-page.tsx'

// Public, no guard, no loader: the build prerenders this page's loading state for every campaign
// (src/prerender.tsx), and a loader would ask the backend at build time.
export const Route = createFileRoute('/spenden/$campaignId/')({
  params: schema({ campaignId: pathId() }),
  component: DonationPage,
})
