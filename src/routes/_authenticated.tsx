import { createFileRoute, Outlet } from '@tanstack/react-router'
import { GuardedError } from '@/components/layout/guarded-error'
import { requireAccess } from '@/lib/auth/guard'

// The one guard: every route below needs a signed-in user, and the roles its staticData names.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location, matches }): Promise<void> =>
    requireAccess({ context, location, matches: matches.map((match) => ({ staticData: match.staticData })) }),
  component: Outlet,
  errorComponent: GuardedError,
})
