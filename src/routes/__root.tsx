import { createRootRouteWithContext } from '@tanstack/react-router'
import { optionalString, z } from '@/lib/search-params'
import { AppShell } from '@/components/layout/app-shell'
import { ErrorPage } from '@/components/layout/error-page'
import { NotFoundPage } from '@/components/layout/not-found-page'
import type { RouterContext } from '@/router'

// Spec §2: any URL may carry an e-mail verification code (`oobCode`), which the shell applies.
const rootSearch = z.object({
  oobCode: optionalString(500),
  mode: optionalString(40),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  component: AppShell,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
})
