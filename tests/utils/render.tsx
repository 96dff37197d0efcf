import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach } from 'vitest'
import { configureApiAuth } from '#src/api/client.ts'
import type { AuthService } from '#src/lib/auth/auth-service.ts'
import { AuthController } from '#src/lib/auth/auth-controller.ts'
import { createOfflineAuth, type OfflineAuthService } from '#src/lib/auth/offline-auth.ts'
import { requestReauthentication, settleReauthentication } from '#src/lib/auth/reauthentication.ts'
import { i18n } from '#src/lib/i18n/i18n.ts'
import type { RouterContext } from '#src/router.tsx'
import { routeTree } from '#src/routeTree.gen.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { createTestAuth } from './test-auth.ts'

export interface RenderOptions {
  /** A seed account (e.g. `verein@demo.at`) to be signed in as; anonymous when omitted. */
  signedInAs?: string
  /** Replace the auth service entirely (e.g. to make sign-in fail). */
  authService?: AuthService
  /**
   * Use the real offline provider (src/lib/auth/offline-auth.ts) against the mocked backend's
   * `/__mock/identity/*`, so wrong passwords, unconfirmed addresses and action codes behave as in the app.
   * With `signedInAs` it signs in with the seed password first. The session lives in memory.
   */
  offlineAuth?: boolean
}

const memoryStorage = (): Storage => {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  }
}

// The offline provider plans token refreshes with timers; each test's provider stops with the test.
const offlineServices: OfflineAuthService[] = []
afterEach(() => offlineServices.splice(0).forEach((service) => service.dispose()))
// A password question left open by a test must not hold the next test's requests.
afterEach(() => settleReauthentication(false))

const createService = async (options: RenderOptions): Promise<AuthService> => {
  if (options.authService) return options.authService
  if (!options.offlineAuth) return createTestAuth(options.signedInAs)
  const service = createOfflineAuth({ storage: memoryStorage() })
  offlineServices.push(service)
  if (options.signedInAs) await service.signIn(options.signedInAs, SEED_PASSWORD)
  return service
}

const createTestContext = async (options: RenderOptions): Promise<RouterContext> => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  const service = await createService(options)
  const auth = new AuthController(() => Promise.resolve(service))
  // As main.tsx wires it: a change that needs a recent sign-in asks the shell's dialog (when one is mounted).
  configureApiAuth({
    getIdToken: (force) => auth.getIdToken(force),
    onSessionExpired: () => undefined,
    reauthenticate: requestReauthentication,
  })
  return { queryClient, auth }
}

const Providers = ({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) => (
  <I18nProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </I18nProvider>
)

/**
 * Renders the real app (route tree, guard, shell) at `path` against the mocked backend, the way a user
 * opens that URL. Waits until the router has settled.
 */
export const renderRoute = async (path: string, options: RenderOptions = {}) => {
  const context = await createTestContext(options)
  const router = createRouter({
    routeTree,
    context,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMinMs: 0,
  })
  const user = userEvent.setup()
  render(
    <Providers queryClient={context.queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  await router.load()
  return { router, user, ...context }
}

/** Renders one component inside the providers and a minimal router (for components that use links). */
export const renderComponent = async (ui: ReactNode, options: RenderOptions = {}) => {
  const context = await createTestContext(options)
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    context,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const user = userEvent.setup()
  const { unmount } = render(
    <Providers queryClient={context.queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  await router.load()
  return { router, user, unmount, ...context }
}

export { screen }
