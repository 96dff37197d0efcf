import { mkdirSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'
import { showWholePage } from '#tests/journeys/whole-page.ts'

/** Where the pictures go: docs/screenshots/<screen>-<width>.png. */
const DIR = new URL('../../docs/screenshots/', import.meta.url).pathname
const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const
/**
 * Long screens (the release list, the 10 000-donation dashboard) are cut here: the top shows the screen,
 * the rest only made the file heavy (up to 12 000 px and 800 kB before).
 */
const MAX_HEIGHT = 2400

export interface ShootOptions {
  /**
   * 'page' (default): the whole page, up to MAX_HEIGHT. 'window': what the window shows, e.g. a dialog or a
   * message; with `focus`, scrolled so that element is in view.
   */
  capture?: 'page' | 'window'
  focus?: Locator
  /** Only this element (e.g. one section of a long page). */
  element?: Locator
  /**
   * false: take the picture as the page is, without waiting for loading to end (a loading state is the
   * scene itself). Default true.
   */
  settled?: boolean
  /**
   * Other window widths than 1280 and 375 px (e.g. 320 px for a reflow scene), each written as
   * `<name>-<width>.png`; the height is the phone's below 400 px, the desktop's above.
   */
  widths?: readonly number[]
}

/** Waits until nothing loads any more and the fonts and images are in. */
export const settle = async (page: Page) => {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: /wird geladen|Bitte warten/i })).toHaveCount(0)
  // Lazy images below the fold would never load in a page nobody scrolls: the picture shows the whole page.
  await page.evaluate(() => {
    for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager'
  })
  await page.waitForFunction(() => [...document.images].every((image) => image.complete))
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

/** The current state at 1280 px and 375 px wide; the window is back at 1280×800 afterwards. */
export const shoot = async (
  page: Page,
  name: string,
  { capture = 'page', focus, element, settled = true, widths }: ShootOptions = {},
) => {
  const windows = widths
    ? widths.map((width) => ({ width, height: width < 400 ? WINDOWS[1].height : WINDOWS[0].height }))
    : WINDOWS
  mkdirSync(DIR, { recursive: true })
  // A whole-page picture cannot show a sticky bar where a person sees it; it goes to its place in the flow.
  const unstick =
    capture === 'page' && !element
      ? await page.addStyleTag({ content: '.sticky { position: static !important; }' })
      : null
  for (const window of windows) {
    await page.setViewportSize(window)
    // A whole page shows the parts rendered only near the viewport too (render-later.tsx).
    if (settled && capture === 'page' && !element) await showWholePage(page)
    if (settled) await settle(page)
    else await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const path = `${DIR}${name}-${window.width}.png`
    if (element) {
      await element.screenshot({ path, animations: 'disabled' })
    } else if (capture === 'page') {
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      await page.screenshot({
        path,
        fullPage: true,
        animations: 'disabled',
        ...(height > MAX_HEIGHT ? { clip: { x: 0, y: 0, width: window.width, height: MAX_HEIGHT } } : {}),
      })
    } else {
      if (focus) await focus.scrollIntoViewIfNeeded()
      await page.screenshot({ path, animations: 'disabled' })
    }
  }
  await unstick?.evaluate((style) => (style as Element).remove())
  await page.setViewportSize(WINDOWS[0])
}

/**
 * Keeps the toasts on screen for the pictures: they close after 3 s (spec §9), sooner than both widths are
 * taken. sonner holds them while the page is hidden, so the page says it is.
 */
export const holdToasts = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
