import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import { DonorReceiptPage } from '#src/features/giving/donor-receipt-page.tsx'

// The receipt link in a donation's confirmation e-mail (domain/mails.ts): public, no guard, and no loader,
// like the other public giving pages, so the page's loading state shows at once.
export const Route = createFileRoute('/spendenbestaetigung/$receiptToken')({
  params: schema({ receiptToken: pathId() }),
  component: DonorReceiptPage,
})
