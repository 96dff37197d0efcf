import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { DashboardPage } from '@/features/dashboard/dashboard-page'

export const Route = createFileRoute('/_authenticated/home')({
  // Spec §2: without an active club, the route parameter `id` chooses it.
  validateSearch: z.object({ id: z.string().max(64).optional().catch(undefined) }),
  component: DashboardPage,
})
