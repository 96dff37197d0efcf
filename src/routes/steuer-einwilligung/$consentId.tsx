import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import { ConsentPage } from '#src/features/giving/consent-page.tsx'

// The link in a donation's confirmation e-mail (domain/mails.ts): public, no guard, and no loader, like the
// other public giving pages, so the page's loading state shows at once.
export const Route = createFileRoute('/steuer-einwilligung/$consentId')({
  params: schema({ consentId: pathId() }),
  component: ConsentPage,
})
