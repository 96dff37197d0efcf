import { createFileRoute } from '@tanstack/react-router'
import { pathFlag, pathId, schema } from '#src/lib/search-params.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { getGetClubOverviewQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCountriesQueryOptions } from '#src/api/generated/query/endpoints/countries/countries.ts'
import { ClubProfilePage } from '#src/features/club-profile/club-profile-page.tsx'

export const Route = createFileRoute('/_authenticated/club/$clubId/$showSaveAlert')({
  params: schema({
    clubId: pathId(),
    // Passed to the screen as a flag (spec §2); anything but "true" means no save alert.
    showSaveAlert: pathFlag(),
  }),
  // The club must be there before the form starts (its values are the form's starting point); the select
  // lists load alongside and show their own state if they fail.
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(getGetClubTypesQueryOptions())
    void context.queryClient.prefetchQuery(getGetCountriesQueryOptions())
    await context.queryClient.ensureQueryData(getGetClubOverviewQueryOptions(params.clubId))
  },
  component: ClubProfilePage,
})
