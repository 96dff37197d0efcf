// First: zod must never try eval (the Content-Security-Policy forbids it).
import '@/lib/zod-config'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { configureApiAuth, setRequestTimeout } from '@/api/client'
import { AuthController } from '@/lib/auth/auth-controller'
import { loadAuthService } from '@/lib/auth/create-auth-service'
import { requestReauthentication } from '@/lib/auth/reauthentication'
import { keepSessionInSync } from '@/lib/auth/session-sync'
import { i18n } from '@/lib/i18n/i18n'
import { createAppRouter, createQueryClient } from './router'
import './styles.css'

const start = async () => {
  // Read the variable here, not through lib/config: Vite turns this exact expression into a constant, so a
  // build without mocks drops the branch and the mocked backend with it.
  if (import.meta.env.VITE_MOCKS !== 'false') {
    // The only place src/ reaches into mocks/: the mocked backend starts before the first request.
    const { startMockBackend } = await import('@mocks/browser')
    const { pageHandled } = await startMockBackend()
    if (pageHandled) return
    // Demo and e2e only: `?apiTimeout=3000` shortens the request timeout (default 20 s), beside the mocked
    // backend's `?mockDelay=`, to show what a request without an answer looks like.
    const apiTimeout = Number(new URLSearchParams(window.location.search).get('apiTimeout'))
    if (apiTimeout > 0) setRequestTimeout(apiTimeout)
  }

  const queryClient = createQueryClient()
  const auth = new AuthController(loadAuthService)
  const router = createAppRouter({ queryClient, auth })

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

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
