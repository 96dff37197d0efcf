import type { QueryClient } from '@tanstack/react-query'
import { isTaxQuery } from './query-keys.ts'

/** Refreshes every read of the club's tax data after a change (see `isTaxQuery`). */
export const invalidateTax = (queryClient: QueryClient, clubId: string) =>
  queryClient.invalidateQueries({ predicate: isTaxQuery(clubId) })
