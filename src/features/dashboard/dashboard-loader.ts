import type { QueryClient } from '@tanstack/react-query'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import { chooseActiveClub, getActiveClubId, setActiveClubId } from '#src/lib/active-club.ts'
import type { ChartRange } from './chart-range.ts'
import { prefetchClubDashboard } from './dashboard-queries.ts'

export interface DashboardLoaderData {
  /** The club shown, or null (nobody's club: the club picker). */
  clubId: string | null
  /** The URL named a club this user may not open. */
  denied: boolean
}

export interface LoadDashboardOptions {
  /**
   * Store the choice as the active club. False while the router only preloads `/home` (a pointer resting
   * on a `/home?id=…` link): a link somebody did not follow must not change their active club.
   */
  persist: boolean
  /** `pick` of the URL: an administrator or staff member asked for the club picker. */
  pick?: boolean
  /**
   * The signed-in user's uid, as the sign-in provider knows it (the backend's uid too): with it the user's
   * clubs and the likely club's dashboard load alongside their record instead of one after the other.
   */
  uid?: string | null
  /** The chart's range (the URL's, else the default), so its data is asked for with everything else. */
  chart: ChartRange
  /** Starts what the route adds to a club's dashboard (the donation list), beside the dashboard's own reads. */
  prefetchAlso?: (clubId: string) => void
}

/**
 * `/home`'s loader. Spec §2: entering without an active club sets it from `id`, else the user's first club;
 * the choice is stored per user.
 *
 * Round trips: the user's record, their clubs and, when the URL or the stored choice
 * names the likely club, that club's whole dashboard (overview, chart data and code, campaigns, members,
 * media) are asked for at once. The loader waits for the user and their clubs (the choice needs them) and
 * for the overview only when it was asked for in that same round trip; otherwise the screen shows the
 * club's name (from the user's club list) while the overview and the rest arrive together, one round trip
 * later, instead of the overview first and the sections after it. Failures are never thrown: the screen's
 * own queries show them, with a retry and the club switcher.
 */
export const loadDashboard = async (
  queryClient: QueryClient,
  requestedId: string | undefined,
  { persist, pick = false, uid, chart, prefetchAlso }: LoadDashboardOptions,
): Promise<DashboardLoaderData> => {
  const likely = pick && !requestedId ? null : (requestedId ?? (uid ? getActiveClubId(uid) : null))
  if (likely) {
    prefetchClubDashboard(queryClient, likely, { range: chart })
    prefetchAlso?.(likely)
  }
  const [me, ownClubs] = await Promise.all([
    queryClient.ensureQueryData(getGetCurrentUserQueryOptions()),
    uid ? queryClient.ensureQueryData(getGetClubsOfUserQueryOptions(uid)) : undefined,
  ])
  const clubs =
    ownClubs && me.uid === uid ? ownClubs : await queryClient.ensureQueryData(getGetClubsOfUserQueryOptions(me.uid))
  const choice = chooseActiveClub({
    stored: getActiveClubId(me.uid),
    requested: requestedId,
    ownClubIds: clubs.map((club) => club.id),
    mayOpenAnyClub: me.role === 'ROLE_ADMIN' || me.role === 'ROLE_STAFF',
    pick,
  })
  if (persist && choice.clubId && choice.changed) setActiveClubId(me.uid, choice.clubId)
  if (choice.clubId) {
    // What was asked for already is not asked again (fresh in the cache or in flight); the club roles
    // wait for the role: staff only read, they get no invite form.
    prefetchClubDashboard(queryClient, choice.clubId, { range: chart, withClubRoles: me.role !== 'ROLE_STAFF' })
    if (choice.clubId !== likely) prefetchAlso?.(choice.clubId)
    const ownClub = clubs.some((club) => club.id === choice.clubId)
    // A club not among the user's own has no name on the screen before its overview: wait for that.
    if (choice.clubId === likely || !ownClub) {
      await queryClient.prefetchQuery(getGetClubOverviewQueryOptions(choice.clubId))
    }
  }
  return { clubId: choice.clubId, denied: choice.denied }
}
