import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { PaymentPage } from '@/features/payment/payment-page'

export const Route = createFileRoute('/payment/')({
  validateSearch: schema({ clubId: optionalString(64) }),
  component: PaymentPage,
})
