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

/**
 * The pages a visitor opens without signing in, by path (spec §2's public routes, /payment aside). A
 * `$name` segment stands for any value there: such a page is its shell, rendered once for every value, with
 * its data still loading (the page shows no value of the parameter until its data came); the server answers
 * every matching path with it (server/static.ts).
 */
export const PRERENDERED_PAGES = [
  '/',
  '/login',
  '/register_organisation',
  '/payment/return',
  '/success',
  '/spenden/$campaignId',
  '/spenden/$campaignId/danke',
  '/steuer-einwilligung/$consentId',
  '/spendenbestaetigung/$receiptToken',
] as const

/**
 * Where the page is rendered from: a `$name` segment takes a stand-in value (the router would not match the
 * segment as written), which the page never shows. The thank-you page always comes with a checkout (without
 * one it says the link is incomplete), so its shell is that of a checkout being checked.
 */
const STAND_IN = '_'
const SEARCH: Readonly<Partial<Record<string, string>>> = { '/spenden/$campaignId/danke': `?checkout=${STAND_IN}` }
const renderedLocation = (page: string): string => page.replace(/\/\$[^/]+/g, `/${STAND_IN}`) + (SEARCH[page] ?? '')

export const prerender = async (path: string): Promise<string> => {
  const location = renderedLocation(path)
  const queryClient = createQueryClient()
  // Nobody is signed in at build time: the provider is never loaded.
  const auth = new AuthController(
    () => Promise.reject(new Error('No sign-in while prerendering.')),
    () => false,
  )
  const router = createAppRouter({ queryClient, auth }, createMemoryHistory({ initialEntries: [location] }))
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
