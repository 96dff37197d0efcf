import type { AnyRouter } from '@tanstack/react-router'
import { countNoRequestsWhile } from '#src/api/client.ts'

/**
 * The router preloads a screen when a link is pointed at or focused (`defaultPreload: 'intent'`). Those
 * requests are speculative: counted for the full-screen loading overlay, its veil came down over the very
 * link that had the focus (WCAG 2.4.11) before anybody had asked for anything. Requests that start while a
 * preload runs and no navigation loads are left out of the count; a followed link loads, and counts, as
 * before.
 */
export const keepPreloadsQuiet = (router: AnyRouter): void => {
  let preloading = 0
  const preloadRoute = router.preloadRoute.bind(router)
  router.preloadRoute = (async (...args: Parameters<typeof preloadRoute>) => {
    preloading += 1
    try {
      return await preloadRoute(...args)
    } finally {
      preloading -= 1
    }
  }) as typeof router.preloadRoute
  countNoRequestsWhile(() => preloading > 0 && router.state.status === 'idle' && !router.state.isLoading)
}
