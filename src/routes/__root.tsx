import { createRootRouteWithContext } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { AppShell, AppShellPending } from '#src/components/layout/app-shell.tsx'
import { ErrorPage } from '#src/components/layout/error-page.tsx'
import { NotFoundPage } from '#src/components/layout/not-found-page.tsx'
import type { RouterContext } from '#src/router.tsx'

// Spec §2: any URL may carry an e-mail verification code (`oobCode`), which the shell applies.
const rootSearch = schema({
  oobCode: optionalString(500),
  mode: optionalString(40),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  component: AppShell,
  // A full page load shows the shell and a loading state at once, however long the guard and the screen's
  // loader wait for the backend. Only a first load (or a new sign-in) ever waits on the root.
  pendingComponent: AppShellPending,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
})
