import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '@/api/generated/query/endpoints/clubs/clubs'
import { getGetCurrentUserQueryOptions } from '@/api/generated/query/endpoints/users/users'
import type { ClubOverview } from '@/api/generated/query/model/clubOverview'
import type { ClubSummary } from '@/api/generated/query/model/clubSummary'
import type { CurrentUser } from '@/api/generated/query/model/currentUser'
import { getActiveClubId, setActiveClubId } from '@/lib/active-club'
import { server } from '@mocks/node'
import { loadDashboard } from './dashboard-loader'

afterEach(() => localStorage.clear())

type Me = CurrentUser
type Clubs = ClubSummary[]
type Overview = ClubOverview

/** A query client that already holds everything the loader asks for, so no request is made. */
const seededClient = (role: Me['role'], ownClubIds: string[], overviewIds: string[]) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(getGetCurrentUserQueryOptions().queryKey, { uid: 'uid-1', role } as Me)
  queryClient.setQueryData(getGetClubsOfUserQueryOptions('uid-1').queryKey, ownClubIds.map((id) => ({ id })) as Clubs)
  for (const id of overviewIds) {
    queryClient.setQueryData(getGetClubOverviewQueryOptions(id).queryKey, { club: { id } } as unknown as Overview)
  }
  return queryClient
}

describe('loadDashboard', () => {
  it('stores the club a followed /home?id=… link names as the active club', async () => {
    const queryClient = seededClient('ROLE_USER', ['club-a', 'club-b'], ['club-b'])
    expect(await loadDashboard(queryClient, 'club-b', { persist: true })).toEqual({ clubId: 'club-b', denied: false })
    expect(getActiveClubId('uid-1')).toBe('club-b')
  })

  it('leaves the stored active club alone while the route is only preloaded (hovering a link)', async () => {
    setActiveClubId('uid-1', 'club-a')
    const queryClient = seededClient('ROLE_USER', ['club-a', 'club-b'], ['club-b'])
    expect(await loadDashboard(queryClient, 'club-b', { persist: false })).toEqual({ clubId: 'club-b', denied: false })
    expect(getActiveClubId('uid-1')).toBe('club-a')
  })

  it('shows administrators the club picker when they ask for it, even with one club of their own', async () => {
    const queryClient = seededClient('ROLE_ADMIN', ['club-a'], ['club-a'])
    expect(await loadDashboard(queryClient, undefined, { persist: true })).toEqual({ clubId: 'club-a', denied: false })
    expect(await loadDashboard(queryClient, undefined, { persist: true, pick: true })).toEqual({
      clubId: null,
      denied: false,
    })
  })

  it('asks for the user, their clubs and the likely club’s overview at once, not one after another (issue 11)', async () => {
    const asked: string[] = []
    let answerMe: () => void = () => undefined
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve))
    server.use(
      http.get('*/api/backend/v1/users/me', async () => {
        asked.push('users/me')
        await meAnswered
        return HttpResponse.json({ uid: 'uid-1', role: 'ROLE_USER' })
      }),
      http.get('*/api/backend/v1/club/all/user/:uid', ({ params }) => {
        asked.push(`clubs of ${String(params.uid)}`)
        return HttpResponse.json([{ id: 'club-a' }, { id: 'club-b' }])
      }),
      http.get('*/api/backend/v1/club/cluboverview/:id', ({ params }) => {
        asked.push(`overview ${String(params.id)}`)
        return HttpResponse.json({ club: { id: params.id } })
      }),
    )
    // As the app's client (src/router.tsx): an answer stays fresh for 30 s.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })

    const loading = loadDashboard(queryClient, 'club-b', { persist: true, uid: 'uid-1' })
    // The user's record is still on its way, and the other two are already asked for.
    await vi.waitFor(() => expect(asked).toHaveLength(3))
    expect(asked).toEqual(expect.arrayContaining(['users/me', 'clubs of uid-1', 'overview club-b']))
    answerMe()

    expect(await loading).toEqual({ clubId: 'club-b', denied: false })
    // The guess was right: the overview was asked for once.
    expect(asked.filter((entry) => entry.startsWith('overview'))).toEqual(['overview club-b'])
  })
})
