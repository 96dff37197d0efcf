import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { AcceptInvitationPage } from '#src/features/auth/accept-invitation-page.tsx'

export const Route = createFileRoute('/acceptInvitation')({
  validateSearch: schema({ token: optionalString(200) }),
  component: AcceptInvitationPage,
})
