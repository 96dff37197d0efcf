import type { AnyRouter } from '@tanstack/react-router'
import { focusElement, pageHeading } from './focus-return.ts'

/** Longest wait for the new screen's h1 (its code and data may still be on the way). */
const HEADING_WAIT_MS = 10_000

/**
 * After a change of page (sign-in → /home, the registration's last step, a new campaign) the focus goes to
 * the new screen's h1, as a screen reader announces a new page: without it the focus stayed on the link or
 * button that was gone with the old screen, i.e. on the page itself, and the next Tab started from the top.
 *
 * Only when the path changes (a list's page or an admin tab in the query string is the same screen), never
 * on the first load (the browser starts at the top), and only while nobody has put the focus elsewhere
 * meanwhile (a screen that focuses its own first field or alert keeps that).
 */
export const focusHeadingOnNavigation = (router: AnyRouter): (() => void) => {
  let before: { active: Element | null; heading: HTMLElement | null } | null = null
  let stopWaiting: (() => void) | null = null

  const offBefore = router.subscribe('onBeforeNavigate', () => {
    before = { active: document.activeElement, heading: pageHeading() }
  })

  const offResolved = router.subscribe('onResolved', (event) => {
    stopWaiting?.()
    const started = before
    before = null
    if (!event.fromLocation || !event.pathChanged || !started) return

    const focusIsFree = () => {
      const active = document.activeElement
      return !active || active === document.body || active === started.active || !active.isConnected
    }
    const tryFocus = (force: boolean) => {
      const heading = pageHeading()
      // The old screen's h1 until the new one has rendered; the same element only if React kept it.
      if (!heading || (heading === started.heading && !force)) return false
      if (focusIsFree()) focusElement(heading, { preventScroll: true })
      return true
    }
    if (tryFocus(false)) return

    const observer = new MutationObserver(() => {
      if (tryFocus(false)) stop()
    })
    const timer = window.setTimeout(() => {
      tryFocus(true)
      stop()
    }, HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      window.clearTimeout(timer)
      stopWaiting = null
    }
    stopWaiting = stop
    observer.observe(document.body, { childList: true, subtree: true })
  })

  return () => {
    stopWaiting?.()
    offBefore()
    offResolved()
  }
}
