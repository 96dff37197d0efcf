import type { QueryClient } from '@tanstack/react-query'
import { getGetClubOverviewQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Club } from '#openapi/generated/model/club.ts'
import type { ClubOverview } from '#openapi/generated/model/clubOverview.ts'
import { anyOf, isClubQuery, isPaymentAccountQuery } from '#src/lib/query-keys.ts'

/**
 * Everything that shows a club's profile or files: its overview (dashboard and this form's file slots),
 * image and document lists, members and log, the release list and the club switcher (name, logo, status),
 * and its payment account (new bank details may hold the payouts, `payoutsBlocked`).
 */
export const invalidateClub = (queryClient: QueryClient, clubId: string) =>
  queryClient.invalidateQueries({ predicate: anyOf(isClubQuery(clubId), isPaymentAccountQuery(clubId)) })

/** The saved club goes straight into the overview, so completeness shows without waiting for a refetch. */
export const putClubIntoOverview = (queryClient: QueryClient, club: Club) =>
  queryClient.setQueryData<ClubOverview>(getGetClubOverviewQueryKey(club.id), (overview) =>
    overview ? { ...overview, club } : overview,
  )
