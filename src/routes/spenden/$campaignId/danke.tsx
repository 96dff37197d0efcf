import { createFileRoute } from '@tanstack/react-router'
import { optionalString, pathId, schema } from '#src/lib/search-params.ts'
import { ThankYouPage } from '#src/features/giving/thank-you-page.tsx'

// Where the card provider sends the donor back (`?checkout=<id>`). Public and prerendered like the
// donation page, so no loader either.
export const Route = createFileRoute('/spenden/$campaignId/danke')({
  params: schema({ campaignId: pathId() }),
  validateSearch: schema({ checkout: optionalString(64, 1) }),
  component: ThankYouPage,
})
