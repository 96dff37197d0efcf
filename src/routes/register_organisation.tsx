import { createFileRoute } from '@tanstack/react-router'
import { optionalInt, schema } from '#src/lib/search-params.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { RegistrationPage } from '#src/features/registration/registration-page.tsx'

export const Route = createFileRoute('/register_organisation')({
  // The wizard's step lives in the URL, so the browser's back button steps back too.
  validateSearch: schema({ step: optionalInt(1, 5) }),
  // The club types (step 4) load while the first steps are filled in; a failure shows in that step.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetClubTypesQueryOptions())
  },
  component: RegistrationPage,
})
