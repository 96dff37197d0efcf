import type { QueryClient } from '@tanstack/react-query'
import { getGetClubsOfUserQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import type { AuthController } from './auth-controller.ts'

/**
 * The reads a signed-in screen needs before it can choose what to show: the backend's record of the user
 * (every screen and the navigation), and for the dashboard the user's clubs (its loader picks the club
 * from them). Started as soon as the user is known, from the stored session before the router has asked
 * for any of the screen's code: a browser opens about six connections to a server and serves requests in
 * the order they were made, so behind the dashboard's chunks these waited for a round trip or more.
 * Static imports on purpose: behind a dynamic one (1.4 KB less in the initial load) they queued too.
 * Requests in flight or fresh in the cache are not made again; never throws (the screens show failures).
 */
export const startUserReads = (
  queryClient: QueryClient,
  auth: Pick<AuthController, 'getUser'>,
  routeIds: ReadonlySet<string>,
): void => {
  const user = auth.getUser()
  // An unconfirmed address gets no data: the guard sends it to confirm first.
  if (!user?.emailVerified || !routeIds.has('/_authenticated')) return
  const { uid } = user
  void queryClient.prefetchQuery(getGetCurrentUserQueryOptions())
  if (routeIds.has('/_authenticated/home')) void queryClient.prefetchQuery(getGetClubsOfUserQueryOptions(uid))
}
