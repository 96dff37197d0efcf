import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { PaymentPage } from '#src/features/payment/payment-page.tsx'

export const Route = createFileRoute('/payment/')({
  validateSearch: schema({ clubId: optionalString(64) }),
  component: PaymentPage,
})
