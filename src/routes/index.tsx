import { createFileRoute } from '@tanstack/react-router'
import { optionalString, z } from '@/lib/search-params'
import { StartPage } from '@/features/start/start-page'

export const Route = createFileRoute('/')({
  // The guard sends signed-out visitors here with the page they wanted (spec §2).
  validateSearch: z.object({ redirect: optionalString(2000) }),
  component: StartPage,
})
