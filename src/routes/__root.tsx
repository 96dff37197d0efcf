import { createRootRouteWithContext } from '@tanstack/react-router'
import { z } from 'zod'
import { AppShell } from '@/components/layout/app-shell'
import { ErrorPage } from '@/components/layout/error-page'
import { NotFoundPage } from '@/components/layout/not-found-page'
import type { RouterContext } from '@/router'

// Spec §2: any URL may carry an e-mail verification code (`oobCode`), which the shell applies.
const rootSearch = z.object({
  oobCode: z.string().max(500).optional().catch(undefined),
  mode: z.string().max(40).optional().catch(undefined),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  component: AppShell,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
})
