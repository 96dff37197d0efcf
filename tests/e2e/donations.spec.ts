import AxeBuilder from '@axe-core/playwright'
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { expect, test } from '#tests/journeys/fixtures.ts'

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
    // The file says which donations it holds: the filter's range.
    expect(download.suggestedFilename()).toBe(`spenden-sv-gruenbach-1923-${from}-bis-${to}.csv`)
    const csv = parseCsv(text)
    expect(csv.header).toBe('Datum;Uhrzeit;Spender/in;Kampagne;Betrag;Währung;Status;Erstattet;Nachricht')
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
    const { download, text } = await exportCsv(page)
    // Without a date filter the file carries the day of the export.
    expect(download.suggestedFilename()).toMatch(/^spenden-sv-gruenbach-1923-\d{4}-\d{2}-\d{2}\.csv$/)
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
    // 100 rows (and the header row) on the page; the list renders those near the viewport.
    await expect(list.getByRole('table')).toHaveAttribute('aria-rowcount', '101')
    await page.reload()
    await expect(list.getByRole('table')).toHaveAttribute('aria-rowcount', '101')
    await expect(list.getByRole('columnheader', { name: /Betrag/ })).toHaveAttribute('aria-sort', 'descending')
  })

  test('a 250-row page keeps at most 60 rows in the DOM and shows each one as the page scrolls', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}&dSize=250`)
    const list = page.getByRole('region', { name: 'Spenden', exact: true })
    const table = list.getByRole('table')
    await expect(table).toHaveAttribute('aria-rowcount', '251')
    await expect(list.locator('tr[aria-rowindex="2"]')).toBeAttached()
    const rows = list.getByTestId('donation-row')
    expect(await rows.count()).toBeLessThanOrEqual(60)
    await expect(list.locator('tr[aria-rowindex="251"]')).toHaveCount(0)
    // Scrolling to the pagination below the table brings the last rows. The sections above the list (the
    // chart's code, campaigns, members) may still be arriving and push the list down after a scroll, as a
    // person would notice and scroll on: scroll until the last row shows.
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0)
    await expect(async () => {
      await list.getByRole('button', { name: 'Weiter' }).scrollIntoViewIfNeeded()
      await expect(list.locator('tr[aria-rowindex="251"]')).toBeVisible({ timeout: 1_000 })
    }).toPass()
    expect(await rows.count()).toBeLessThanOrEqual(60)
    // Every row on screen holds a donation: no gap between the spacers and the rows.
    const covered = await page.evaluate(() => {
      const shown = [...document.querySelectorAll('#spenden tr[data-index]')].map((row) => row.getBoundingClientRect())
      const table = document.querySelector('#spenden tbody')!.getBoundingClientRect()
      const top = Math.max(0, table.top)
      const bottom = Math.min(innerHeight, table.bottom)
      return shown.some((rect) => rect.top <= top + 1) && shown.some((rect) => rect.bottom >= bottom - 1)
    })
    expect(covered).toBe(true)
    // Rendered rows, spacers and row indexes are still a table axe accepts (as accessibility.spec.ts checks).
    const axe = await new AxeBuilder({ page })
      .include('#spenden')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
    // The next page keeps the list in place while it loads, then shows its rows.
    await list.getByRole('button', { name: 'Weiter' }).click()
    await expect(list.getByRole('navigation', { name: 'Seitennavigation' })).toContainText(/^Seite 2 von/)
    await expect(list.locator('tr[aria-rowindex="251"]')).toBeVisible()
  })

  test("a campaign's donations are listed on its page", async ({ page }) => {
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    const list = page.getByRole('region', { name: 'Spenden an diese Kampagne' })
    await expect(list.getByTestId('donation-row').first()).toBeVisible()
    await expect(list.getByRole('columnheader', { name: 'Kampagne' })).toHaveCount(0)
  })
})
