import type { QueryClient } from '@tanstack/react-query'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '@/api/generated/query/endpoints/clubs/clubs'
import { getGetCurrentUserQueryOptions } from '@/api/generated/query/endpoints/users/users'
import { chooseActiveClub, getActiveClubId, setActiveClubId } from '@/lib/active-club'

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
   * clubs and the likely club's overview load alongside their record instead of one after the other.
   */
  uid?: string | null
}

/**
 * `/home`'s loader. Spec §2: entering without an active club sets it from `id`, else the user's first club;
 * the choice is stored per user. The overview is loaded before the screen renders; if that fails the
 * screen shows the error with a way out instead of the route failing.
 *
 * Issue 11: the user's record, their clubs and the overview of the club the URL or the stored choice names
 * (the likely one) are asked for at once: one round trip to the backend before the dashboard shows, not three.
 */
export const loadDashboard = async (
  queryClient: QueryClient,
  requestedId: string | undefined,
  { persist, pick = false, uid }: LoadDashboardOptions,
): Promise<DashboardLoaderData> => {
  const likely = pick && !requestedId ? null : (requestedId ?? (uid ? getActiveClubId(uid) : null))
  // Never throws; if the guess was wrong, the choice below asks for the right one.
  if (likely) void queryClient.prefetchQuery(getGetClubOverviewQueryOptions(likely))
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
  // Never throws: a failure is shown by the screen's own query (with a retry and the club switcher).
  if (choice.clubId) await queryClient.prefetchQuery(getGetClubOverviewQueryOptions(choice.clubId))
  return { clubId: choice.clubId, denied: choice.denied }
}
