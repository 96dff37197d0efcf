import type { QueryClient } from '@tanstack/react-query'
import {
  getGetDonationsOfCampaignQueryOptions,
  getGetDonationsOfClubQueryOptions,
} from '#src/api/generated/query/endpoints/donations/donations.ts'
import type { GetDonationsOfClubParams } from '#openapi/generated/model/getDonationsOfClubParams.ts'
import { donationSearchSchema, toListState, toQueryParams } from './donation-search.ts'

// Apart from the list and the export: a screen that shows the list later (the dashboard) asks for its first
// page with these alone, without the list's zod and export code.

export type DonationScope = { kind: 'club'; clubId: string } | { kind: 'campaign'; campaignId: string }

/** A page of a club's or a campaign's donations: the list's query, the export's and the prefetch's. */
export const donationPageQueryOptions = (
  scope: DonationScope,
  params: GetDonationsOfClubParams,
  request?: { background: boolean },
) =>
  scope.kind === 'club'
    ? getGetDonationsOfClubQueryOptions(scope.clubId, params, { request })
    : getGetDonationsOfCampaignQueryOptions(scope.campaignId, params, { request })

/**
 * Starts the page the list shows with this URL state (its `d…` search parameters), with the list's own
 * key, so a list rendered later finds it there or on its way. Never throws: the list shows its own failure.
 */
export const prefetchDonationPage = (queryClient: QueryClient, scope: DonationScope, search: unknown): void => {
  void queryClient.prefetchQuery(
    donationPageQueryOptions(scope, toQueryParams(toListState(donationSearchSchema.parse(search)))),
  )
}
