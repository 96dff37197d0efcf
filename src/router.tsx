import { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { Role } from '#openapi/generated/model/role.ts'
import type { AuthController } from './lib/auth/auth-controller.ts'
import { PagePending } from './components/layout/page-pending.tsx'
import { routeTree } from './routeTree.gen.ts'

export interface RouterContext {
  queryClient: QueryClient
  auth: AuthController
}

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network hiccups might.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof Error && 'status' in error),
        refetchOnWindowFocus: false,
      },
    },
  })

/** `history`: a memory history when pages are prerendered at build time (src/prerender.tsx). */
export const createAppRouter = (context: RouterContext, history?: RouterHistory) =>
  createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not hold its own stale copy.
    defaultPreloadStaleTime: 0,
    // A screen whose loader waits for the backend longer than a second (`defaultPendingMs`) shows its
    // outline and "Seite wird geladen …" inside the shell; the loading overlay covers the
    // shorter waits. A full page load shows the shell at once (the root's pending component).
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
  })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** Roles that may open the route (checked by the one guard in `_authenticated`); none means any signed-in user. */
    roles?: readonly Role[]
  }
}
