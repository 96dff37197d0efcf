import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PaymentReturnPage } from '@/features/payment/payment-return-page'

export const Route = createFileRoute('/payment/return')({
  validateSearch: z.object({ clubId: z.string().max(64).optional().catch(undefined) }),
  component: PaymentReturnPage,
})
