import { createFileRoute, Outlet, type AnyRoute, type AsyncRouteComponent } from '@tanstack/react-router'
import { GuardedError } from '#src/components/layout/guarded-error.tsx'
import { requireAccess } from '#src/lib/auth/guard.ts'
import { startUserReads } from '#src/lib/auth/user-reads.ts'

const childRoutes = (route: AnyRoute): AnyRoute[] => {
  const children: unknown = route.children
  if (!children || typeof children !== 'object') return []
  return (Array.isArray(children) ? children : Object.values(children)) as AnyRoute[]
}

/**
 * Starts loading the code of this route and of the screen below it that the URL names (each screen's
 * loader travels in one chunk with its component, vite.config.ts). On a full page load the guard
 * waits for the sign-in provider (the Firebase SDK and its check of the stored session, one round trip);
 * the screen's code loads meanwhile instead of after it, so the screen's loader asks the backend the moment
 * the user is known. Outside a build (tests) components are not lazy and nothing happens.
 */
const loadScreenCode = (matchedRouteIds: ReadonlySet<string>) => {
  const load = (route: AnyRoute) => {
    void (route.options.component as AsyncRouteComponent<unknown> | undefined)?.preload?.()
    for (const child of childRoutes(route)) if (matchedRouteIds.has(child.id as string)) load(child)
  }
  load(Route)
}

// The one guard: every route below needs a signed-in user, and the roles its staticData names.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location, matches }): Promise<void> => {
    const matched = new Set(matches.map((match) => match.routeId as string))
    loadScreenCode(matched)
    await requireAccess({ context, location, matches: matches.map((match) => ({ staticData: match.staticData })) })
    // Asked for before the router started when the stored session named the user (main.tsx); a user known
    // only now (the provider has checked the session, a sign-in) gets them here, alongside the screen's code.
    startUserReads(context.queryClient, context.auth, matched)
  },
  component: Outlet,
  // Entering the signed-in area (a full page load, the landing after sign-in) shows the shell with the
  // router's pending component at once while the guard and the screen's loader wait, instead
  // of nothing for the router's default second.
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: GuardedError,
})
