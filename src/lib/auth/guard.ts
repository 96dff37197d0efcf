import type { QueryClient } from '@tanstack/react-query'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { getGetCurrentUserQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import type { AuthController } from './auth-controller.ts'

/** Thrown when a signed-in user opens a route their role does not allow; rendered as "Kein Zugriff". */
export class ForbiddenError extends Error {
  constructor() {
    super('forbidden')
    this.name = 'ForbiddenError'
  }
}

interface GuardInput {
  context: { auth: AuthController; queryClient: QueryClient }
  location: Pick<ParsedLocation, 'href'>
  matches: ReadonlyArray<{ staticData?: { roles?: readonly Role[] } }>
}

/**
 * The one guard (spec §2 plus role enforcement): no signed-in, confirmed user → `/` with `redirect`
 * holding the full requested path including its query; a route's `staticData.roles` → the user's role
 * must be one of them.
 */
export const requireAccess = async ({ context, location, matches }: GuardInput): Promise<void> => {
  await context.auth.ready()
  const user = context.auth.getUser()
  if (!user?.uid || !user.emailVerified) {
    throw redirect({ to: '/', search: { redirect: location.href }, replace: true })
  }
  const roles = matches.flatMap((match) => match.staticData?.roles ?? [])
  if (roles.length === 0) return
  const me = await context.queryClient.ensureQueryData(getGetCurrentUserQueryOptions())
  if (!roles.includes(me.role)) throw new ForbiddenError()
}
