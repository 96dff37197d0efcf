import type { QueryClient } from '@tanstack/react-query'
import { getGetGlobalsQueryOptions } from '#src/api/generated/query/endpoints/globals/globals.ts'
import { clearActiveClubId } from '#src/lib/active-club.ts'
import type { AuthController } from './auth-controller.ts'
import type { AuthUser } from './auth-service.ts'

interface SessionSyncOptions {
  auth: AuthController
  queryClient: QueryClient
  /** After sign-in, sign-out, a user switch or a newly confirmed address (main.tsx re-runs the guards). */
  onUserChanged?: () => void
}

/**
 * What the app keeps per tab under its own prefix (today the registration draft a staff member may have
 * started, never a password): it belongs to whoever was signed in, so it goes with them.
 */
const forgetTabState = () => {
  try {
    const store = globalThis.sessionStorage
    for (const key of Object.keys(store)) if (key.startsWith('vereinsportal.')) store.removeItem(key)
  } catch {
    // No storage, nothing kept.
  }
}

/**
 * Keeps server data in step with who is signed in:
 * - sign-out and user switch clear every cached response, so nothing of one user shows for the next, and
 *   forget the user's active club and the tab's drafts (nothing of theirs stays in the browser but what
 *   the sign-in provider keeps);
 * - spec §4: on an auth state change the user is reloaded, and for a confirmed address the globals are
 *   fetched.
 * Returns the unsubscribe function.
 */
export const keepSessionInSync = ({ auth, queryClient, onUserChanged }: SessionSyncOptions): (() => void) => {
  let previous: string | undefined
  let previousUid: string | null = null

  const fetchGlobals = async (known: AuthUser) => {
    // A confirmed address stays confirmed: the globals need not wait for a reload (one round trip fewer
    // on every page load), and nothing is left to pick up, so the provider loads when the app is ready for
    // it (a stored session: after the first screen), not now.
    if (known.emailVerified) {
      void queryClient.prefetchQuery(getGetGlobalsQueryOptions())
      return
    }
    // The reload picks up a confirmation made elsewhere (another tab, the e-mail link on the phone).
    const user = await auth.reload().catch(() => auth.getUser())
    if (user?.uid && user.emailVerified) {
      await queryClient.prefetchQuery(getGetGlobalsQueryOptions())
    }
  }

  const sync = () => {
    const user = auth.getUser()
    const key = user ? `${user.uid}:${String(user.emailVerified)}` : ''
    if (key === previous) return
    const first = previous === undefined
    previous = key
    const uid = user?.uid ?? null
    if (previousUid && previousUid !== uid) {
      clearActiveClubId(previousUid)
      forgetTabState()
    }
    previousUid = uid
    if (!first) {
      queryClient.clear()
      onUserChanged?.()
    }
    if (user?.uid) void fetchGlobals(user)
  }
  const unsubscribe = auth.subscribe(sync)
  // A user known from the stored session before the provider has loaded (auth-controller.ts) is the first
  // state: if the provider then finds nobody, that is a change, and the cache and the guards follow it.
  if (auth.getUser()) sync()
  return unsubscribe
}
