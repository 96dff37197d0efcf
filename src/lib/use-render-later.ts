import { startTransition, useEffect, useState } from 'react'
import { afterFirstScreen } from './first-screen.ts'

export interface RenderLaterOptions {
  /** How far outside the viewport the part already counts as near (IntersectionObserver's `rootMargin`). */
  rootMargin?: string
  /**
   * Render at the latest once the first screen is shown and the browser is idle, after at most this many ms
   * more; `false`: only when near.
   */
  idleTimeout?: number | false
}

/**
 * Whether a part further down a screen renders yet. Its data is on its way already; what waits is its
 * code, React's work and the browser's layout, which for the dashboard's lower sections (the chart,
 * donation rows, members, pictures, documents) cost more main-thread time at first load than everything
 * the first screen shows. It renders when it comes near the viewport (scrolling, a followed anchor link), or
 * once the first screen is shown and the browser is idle, and then in a transition, so React renders it in
 * slices that leave the main thread free for input instead of in one long task.
 *
 * Where the browser cannot tell (no IntersectionObserver), it renders at once. Returns whether to render,
 * and the ref for the element that stands where the part will be (it may appear after the first render).
 */
export const useRenderLater = ({ rootMargin = '50% 0px', idleTimeout = 2000 }: RenderLaterOptions = {}): [
  boolean,
  (element: Element | null) => void,
] => {
  const [render, setRender] = useState(() => typeof IntersectionObserver === 'undefined')
  const [element, setElement] = useState<Element | null>(null)

  useEffect(() => {
    if (render || !element) return
    const show = () => startTransition(() => setRender(true))
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
      rootMargin,
    })
    observer.observe(element)
    const cancelIdle = idleTimeout === false ? undefined : afterFirstScreen(show, idleTimeout)
    return () => {
      observer.disconnect()
      cancelIdle?.()
    }
  }, [element, render, rootMargin, idleTimeout])

  return [render, setElement]
}
