import type { QueryClient } from '@tanstack/react-query'
import {
  getGetClubDocumentsQueryKey,
  getGetClubImagesQueryKey,
  getGetClubOverviewQueryKey,
  getGetClubsQueryKey,
} from '@/api/generated/query/endpoints/clubs/clubs'
import { getGetPaymentAccountQueryKey } from '@/api/generated/query/endpoints/payments/payments'
import type { Club } from '@/api/generated/query/model/club'
import type { ClubOverview } from '@/api/generated/query/model/clubOverview'

const firstKey = (queryKey: readonly unknown[]) => (typeof queryKey[0] === 'string' ? queryKey[0] : '')

/**
 * Everything that shows a club's profile or files: the overview (dashboard and this form's file slots), the
 * image and document lists, the release list and the club switcher (name, logo, status).
 */
export const invalidateClub = (queryClient: QueryClient, clubId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
    queryClient.invalidateQueries({ queryKey: getGetClubImagesQueryKey(clubId) }),
    queryClient.invalidateQueries({ queryKey: getGetClubDocumentsQueryKey(clubId) }),
    queryClient.invalidateQueries({ queryKey: getGetClubsQueryKey() }),
    // New bank details may hold the account's payouts (`payoutsBlocked`).
    queryClient.invalidateQueries({ queryKey: getGetPaymentAccountQueryKey(clubId) }),
    queryClient.invalidateQueries({ predicate: (query) => firstKey(query.queryKey).startsWith('/club/all/user/') }),
  ])

/** The saved club goes straight into the overview, so completeness shows without waiting for a refetch. */
export const putClubIntoOverview = (queryClient: QueryClient, club: Club) =>
  queryClient.setQueryData<ClubOverview>(getGetClubOverviewQueryKey(club.id), (overview) =>
    overview ? { ...overview, club } : overview,
  )
