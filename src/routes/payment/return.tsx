import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { PaymentReturnPage } from '@/features/payment/payment-return-page'

export const Route = createFileRoute('/payment/return')({
  validateSearch: schema({ clubId: optionalString(64) }),
  component: PaymentReturnPage,
})
