import { createFileRoute } from '@tanstack/react-router'
import { optionalString, z } from '@/lib/search-params'
import { PaymentPage } from '@/features/payment/payment-page'

export const Route = createFileRoute('/payment/')({
  validateSearch: z.object({ clubId: optionalString(64) }),
  component: PaymentPage,
})
