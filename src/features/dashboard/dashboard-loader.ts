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
}

/**
 * `/home`'s loader. Spec §2: entering without an active club sets it from `id`, else the user's first club;
 * the choice is stored per user. The overview is loaded before the screen renders; if that fails the
 * screen shows the error with a way out instead of the route failing.
 */
export const loadDashboard = async (
  queryClient: QueryClient,
  requestedId: string | undefined,
  { persist, pick = false }: LoadDashboardOptions,
): Promise<DashboardLoaderData> => {
  const me = await queryClient.ensureQueryData(getGetCurrentUserQueryOptions())
  const clubs = await queryClient.ensureQueryData(getGetClubsOfUserQueryOptions(me.uid))
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
