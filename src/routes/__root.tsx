import { createRootRouteWithContext } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { AppShell, AppShellPending } from '@/components/layout/app-shell'
import { ErrorPage } from '@/components/layout/error-page'
import { NotFoundPage } from '@/components/layout/not-found-page'
import type { RouterContext } from '@/router'

// Spec §2: any URL may carry an e-mail verification code (`oobCode`), which the shell applies.
const rootSearch = schema({
  oobCode: optionalString(500),
  mode: optionalString(40),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  component: AppShell,
  // A full page load shows the shell and a loading state at once, however long the guard and the screen's
  // loader wait for the backend (issue 11). Only a first load (or a new sign-in) ever waits on the root.
  pendingComponent: AppShellPending,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
})
