import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { getGetCurrentUserQueryOptions } from '@/api/generated/query/endpoints/users/users'
import type { AuthController } from './auth-controller'

export const useAuth = (): AuthController => useRouteContext({ from: '__root__', select: (context) => context.auth })

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
