/** The CSS variable that holds the height of a bar stuck to the bottom of the window (styles.css reads it). */
export const STICKY_BOTTOM_BAR = '--sticky-bottom-bar'

/** Room between a focused field and the bar above which it is scrolled. */
const MARGIN_PX = 12

/**
 * A ref for a bar stuck to the bottom of the window (the club profile's "Speichern"). While it is there its
 * height is `--sticky-bottom-bar` on the document: the page's `scroll-padding-bottom` (a field focused by Tab
 * or by a failed check scrolls clear of the bar, WCAG 2.4.11) and the toasts' distance from the bottom (they
 * show above the bar, never over "Speichern") follow it.
 */
export const stickyBottomBarRef = (bar: HTMLElement | null) => {
  if (!bar) return
  const root = document.documentElement
  const update = () => root.style.setProperty(STICKY_BOTTOM_BAR, `${bar.offsetHeight + MARGIN_PX}px`)
  update()
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
  observer?.observe(bar)
  return () => {
    observer?.disconnect()
    root.style.removeProperty(STICKY_BOTTOM_BAR)
  }
}
