import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { AuthController } from './lib/auth/auth-controller.ts'
import { i18n } from './lib/i18n/i18n.ts'
import { createAppRouter, createQueryClient } from './router.tsx'

/**
 * Build-time rendering of the public pages: the same routes and components as the app, rendered
 * to HTML in Node once per page, with nobody signed in and no backend (queries stay in their loading state,
 * exactly as the browser's first render has them). main.tsx hydrates that HTML, so the page paints its
 * content before any JavaScript has run. Run by the Vite plugin in scripts/build/prerender-plugin.ts after a real
 * build; never part of the browser bundle.
 */

/** The pages a visitor opens without signing in, by path (spec §2's public routes, /payment aside). */
export const PRERENDERED_PAGES = ['/', '/login', '/register_organisation', '/payment/return', '/success'] as const

export const prerender = async (path: string): Promise<string> => {
  const queryClient = createQueryClient()
  // Nobody is signed in at build time: the provider is never loaded.
  const auth = new AuthController(
    () => Promise.reject(new Error('No sign-in while prerendering.')),
    () => false,
  )
  const router = createAppRouter({ queryClient, auth }, createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  // A page that cannot render at build time must fail the build, not ship an error page as its HTML.
  const failed = router.state.matches.find((match) => match.status !== 'success')
  if (failed) {
    throw new Error(`Prerendering ${path}: route ${failed.routeId} is ${failed.status}`, { cause: failed.error })
  }
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
  queryClient.clear()
  return html
}
