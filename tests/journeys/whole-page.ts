import { expect, type Page } from '@playwright/test'

/**
 * Scrolls through the page to its end, so the parts a screen renders only near the viewport
 * (src/components/ui/render-later.tsx) are all there, and waits until none is left waiting: for checks of
 * the whole page (axe, reflow).
 */
export const showWholePage = async (page: Page) => {
  const waiting = page.locator('[data-render-later="waiting"]')
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return waiting.count()
      },
      { timeout: 30_000 },
    )
    .toBe(0)
  await page.evaluate(() => window.scrollTo(0, 0))
}
