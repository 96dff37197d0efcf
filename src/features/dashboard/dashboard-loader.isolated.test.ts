import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import type { ClubOverview } from '#openapi/generated/model/clubOverview.ts'
import type { ClubSummary } from '#openapi/generated/model/clubSummary.ts'
import type { CurrentUser } from '#openapi/generated/model/currentUser.ts'
import { getActiveClubId, setActiveClubId } from '#src/lib/active-club.ts'
import { server } from '#mocks/node.ts'
import type { ChartRange } from './chart-range.ts'
import * as lazyParts from './components/lazy-parts.ts'
import { loadDashboard } from './dashboard-loader.ts'

// The code of the chart (Recharts) and of the sections below the first screen: the loader leaves it
// alone (it loads when they come near the viewport or the browser is idle); here only whether it does.
vi.mock('./components/lazy-parts.ts', () => ({
  loadDonationChart: vi.fn(() => Promise.resolve({})),
  loadChartSection: vi.fn(() => Promise.resolve({})),
  loadMembersSection: vi.fn(() => Promise.resolve({})),
  loadMediaSection: vi.fn(() => Promise.resolve({})),
}))

const codeLoaded = () => Object.values(lazyParts).filter((load) => vi.mocked(load).mock.calls.length > 0)

beforeEach(() => {
  for (const load of Object.values(lazyParts)) vi.mocked(load).mockClear()
})
afterEach(() => localStorage.clear())

const chart: ChartRange = { groupBy: 'MONTH', from: '2025-06-01', to: '2026-05-31' }

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
    expect(await loadDashboard(queryClient, 'club-b', { persist: true, chart })).toEqual({
      clubId: 'club-b',
      denied: false,
    })
    expect(getActiveClubId('uid-1')).toBe('club-b')
  })

  it('leaves the stored active club alone while the route is only preloaded (hovering a link)', async () => {
    setActiveClubId('uid-1', 'club-a')
    const queryClient = seededClient('ROLE_USER', ['club-a', 'club-b'], ['club-b'])
    expect(await loadDashboard(queryClient, 'club-b', { persist: false, chart })).toEqual({
      clubId: 'club-b',
      denied: false,
    })
    expect(getActiveClubId('uid-1')).toBe('club-a')
  })

  it('shows administrators the club picker when they ask for it, even with one club of their own', async () => {
    const queryClient = seededClient('ROLE_ADMIN', ['club-a'], ['club-a'])
    expect(await loadDashboard(queryClient, undefined, { persist: true, chart })).toEqual({
      clubId: 'club-a',
      denied: false,
    })
    expect(await loadDashboard(queryClient, undefined, { persist: true, pick: true, chart })).toEqual({
      clubId: null,
      denied: false,
    })
  })

  it('asks for the user, their clubs and the likely club’s overview at once, not one after another', async () => {
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

    const loading = loadDashboard(queryClient, 'club-b', { persist: true, uid: 'uid-1', chart })
    // The user's record is still on its way, and the other two are already asked for.
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3))
    expect(asked).toEqual(expect.arrayContaining(['users/me', 'clubs of uid-1', 'overview club-b']))
    answerMe()

    expect(await loading).toEqual({ clubId: 'club-b', denied: false })
    // The guess was right: the overview was asked for once.
    expect(asked.filter((entry) => entry.startsWith('overview'))).toEqual(['overview club-b'])
    // The sections' requests (answered by the mocked backend) end here, not in the next test.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
  })

  describe('starts the whole dashboard together, never one section after another', () => {
    /**
     * Records every request of the dashboard; the user's record and the overview answer only when the
     * test says so, everything else at once.
     */
    const gate = () => {
      let resolve: () => void = () => undefined
      const promise = new Promise<void>((done) => (resolve = done))
      return { promise, resolve: () => resolve() }
    }

    const recordRequests = () => {
      const asked: string[] = []
      const gates = { me: gate(), overview: gate() }
      const record = (name: string) => asked.push(name)
      server.use(
        http.get('*/api/backend/v1/users/me', async () => {
          record('users/me')
          await gates.me.promise
          return HttpResponse.json({ uid: 'uid-1', role: 'ROLE_USER' })
        }),
        http.get('*/api/backend/v1/club/all/user/:uid', () => {
          record('clubs')
          return HttpResponse.json([
            { id: 'club-a', name: 'Verein A' },
            { id: 'club-b', name: 'Verein B' },
          ])
        }),
        http.get('*/api/backend/v1/club/cluboverview/:id', async ({ params }) => {
          record(`overview ${String(params.id)}`)
          await gates.overview.promise
          return HttpResponse.json({ club: { id: params.id } })
        }),
        http.get('*/api/backend/v1/donations/club/:id/stats', ({ params, request }) => {
          const query = new URL(request.url).searchParams
          record(`stats ${String(params.id)} ${query.get('groupBy')} ${query.get('from')}..${query.get('to')}`)
          return HttpResponse.json({
            from: query.get('from'),
            to: query.get('to'),
            groupBy: query.get('groupBy'),
            buckets: [],
          })
        }),
        http.get('*/api/backend/v1/campaigns/club/:id', ({ params }) => {
          record(`campaigns ${String(params.id)}`)
          return HttpResponse.json([])
        }),
        http.get('*/api/backend/v1/club/:id/getUsers', ({ params }) => {
          record(`members ${String(params.id)}`)
          return HttpResponse.json([])
        }),
        http.get('*/api/backend/v1/club/:id/getImages', ({ params, request }) => {
          record(`images ${String(params.id)} ${new URL(request.url).searchParams.get('label')}`)
          return HttpResponse.json([])
        }),
        http.get('*/api/backend/v1/club/:id/getDocuments', ({ params }) => {
          record(`documents ${String(params.id)}`)
          return HttpResponse.json([])
        }),
        http.get('*/api/backend/v1/clubroles/all', () => {
          record('club roles')
          return HttpResponse.json([])
        }),
      )
      return { asked, gates }
    }

    const sections = (id: string) => [
      `overview ${id}`,
      `stats ${id} MONTH 2025-06-01..2026-05-31`,
      `campaigns ${id}`,
      `members ${id}`,
      `images ${id} GALLERY`,
      `documents ${id}`,
    ]

    it('asks for the likely club’s overview, chart data, every section and what the route adds with the user’s record, not the sections’ code', async () => {
      const { asked, gates } = recordRequests()
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })

      const prefetchAlso = vi.fn()
      const loading = loadDashboard(queryClient, 'club-b', { persist: true, uid: 'uid-1', chart, prefetchAlso })
      // The user's record has not answered yet, and the whole dashboard is already asked for.
      await vi.waitFor(() =>
        expect(asked).toEqual(expect.arrayContaining(['users/me', 'clubs', ...sections('club-b')])),
      )
      expect(prefetchAlso).toHaveBeenCalledWith('club-b')
      // The lower sections' code and Recharts load when they come near the viewport, not in the first wave.
      expect(codeLoaded()).toEqual([])
      gates.me.resolve()
      gates.overview.resolve()

      expect(await loading).toEqual({ clubId: 'club-b', denied: false })
      expect(prefetchAlso).toHaveBeenCalledTimes(1)
      // Nothing was asked twice; the club roles (the invite form) waited for the role.
      expect(asked.filter((entry) => entry.startsWith('overview'))).toEqual(['overview club-b'])
      expect(asked.filter((entry) => entry.startsWith('stats'))).toHaveLength(1)
      await vi.waitFor(() => expect(asked).toContain('club roles'))
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    })

    it('without a known club: asks for the overview and every section together once the clubs are there, and does not wait for the overview', async () => {
      const { asked, gates } = recordRequests()
      gates.me.resolve()
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })

      // The screen shows the club's name (from the user's clubs) while the overview is still on its way.
      const prefetchAlso = vi.fn()
      expect(await loadDashboard(queryClient, undefined, { persist: true, uid: 'uid-1', chart, prefetchAlso })).toEqual(
        {
          clubId: 'club-a',
          denied: false,
        },
      )
      await vi.waitFor(() => expect(asked).toEqual(expect.arrayContaining([...sections('club-a'), 'club roles'])))
      expect(prefetchAlso).toHaveBeenCalledWith('club-a')
      expect(codeLoaded()).toEqual([])
      expect(queryClient.getQueryState(getGetClubOverviewQueryOptions('club-a').queryKey)?.status).toBe('pending')
      gates.overview.resolve()
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    })

    it('waits for the overview of a club that is not the user’s own (its name comes only with it)', async () => {
      const { asked, gates } = recordRequests()
      gates.me.resolve()
      server.use(
        http.get('*/api/backend/v1/users/me', () => {
          asked.push('users/me')
          return HttpResponse.json({ uid: 'uid-1', role: 'ROLE_ADMIN' })
        }),
      )
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })

      let settled = false
      const loading = loadDashboard(queryClient, 'club-z', { persist: true, uid: 'uid-1', chart }).finally(
        () => (settled = true),
      )
      await vi.waitFor(() => expect(asked).toEqual(expect.arrayContaining(sections('club-z'))))
      expect(settled).toBe(false)
      gates.overview.resolve()
      expect(await loading).toEqual({ clubId: 'club-z', denied: false })
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    })
  })
})
