import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { getGetCurrentUserQueryOptions } from '@/api/generated/query/endpoints/users/users'
import type { AuthController } from './auth-controller'

/**
 * The auth controller, from the router's own context rather than a route match's: the shell also renders
 * while the root route is still pending on a first load (issue 11), before any match has its context.
 */
export const useAuth = (): AuthController => useRouter().options.context.auth

/** The signed-in provider user (uid, email, emailVerified), re-rendering on sign-in, sign-out and switch. */
export const useAuthUser = () => {
  const auth = useAuth()
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, auth.getSnapshot)
}

/** The backend's record of the signed-in user (role, clubs); idle while nobody is signed in. */
export const useCurrentUser = () => {
  const user = useAuthUser()
  return useQuery({ ...getGetCurrentUserQueryOptions(), enabled: Boolean(user?.uid && user.emailVerified) })
}
