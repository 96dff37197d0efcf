import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SuccessPage } from '@/features/start/success-page'

export const Route = createFileRoute('/success')({
  // What just succeeded decides what the page says happens next; `clubId` leads back to the club after payment.
  validateSearch: z.object({
    from: z.enum(['registration', 'payment']).optional().catch(undefined),
    clubId: z.string().min(1).max(64).optional().catch(undefined),
  }),
  component: SuccessPage,
})
