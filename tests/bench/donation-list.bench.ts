import { expect, test } from '../e2e/fixtures'

/**
 * `npm run bench:donations` (playwright.bench.config.ts): prints how long the 10 000-donation list of the
 * seeded volume club takes in Chromium, for the closing notes and for anybody who changes the list. Not part
 * of `npm test`, and nothing here asserts a time.
 */
const VOLUME = 'club-sv-gruenbach'

test.use({ signedInRole: 'user' })

/**
 * Figures are `performance.now()` in the page (Playwright's round trips are
 * not counted), split into the request (Resource Timing of the `donations/club` call, answered by the
 * mocked backend inside the page) and the rest: React rendering the rows until the next frame.
 */
test('the 10 000-donation list: first load, paging, sorting, 250 rows', async ({ page }) => {
  // The first donation row's appearance, stamped in the page from the navigation's start.
  await page.addInitScript(() => {
    const stamp = () => {
      if (document.querySelector('[data-testid="donation-row"]')) {
        ;(window as unknown as { __rowsAt?: number }).__rowsAt ??= performance.now()
      }
    }
    new MutationObserver(stamp).observe(document, { subtree: true, childList: true })
  })
  await page.goto(`/home?id=${VOLUME}`)
  const list = page.getByRole('region', { name: 'Spenden', exact: true })
  await expect(list.getByTestId('donation-row')).toHaveCount(50)
  await page.waitForLoadState('networkidle')
  const firstLoad = await page.evaluate(() => {
    const request = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/donations/club/')) as PerformanceResourceTiming | undefined
    return {
      rowsAt: (window as unknown as { __rowsAt: number }).__rowsAt,
      requestStart: request?.startTime ?? 0,
      requestEnd: request?.responseEnd ?? 0,
    }
  })

  type Step = { kind: 'next'; page: number } | { kind: 'sort' } | { kind: 'size'; size: number }
  /** Does one step in the page and waits, in the page, until the list shows its result. */
  const timed = (step: Step) =>
    page.evaluate(async (current) => {
      const region = document.querySelector('#spenden')!
      const label = () => region.querySelector('nav[aria-label="Seitennavigation"] p')?.textContent ?? ''
      const button = (name: string) =>
        [...region.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim().startsWith(name))!
      const settled = () => !region.querySelector('.opacity-60')
      let done: () => boolean
      performance.clearResourceTimings()
      const start = performance.now()
      if (current.kind === 'next') {
        button('Weiter').click()
        done = () => label().startsWith(`Seite ${current.page} `) && settled()
      } else if (current.kind === 'sort') {
        button('Betrag').click()
        done = () =>
          Boolean(region.querySelector('th[aria-sort="descending"]')) && label().startsWith('Seite 1 ') && settled()
      } else {
        const select = region.querySelector('select')!
        select.value = String(current.size)
        select.dispatchEvent(new Event('change', { bubbles: true }))
        done = () => region.querySelectorAll('[data-testid="donation-row"]').length === current.size && settled()
      }
      await new Promise<void>((resolve) => {
        const check = () => (done() ? resolve() : requestAnimationFrame(check))
        check()
      })
      const total = performance.now() - start
      const request = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/donations/club/'))
        .at(-1) as PerformanceResourceTiming | undefined
      const requestMs = request ? request.responseEnd - request.startTime : 0
      return { total: Math.round(total), request: Math.round(requestMs), render: Math.round(total - requestMs) }
    }, step)

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const pages = []
  for (let number = 2; number <= 6; number++) pages.push(await timed({ kind: 'next', page: number }))
  const sort = await timed({ kind: 'sort' })
  const size250 = await timed({ kind: 'size', size: 250 })
  const figures = {
    'first load: navigation → first rows (ms)': Math.round(firstLoad.rowsAt),
    'first load: donations request (ms, from → to)': [
      Math.round(firstLoad.requestStart),
      Math.round(firstLoad.requestEnd),
    ],
    'next page, median of 5 (total / request / render ms)': [
      median(pages.map((step) => step.total)),
      median(pages.map((step) => step.request)),
      median(pages.map((step) => step.render)),
    ],
    'sort by amount (total / request / render ms)': [sort.total, sort.request, sort.render],
    '250 rows per page (total / request / render ms)': [size250.total, size250.request, size250.render],
  }
  console.log(`\n10 000-donation list (${VOLUME}), Chromium, mocked backend in the page:`)
  for (const [name, value] of Object.entries(figures))
    console.log(`  ${name}: ${Array.isArray(value) ? value.join(' / ') : value}`)
  test.info().annotations.push({ type: 'measurement', description: JSON.stringify(figures) })
})
