import { createFileRoute } from '@tanstack/react-router'
import { pathFlag, pathId, schema } from '#src/lib/search-params.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import { getGetCountriesQueryOptions } from '#src/api/generated/query/endpoints/countries/countries.ts'
import { ClubProfilePage } from '#src/features/club-profile/club-profile-page.tsx'

export const Route = createFileRoute('/_authenticated/club/$clubId/$showSaveAlert')({
  params: schema({
    clubId: pathId(),
    // Passed to the screen as a flag (spec §2); anything but "true" means no save alert.
    showSaveAlert: pathFlag(),
  }),
  // The club must be there before the form starts (its values are the form's starting point), and so must
  // a member's clubs (whether their club role may change the bank details); the select lists load alongside
  // and show their own state if they fail.
  loader: async ({ context, params }) => {
    const { queryClient } = context
    void queryClient.prefetchQuery(getGetClubTypesQueryOptions())
    void queryClient.prefetchQuery(getGetCountriesQueryOptions())
    const ownClubs = queryClient
      .ensureQueryData(getGetCurrentUserQueryOptions())
      .then((me) =>
        me.role === 'ROLE_USER' ? queryClient.ensureQueryData(getGetClubsOfUserQueryOptions(me.uid)) : undefined,
      )
      // Without them the form lets the person try; the backend decides (403 `club-right-missing`).
      .catch(() => undefined)
    await Promise.all([queryClient.ensureQueryData(getGetClubOverviewQueryOptions(params.clubId)), ownClubs])
  },
  component: ClubProfilePage,
})
