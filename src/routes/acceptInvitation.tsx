import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AcceptInvitationPage } from '@/features/auth/accept-invitation-page'

export const Route = createFileRoute('/acceptInvitation')({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: AcceptInvitationPage,
})
