import { createFileRoute, Outlet } from '@tanstack/react-router'
import { getGetCurrentUserQueryOptions } from '@/api/generated/query/endpoints/users/users'
import { GuardedError } from '@/components/layout/guarded-error'
import { requireAccess } from '@/lib/auth/guard'

// The one guard: every route below needs a signed-in user, and the roles its staticData names.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location, matches }): Promise<void> => {
    await requireAccess({ context, location, matches: matches.map((match) => ({ staticData: match.staticData })) })
    // Every signed-in screen and the navigation need the backend's record of the user: it loads alongside
    // the screen's own requests, not after them (issue 11). Never throws; the screens show their failures.
    void context.queryClient.prefetchQuery(getGetCurrentUserQueryOptions())
  },
  component: Outlet,
  // Entering the signed-in area (a full page load, the landing after sign-in) shows the shell with the
  // router's pending component at once while the guard and the screen's loader wait (issue 11), instead
  // of nothing for the router's default second.
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: GuardedError,
})
