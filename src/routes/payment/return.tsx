import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { PaymentReturnPage } from '#src/features/payment/payment-return-page.tsx'

export const Route = createFileRoute('/payment/return')({
  validateSearch: schema({ clubId: optionalString(64) }),
  component: PaymentReturnPage,
})
