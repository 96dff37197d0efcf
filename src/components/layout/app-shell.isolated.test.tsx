import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { configureApiAuth } from '#src/api/client.ts'
import { AuthController } from '#src/lib/auth/auth-controller.ts'
import { requestReauthentication } from '#src/lib/auth/reauthentication.ts'
import { i18n } from '#src/lib/i18n/i18n.ts'
import { routeTree } from '#src/routeTree.gen.ts'
import { server } from '#mocks/node.ts'
import { renderRoute } from '#tests/utils/render.tsx'
import { createTestAuth } from '#tests/utils/test-auth.ts'
import { PagePending } from './page-pending.tsx'

/** Nothing of the shell moves once it is painted (CLS ≤ 0.02, the demo banner included). */
describe('the app shell', () => {
  it('has the demo banner (mocked mode) in its first render, so the banner never pushes the page down', async () => {
    const queryClient = new QueryClient()
    const router = createRouter({
      routeTree,
      context: { queryClient, auth: new AuthController(() => Promise.resolve(createTestAuth())) },
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    await router.load()
    // One synchronous render, as the first paint (and a prerendered page) has it: anything still loading
    // behind a Suspense boundary would be missing here.
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    )
    expect(html).toContain('aria-label="Demo-Modus"')
    expect(html.indexOf('Demo-Modus')).toBeLessThan(html.indexOf('<header'))
  })

  it('opens the demo banner’s dialogs when asked (they load on demand)', async () => {
    const { user } = await renderRoute('/')
    const banner = screen.getByRole('complementary', { name: 'Demo-Modus' })
    await user.click(within(banner).getByRole('button', { name: 'Demo-Daten zurücksetzen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Demo-Daten zurücksetzen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Demo-Daten zurücksetzen' })).toHaveFocus())
  })

  it('leaves the footer out while the screen loads, and shows it with the screen', async () => {
    let asked = false
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get('*/api/backend/v1/club/all/user/:uid', async () => {
        asked = true
        await answered
        return HttpResponse.json([])
      }),
    )
    // As main.tsx and router.tsx set the app up: a full page load of /home shows the router's pending outline.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const auth = new AuthController(() => Promise.resolve(createTestAuth('admin@demo.at')))
    configureApiAuth({
      getIdToken: (force) => auth.getIdToken(force),
      onSessionExpired: () => undefined,
      reauthenticate: requestReauthentication,
    })
    const router = createRouter({
      routeTree,
      context: { queryClient, auth },
      history: createMemoryHistory({ initialEntries: ['/home'] }),
      defaultPendingComponent: PagePending,
    })
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    )
    // `/home`'s loader waits for the user's clubs: the shell and the outline show, the footer (which would
    // jump down, out of view, when the long screen arrives) does not.
    await waitFor(() => expect(asked).toBe(true))
    expect(await screen.findByTestId('page-pending')).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
    answer()
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Impressum')
    expect(screen.queryByTestId('page-pending')).not.toBeInTheDocument()
  })
})
