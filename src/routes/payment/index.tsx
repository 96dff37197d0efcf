import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PaymentPage } from '@/features/payment/payment-page'

export const Route = createFileRoute('/payment/')({
  validateSearch: z.object({ clubId: z.string().max(64).optional().catch(undefined) }),
  component: PaymentPage,
})
