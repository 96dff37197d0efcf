import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { StartPage } from '#src/features/start/start-page.tsx'

export const Route = createFileRoute('/')({
  // The guard sends signed-out visitors here with the page they wanted (spec §2).
  validateSearch: schema({ redirect: optionalString(2000) }),
  component: StartPage,
})
