import type { QueryClient } from '@tanstack/react-query'
import {
  getGetBpkQueryQueryKey,
  getGetClubTaxStatusQueryKey,
  getGetClubTaxYearQueryKey,
  getGetClubTaxYearsQueryKey,
  getGetTaxTransmissionFileQueryKey,
} from '#src/api/generated/query/endpoints/tax/tax.ts'
import { ANY, matchesAny } from './query-keys.ts'
import type { QueryPredicate } from './query-keys.ts'

/*
 * The reads of a club's tax data, apart from ./query-keys.ts: only the screens that show tax data load
 * the generated tax client, not every screen that refreshes a club.
 */

/** A number path parameter (a year, a file's number) standing for any value. */
const ANY_NUMBER = ANY as unknown as number

/**
 * Every read of a club's tax data: its status, the years, a year, and the files below them. A saved
 * entry changes the category a year's file names, an import or a transmission changes the years: whoever
 * changes one refreshes them all.
 */
export const isTaxQuery = (clubId: string = ANY): QueryPredicate =>
  matchesAny([
    getGetClubTaxStatusQueryKey(clubId),
    getGetClubTaxYearsQueryKey(clubId),
    getGetClubTaxYearQueryKey(clubId, ANY_NUMBER),
    getGetBpkQueryQueryKey(clubId, ANY_NUMBER),
    getGetTaxTransmissionFileQueryKey(clubId, ANY, ANY_NUMBER),
  ])

/** Refreshes every read of the club's tax data after a change. */
export const invalidateTax = (queryClient: QueryClient, clubId: string) =>
  queryClient.invalidateQueries({ predicate: isTaxQuery(clubId) })
