import type { QueryClient } from '@tanstack/react-query'
import { getGetCampaignsOfClubQueryOptions } from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import { getGetClubRolesQueryOptions } from '#src/api/generated/query/endpoints/club-roles/club-roles.ts'
import {
  getGetClubDocumentsQueryOptions,
  getGetClubImagesQueryOptions,
  getGetClubOverviewQueryOptions,
  getGetClubUsersQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetDonationStatsOfClubQueryOptions } from '#src/api/generated/query/endpoints/donations/donations.ts'
import type { GetClubImagesParams } from '#openapi/generated/model/getClubImagesParams.ts'
import type { GetDonationStatsOfClubParams } from '#openapi/generated/model/getDonationStatsOfClubParams.ts'
import type { ChartRange } from './chart-range.ts'

/** The media section's pictures: the gallery only (the identity-document scans are never shown there). */
export const GALLERY: GetClubImagesParams = { label: 'GALLERY' }

/** The chart's query parameters for a range. */
export const statsParams = (range: ChartRange): GetDonationStatsOfClubParams => ({
  from: range.from,
  to: range.to,
  groupBy: range.groupBy,
})

/**
 * Starts everything one club's dashboard shows, at once and without waiting: the overview, the chart's
 * data, the campaigns, the members, pictures and documents, and (for whoever may invite) the club roles of
 * the invite form. The sections read the same queries (same generated keys, same parameters), so when they
 * render their data is there or on its way, instead of each asking only once the overview has arrived.
 * Not the code of the sections further down: it loads when they come near the viewport or the browser is
 * idle, so it does not take the connection from the first screen. Never throws: a section shows its own
 * failure.
 */
export const prefetchClubDashboard = (
  queryClient: QueryClient,
  clubId: string,
  { range, withClubRoles = false }: { range: ChartRange; withClubRoles?: boolean },
): void => {
  void queryClient.prefetchQuery(getGetClubOverviewQueryOptions(clubId))
  void queryClient.prefetchQuery(getGetDonationStatsOfClubQueryOptions(clubId, statsParams(range)))
  void queryClient.prefetchQuery(getGetCampaignsOfClubQueryOptions(clubId))
  void queryClient.prefetchQuery(getGetClubUsersQueryOptions(clubId))
  void queryClient.prefetchQuery(getGetClubImagesQueryOptions(clubId, GALLERY))
  void queryClient.prefetchQuery(getGetClubDocumentsQueryOptions(clubId))
  if (withClubRoles) void queryClient.prefetchQuery(getGetClubRolesQueryOptions())
}
