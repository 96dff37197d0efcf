import { createFileRoute } from '@tanstack/react-router'
import { pathFlag, pathId, schema } from '@/lib/search-params'
import { getGetClubTypesQueryOptions } from '@/api/generated/query/endpoints/club-types/club-types'
import { getGetClubOverviewQueryOptions } from '@/api/generated/query/endpoints/clubs/clubs'
import { getGetCountriesQueryOptions } from '@/api/generated/query/endpoints/countries/countries'
import { ClubProfilePage } from '@/features/club-profile/club-profile-page'

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
