import type { QueryClient } from '@tanstack/react-query'
import { anyOf, isAuditLogQuery, isClubQuery, isPaymentAccountQuery } from '#src/lib/query-keys.ts'

/**
 * After an administrator's change: every club read (a release, check mark, payment account or renamed
 * type changes what the lists and the representatives' dashboards show), every payment account, and the
 * audit log, which every administrator action adds to.
 */
export const invalidateClubs = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: anyOf(isClubQuery(), isPaymentAccountQuery(), isAuditLogQuery) })
