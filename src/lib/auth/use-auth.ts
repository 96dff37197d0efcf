import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useMemo, useSyncExternalStore } from 'react'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import type { AuthController } from './auth-controller.ts'

/**
 * The auth controller, from the router's own context rather than a route match's: the shell also renders
 * while the root route is still pending on a first load, before any match has its context.
 */
export const useAuth = (): AuthController => useRouter().options.context.auth

const signedOut = () => null

/** The signed-in provider user (uid, email, emailVerified), re-rendering on sign-in, sign-out and switch. */
export const useAuthUser = () => {
  const auth = useAuth()
  // Pages prerendered at build time show nobody signed in; hydration starts from that (src/prerender.tsx).
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, signedOut)
}

/** The backend's record of the signed-in user (role, clubs); idle while nobody is signed in. */
export const useCurrentUser = () => {
  const user = useAuthUser()
  return useQuery({ ...getGetCurrentUserQueryOptions(), enabled: Boolean(user?.uid && user.emailVerified) })
}

/**
 * Props for a form that signs in or talks to the provider (login, password reset, invitation, registration):
 * the provider loads when the form is first used (focus, pointer), not with the page, so a
 * public page nobody signs in on never fetches the SDK and signing in does not wait for it.
 */
export const usePreloadAuthOnUse = () => {
  const auth = useAuth()
  return useMemo(() => {
    const preload = () => auth.preload()
    return { onFocus: preload, onPointerDown: preload }
  }, [auth])
}
