import { createFileRoute } from '@tanstack/react-router'
import { optionalEnum, optionalString, schema } from '@/lib/search-params'
import { SuccessPage } from '@/features/start/success-page'

export const Route = createFileRoute('/success')({
  // What just succeeded decides what the page says happens next; `clubId` leads back to the club after payment.
  validateSearch: schema({
    from: optionalEnum(['registration', 'payment']),
    clubId: optionalString(64, 1),
  }),
  component: SuccessPage,
})
