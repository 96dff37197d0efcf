import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { AcceptInvitationPage } from '@/features/auth/accept-invitation-page'

export const Route = createFileRoute('/acceptInvitation')({
  validateSearch: schema({ token: optionalString(200) }),
  component: AcceptInvitationPage,
})
