import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { StartPage } from '@/features/start/start-page'

export const Route = createFileRoute('/')({
  // The guard sends signed-out visitors here with the page they wanted (spec §2).
  validateSearch: z.object({ redirect: z.string().max(2000).optional().catch(undefined) }),
  component: StartPage,
})
