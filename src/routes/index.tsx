import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { StartPage } from '@/features/start/start-page'

export const Route = createFileRoute('/')({
  // The guard sends signed-out visitors here with the page they wanted (spec §2).
  validateSearch: schema({ redirect: optionalString(2000) }),
  component: StartPage,
})
