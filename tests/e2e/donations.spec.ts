import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { expect, test } from './fixtures'


const VOLUME = 'club-sv-gruenbach'

/** `YYYY-MM-DD` in Vienna, `days` before today. */
const viennaDay = (daysAgo: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date(Date.now() - daysAgo * 86_400_000))

const euroToCents = (text: string): number => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100)
const csvToCents = (amount: string): number => Number(amount.replace(',', ''))

/** The figures the list shows above the table: the sum and the count over the whole filter. */
const shownTotals = async (page: Page) => {
  const text = (await page.getByTestId('donation-totals').textContent()) ?? ''
  const match = /Summe: (€\s?[\d.]+,\d\d) aus ([\d.\s]+) Spenden/.exec(text.replace(/[\u00a0\u202f]/g, ' '))
  expect(match).not.toBeNull()
  return { cents: euroToCents(match![1]!), count: Number(match![2]!.replace(/\D/g, '')) }
}

const exportCsv = async (page: Page): Promise<{ download: Download; text: string }> => {
  const downloading = page.waitForEvent('download', { timeout: 60_000 })
  await page.getByRole('button', { name: 'CSV exportieren' }).click()
  const download = await downloading
  const text = await readFile(await download.path(), 'utf8')
  return { download, text }
}

const parseCsv = (text: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff)
  const lines = text.slice(1).split('\r\n')
  expect(lines.at(-1)).toBe('')
  const [header, ...rest] = lines.slice(0, -1)
  const sum = rest.at(-1)!.split(';')
  return { header, rows: rest.slice(0, -1).map((line) => line.split(';')), sum }
}

test.use({ signedInRole: 'user' })

test.describe('Spenden', () => {
  test('the filtered list exports as a CSV Excel opens (de-AT), matching the shown totals', async ({ page }) => {
    const from = viennaDay(45)
    const to = viennaDay(15)
    await page.goto(`/home?id=${VOLUME}&dFrom=${from}&dTo=${to}&dSort=amountCents,desc`)
    const list = page.getByRole('region', { name: 'Spenden', exact: true })
    await expect(list.getByTestId('donation-row').first()).toBeVisible()
    const totals = await shownTotals(page)
    expect(totals.count).toBeGreaterThan(50)

    const { download, text } = await exportCsv(page)
    expect(download.suggestedFilename()).toMatch(/^spenden-sv-gruenbach-1923-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = parseCsv(text)
    expect(csv.header).toBe('Datum;Uhrzeit;Spender/in;Kampagne;Betrag;Währung;Nachricht')
    expect(csv.rows).toHaveLength(totals.count)
    // Every amount is a plain decimal-comma number, the sum adds up, and the order is the list's.
    const amounts = csv.rows.map((row) => row[4]!)
    amounts.forEach((amount) => expect(amount).toMatch(/^\d+,\d\d$/))
    const cents = amounts.map(csvToCents)
    expect(cents.reduce((sum, value) => sum + value, 0)).toBe(totals.cents)
    expect(cents).toEqual([...cents].sort((a, b) => b - a))
    expect(csv.sum[0]).toBe('Summe')
    expect(csvToCents(csv.sum[4]!)).toBe(totals.cents)
    // Every row lies in the filter (dd.mm.yyyy, Vienna).
    const iso = (day: string) => day.split('.').reverse().join('-')
    csv.rows.forEach((row) => expect(iso(row[0]!) >= from && iso(row[0]!) <= to).toBe(true))
  })

  test('all 10 000+ donations of the volume club export page by page', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    await expect(page.getByTestId('donation-row').first()).toBeVisible()
    const totals = await shownTotals(page)
    expect(totals.count).toBeGreaterThanOrEqual(10_000)
    const { text } = await exportCsv(page)
    const csv = parseCsv(text)
    expect(csv.rows).toHaveLength(totals.count)
    expect(csvToCents(csv.sum[4]!)).toBe(totals.cents)
    expect(new Set(csv.rows.map((row) => row.join(';'))).size).toBeGreaterThan(totals.count * 0.99)
  })

  test('paging, page size and sort live in the URL and survive a reload', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const list = page.getByRole('region', { name: 'Spenden', exact: true })
    await expect(list.getByTestId('donation-row')).toHaveCount(50)
    await list.getByRole('button', { name: /^Betrag/ }).click()
    await expect(page).toHaveURL(/dSort=amountCents%2Cdesc|dSort=amountCents,desc/)
    await list.getByRole('button', { name: 'Weiter' }).click()
    await expect(page).toHaveURL(/dPage=1/)
    await list.getByLabel('Einträge pro Seite').selectOption('100')
    await expect(list.getByTestId('donation-row')).toHaveCount(100)
    await page.reload()
    await expect(list.getByTestId('donation-row')).toHaveCount(100)
    await expect(list.getByRole('columnheader', { name: /Betrag/ })).toHaveAttribute('aria-sort', 'descending')
  })

  test("a campaign's donations are listed on its page", async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    const list = page.getByRole('region', { name: 'Spenden an diese Kampagne' })
    await expect(list.getByTestId('donation-row').first()).toBeVisible()
    await expect(list.getByRole('columnheader', { name: 'Kampagne' })).toHaveCount(0)
  })
})

/**
 * Not a timed assertion: prints how long the 10 000-donation list takes, for the closing note and for
 * anybody who changes the list. Figures are `performance.now()` in the page (Playwright's round trips are
 * not counted), split into the request (Resource Timing of the `donations/club` call, answered by the
 * mocked backend inside the page) and the rest: React rendering the rows until the next frame.
 */
test('reports how long the 10 000-donation list takes to render', async ({ page }) => {
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
  console.log('10 000-donation list:', JSON.stringify(figures))
  test.info().annotations.push({ type: 'measurement', description: JSON.stringify(figures) })
})
