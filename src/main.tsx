import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { configureApiAuth, setRequestTimeout } from './api/client.ts'
import { signOut } from './api/generated/query/endpoints/users/users.ts'
import { AuthController } from './lib/auth/auth-controller.ts'
import {
  loadAuthService,
  mayHaveStoredSession,
  readStoredSession,
  watchForSessionElsewhere,
} from './lib/auth/create-auth-service.ts'
import { requestReauthentication } from './lib/auth/reauthentication.ts'
import { keepSessionInSync } from './lib/auth/session-sync.ts'
import { startUserReads } from './lib/auth/user-reads.ts'
import { i18n } from './lib/i18n/i18n.ts'
import { afterFirstScreen, awaitFirstScreen, firstScreenShown } from './lib/first-screen.ts'
import { createAppRouter, createQueryClient } from './router.tsx'
import './styles.css'

const start = async () => {
  // Read the variable here, not through lib/config: Vite turns this exact expression into a constant, so a
  // build without mocks drops the branch and the mocked backend with it.
  if (import.meta.env.VITE_MOCKS !== 'false') {
    // The only place src/ reaches into mocks/: the mocked backend starts before the first request.
    const { startMockBackend } = await import('#mocks/browser.ts')
    const { pageHandled } = await startMockBackend()
    if (pageHandled) return
    // Demo and e2e only: `?apiTimeout=3000` shortens the request timeout (default 20 s), beside the mocked
    // backend's `?mockDelay=`, to show what a request without an answer looks like.
    const apiTimeout = Number(new URLSearchParams(window.location.search).get('apiTimeout'))
    if (apiTimeout > 0) setRequestTimeout(apiTimeout)
  }

  const queryClient = createQueryClient()
  // Firebase loads only when a session is stored here or a sign-in form is used.
  // What a page needs only later waits for its first screen (src/lib/first-screen.ts).
  awaitFirstScreen()
  const auth = new AuthController(
    loadAuthService,
    mayHaveStoredSession,
    readStoredSession,
    // Signing out ends the sessions on the backend too; that request must not refresh, retry or sign out.
    (idToken) => signOut({ idToken, background: true }),
    // A stored session is used at once; the provider (the Firebase SDK) checks it after the first screen,
    // instead of taking the connection from that screen's code and data.
    (check) => void afterFirstScreen(check, 5000),
  )
  watchForSessionElsewhere(() => auth.preload())
  const router = createAppRouter({ queryClient, auth })
  const stopWaiting = router.subscribe('onResolved', () => {
    stopWaiting()
    firstScreenShown()
  })
  // Both act only from the first navigation or preload on, so they load beside the first screen, not before.
  void Promise.all([import('./lib/focus-on-navigation.ts'), import('./lib/quiet-preloads.ts')]).then(
    ([{ focusHeadingOnNavigation }, { keepPreloadsQuiet }]) => {
      // A new screen takes the focus at its h1 (WCAG 2.4.3), as a screen reader announces a new page.
      focusHeadingOnNavigation(router)
      // A link pointed at or focused loads its screen ahead without the loading overlay over it.
      keepPreloadsQuiet(router)
    },
  )

  configureApiAuth({
    getIdToken: (forceRefresh) => auth.getIdToken(forceRefresh),
    onSessionExpired: () => {
      const redirect = router.state.location.href
      void auth.signOut().then(() => router.navigate({ to: '/login', search: { redirect } }))
    },
    // A change that needs a recent sign-in waits for the password (the shell's dialog), then goes out again.
    reauthenticate: requestReauthentication,
  })

  // Sign-out and user switch clear the cache (nothing of one user shows for the next), the guards run
  // again, and a signed-in, confirmed user gets the globals (spec §4).
  keepSessionInSync({ auth, queryClient, onUserChanged: () => void router.invalidate() })
  // Before the router asks for the screen's code, so these requests are not queued behind it.
  const matched: string[] = router.matchRoutes(router.latestLocation).map((match) => match.routeId as string)
  startUserReads(queryClient, auth, new Set(matched))

  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  )
  const container = document.getElementById('root')!
  if (await canHydrate(container, router)) {
    // What TanStack Router's own hydration sets (router-core's load-client.js): the client then renders the
    // tree the server rendered (no Suspense boundary around the root match), so React can adopt the HTML.
    router.ssr = { manifest: undefined }
    hydrateRoot(container, app, {
      // React recovers from a page that differs from its HTML by rendering it afresh; say so, it costs a paint.
      onRecoverableError: (error) => console.warn('[prerender] the page did not match its prerendered HTML', error),
    })
  } else {
    // Rendered afresh over a prerendered page: its <title> goes too, the screen sets its own.
    if (container.dataset.prerendered) document.head.querySelector('title')?.remove()
    createRoot(container).render(app)
  }
}

/**
 * Whether the HTML in `#root` is this page prerendered at build time (src/prerender.tsx) and the
 * app would render the same: the same path once the router has settled (no redirect, e.g. of a signed-in
 * visitor) and no search parameter (they show on the page: a link's target, a step, what succeeded).
 * Otherwise the app renders afresh over the HTML.
 */
const canHydrate = async (container: HTMLElement, router: ReturnType<typeof createAppRouter>): Promise<boolean> => {
  const path = container.dataset.prerendered
  if (!path || path !== window.location.pathname) return false
  // Any search parameter may show on the page (the start page's sign-in link carries `redirect` on).
  if (window.location.search.length > 1) return false
  // The first render must be the settled page, as it was at build time (not the root's pending shell).
  await router.load()
  return router.state.location.pathname === path && router.state.status === 'idle'
}

void start()
