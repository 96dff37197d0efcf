import type { Query, QueryClient } from '@tanstack/react-query'

/**
 * Every cached club read (`/club` pages, `/club/cluboverview/…`, `/club/all/user/…`, …): a release,
 * check mark or payment account changes what all of them show, including the representative's dashboard.
 */
export const isClubQuery = (query: Query): boolean => {
  const [first] = query.queryKey
  return typeof first === 'string' && (first === '/club' || first.startsWith('/club/'))
}

export const isPaymentAccountQuery = (query: Query): boolean => {
  const [first] = query.queryKey
  return typeof first === 'string' && first.startsWith('/payment/account/')
}

/** The audit log (`/audit`; a club's log is a club read): every administrator action adds to it. */
export const isAuditQuery = (query: Query): boolean => query.queryKey[0] === '/audit'

export const invalidateClubs = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => isClubQuery(query) || isPaymentAccountQuery(query) || isAuditQuery(query),
  })
