import { createFileRoute } from '@tanstack/react-router'
import { optionalEnum, optionalString, schema } from '#src/lib/search-params.ts'
import { SuccessPage } from '#src/features/start/success-page.tsx'

export const Route = createFileRoute('/success')({
  // What just succeeded decides what the page says happens next; `clubId` leads back to the club after payment.
  validateSearch: schema({
    from: optionalEnum(['registration', 'payment']),
    clubId: optionalString(64, 1),
  }),
  component: SuccessPage,
})
