import type { QueryClient } from '@tanstack/react-query'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { DonationPage } from '#openapi/generated/model/donationPage.ts'
import { getDonationsOfClubQuerySizeMax } from '#openapi/generated/zod/donations/donations.zod.ts'
import type { GetDonationsOfClubParams } from '#openapi/generated/model/getDonationsOfClubParams.ts'
import { donationPageQueryOptions, type DonationScope } from './donation-queries.ts'

/** The largest page the backend serves: an export of 10 000 donations needs 11 requests. */
export const EXPORT_PAGE_SIZE = getDonationsOfClubQuerySizeMax

export interface ExportProgress {
  loaded: number
  total: number
}

export interface ExportResult {
  donations: Donation[]
  totalCents: number
  count: number
}

/**
 * Every donation matching the filter and sort of the list, page by page (through the query cache, so a
 * second export of the same filter is instant). Stops when `signal` aborts.
 */
export const fetchAllDonations = async (
  queryClient: QueryClient,
  scope: DonationScope,
  filter: Pick<GetDonationsOfClubParams, 'from' | 'to' | 'sort'>,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> => {
  const donations: Donation[] = []
  let page = 0
  let first: DonationPage | undefined
  for (;;) {
    signal?.throwIfAborted()
    const result = await queryClient.fetchQuery({
      // In the background: the export shows its own progress, and the loading overlay must not cover its
      // cancel button.
      ...donationPageQueryOptions(scope, { ...filter, page, size: EXPORT_PAGE_SIZE }, { background: true }),
      // An export must reflect the backend now, not a page cached a minute ago.
      staleTime: 0,
    })
    first ??= result
    donations.push(...result.items)
    onProgress({ loaded: donations.length, total: first.totalItems })
    page += 1
    if (page >= result.totalPages || result.items.length === 0) break
  }
  return { donations, totalCents: first.totalCents, count: first.totalItems }
}
