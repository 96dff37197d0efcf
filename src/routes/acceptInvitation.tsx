import { createFileRoute } from '@tanstack/react-router'
import { optionalString, z } from '@/lib/search-params'
import { AcceptInvitationPage } from '@/features/auth/accept-invitation-page'

export const Route = createFileRoute('/acceptInvitation')({
  validateSearch: z.object({ token: optionalString(200) }),
  component: AcceptInvitationPage,
})
