/**
 * Where the focus goes when the element that had it is gone: a dialog's opener removed by the dialog's own
 * action (a deleted row's "Löschen"), a button that turned into another one. Without a place the browser
 * drops the focus to the page, and a keyboard or screen-reader user starts again from the top (WCAG 2.4.3).
 *
 * `planFocusReturn(element)` notes, while the element is still there, where it stood; its `target()` answers
 * later with the best place that still exists (`nearest()` with the same, from step 2 on):
 * 1. the element itself, if it is still there and usable;
 * 2. its list item still there (the item changed): the control of the same name in it;
 * 3. its list item gone: the item now in its place (the next one, or the last), at the control of the same
 *    name, else the item itself;
 * 4. the heading of the nearest section around it that is still there ("Bilder", "Zahlungskonto");
 * 5. the list gone with its last item and no section heading around it: the empty state that took its
 *    place ("Keine Benutzer gefunden. Ändern Sie den Suchbegriff."), which says what is left and what to do;
 * 6. the page's h1.
 */

const ITEM = 'li, tr, [role="listitem"], [role="row"]'
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]'

const visibleText = (element: Element): string => {
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove())
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * Can take the focus now: in the page, not disabled, not hidden. An `aria-disabled` control (a pending
 * button) can: it says it is busy and keeps the person's place.
 */
export const canTakeFocus = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement &&
  element.isConnected &&
  !element.matches(':disabled') &&
  !element.closest('[hidden], [inert], [aria-hidden="true"]') &&
  // Not in jsdom (component tests): there everything counts as visible.
  (typeof element.checkVisibility !== 'function' || element.checkVisibility())

/** Focuses an element that is not focusable by nature (a heading, a list item) without adding it to the Tab order. */
export const focusElement = (element: HTMLElement, options?: FocusOptions) => {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) element.tabIndex = -1
  element.focus(options)
}

const controlNamed = (container: Element, text: string): HTMLElement | null => {
  if (!text) return null
  for (const candidate of container.querySelectorAll(FOCUSABLE)) {
    if (canTakeFocus(candidate) && candidate.tabIndex >= 0 && visibleText(candidate) === text) return candidate
  }
  return null
}

/** The heading that names a section: its `aria-labelledby`, else its first heading. */
const headingOf = (region: HTMLElement): HTMLElement | null => {
  const labelledBy = region.getAttribute('aria-labelledby')
  const named = labelledBy ? document.getElementById(labelledBy.split(' ')[0] ?? '') : null
  if (named?.matches('h1, h2, h3, h4, h5, h6, [role="heading"]')) return named
  if (region.matches('section, [role="region"], [aria-labelledby]'))
    return region.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6')
  return null
}

export const pageHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('main h1')

export interface FocusReturn {
  /** The element as it was noted. */
  element: HTMLElement | null
  /** The element if it can still take the focus, else `nearest()`. */
  target: () => HTMLElement | null
  /** The best place near where the element stood (steps 2–5). */
  nearest: () => HTMLElement | null
}

export const planFocusReturn = (element: HTMLElement | null): FocusReturn => {
  if (!element) return { element, target: pageHeading, nearest: pageHeading }
  const item = element.closest<HTMLElement>(ITEM)
  const list = item?.parentElement ?? null
  const index = item && list ? [...list.children].indexOf(item) : -1
  const text = visibleText(element)
  const ancestors: HTMLElement[] = []
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node)
  }
  const nearest = () => {
    if (item?.isConnected) {
      const same = controlNamed(item, text)
      if (same) return same
    } else if (list?.isConnected && index >= 0) {
      const items = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement)
      const next = items[Math.min(index, items.length - 1)]
      if (next) return controlNamed(next, text) ?? next
    }
    for (const ancestor of ancestors) {
      if (!ancestor.isConnected) continue
      const heading = headingOf(ancestor)
      if (heading?.isConnected) return heading
    }
    const around = ancestors.find((ancestor) => ancestor.isConnected && ancestor !== document.querySelector('main'))
    const empty = around?.querySelector<HTMLElement>('[data-empty-state]')
    if (empty) return empty
    return pageHeading()
  }
  return { element, target: () => (canTakeFocus(element) ? element : nearest()), nearest }
}
