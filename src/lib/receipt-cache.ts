import type { QueryClient } from '@tanstack/react-query'
import {
  getGetAnnualReceiptCandidatesQueryKey,
  getGetClubReceiptsQueryKey,
  getGetReceiptFileQueryKey,
  getGetReceiptSettingsQueryKey,
} from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { ANY, matchesAny, type QueryPredicate } from './query-keys.ts'

/** A year standing for any value. */
const ANY_YEAR = ANY as unknown as number

/**
 * The reads a receipt changes: the list (every period and page), the yearly receipts' donors (an issued
 * receipt locks donations; a withdrawn one frees them; the settings decide what may be issued), the
 * settings and the files. Apart from ./query-keys.ts, like the tax reads: only the screens that show
 * receipts load the generated receipts client.
 */
export const isReceiptQuery = (clubId: string = ANY): QueryPredicate =>
  matchesAny([
    getGetClubReceiptsQueryKey(clubId),
    getGetAnnualReceiptCandidatesQueryKey(clubId, ANY_YEAR),
    getGetReceiptSettingsQueryKey(clubId),
    getGetReceiptFileQueryKey(clubId, ANY),
  ])

export const invalidateReceipts = (queryClient: QueryClient, clubId: string) =>
  queryClient.invalidateQueries({ predicate: isReceiptQuery(clubId) })
