import type { QueryClient } from '@tanstack/react-query'
import { getGetDonationsOfClubQueryOptions } from '#src/api/generated/query/endpoints/donations/donations.ts'
import { donationSearchSchema, toListState, toQueryParams } from './donation-search.ts'

/**
 * Starts the page of a club's donations that its list shows with this URL state, with the same key as the
 * list's own query (`donationPageQueryOptions`), so a screen that renders the list later (the dashboard's
 * lower sections) finds it there or on its way. Only the generated options: the list's own modules carry
 * zod and the export, which load with the list. Never throws: the list shows its own failure.
 */
export const prefetchClubDonationPage = (queryClient: QueryClient, clubId: string, search: unknown): void => {
  void queryClient.prefetchQuery(
    getGetDonationsOfClubQueryOptions(clubId, toQueryParams(toListState(donationSearchSchema.parse(search)))),
  )
}
