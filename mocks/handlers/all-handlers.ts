/** Every handler of the mocked backend, in the order MSW tries them. */
import type { HttpHandler } from 'msw'
import type { MockBackend } from '#mocks/backend.ts'
import { apiRouter } from './api-route.ts'
import type { HandlerOptions, RouteDefinition } from './api-route.ts'
import { appLogoRoutes } from './app-logo.ts'
import { auditRoutes } from './audit.ts'
import { campaignRoutes } from './campaigns.ts'
import { clubRoleRoutes } from './club-roles.ts'
import { clubTypeRoutes } from './club-types.ts'
import { clubRoutes } from './clubs.ts'
import { controlHandlers } from './control.ts'
import { donationRoutes } from './donations.ts'
import { fallbackHandler } from './fallback.ts'
import { fileRoutes } from './files.ts'
import { otherRoutes } from './other.ts'
import { paymentRoutes } from './payments.ts'
import { userRoutes } from './users.ts'

/** The stateful routes, per tag: one per operation of the contract (checked by routes.test.ts). */
export const API_ROUTES: readonly RouteDefinition[] = [
  ...userRoutes,
  ...clubTypeRoutes,
  ...clubRoleRoutes,
  ...clubRoutes,
  ...campaignRoutes,
  ...appLogoRoutes,
  ...paymentRoutes,
  ...auditRoutes,
  ...donationRoutes,
  ...otherRoutes,
  ...fileRoutes,
]

export const createHandlers = (backend: MockBackend, options: HandlerOptions = {}): HttpHandler[] => [
  apiRouter(backend, API_ROUTES, options),
  ...controlHandlers(backend),
  fallbackHandler(),
]
