import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'

/**
 * Donation receipts in the mocked mode: the volume club's chair (verein@demo.at) issues last year's
 * yearly receipts for the seed's donors who gave with a name and address (Franz Berger, Elisabeth Wagner,
 * Autohaus Berger GmbH), downloads Franz Berger's, a PDF that names him, and withdraws it with a reason.
 */
const club = seedClubs.volume
const DONORS = ['Franz Berger', 'Elisabeth Wagner', 'Autohaus Berger GmbH']

test.use({ signedInRole: 'user' })

test('the chair issues last year’s yearly receipts, downloads one and withdraws it', async ({ page }) => {
  // The seed's donations are of the Vienna year before its own; the page's clock is the real one.
  const lastYear = new Date().getFullYear() - 1
  await page.goto(`/bestaetigungen/${club}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Spendenbestätigungen' })).toBeVisible()

  const donors = page.getByRole('region', { name: `Spender:innen ${lastYear}, Tabelle` })
  for (const name of DONORS) await expect(donors.getByRole('row', { name: new RegExp(name) })).toContainText('offen')
  await page.getByRole('button', { name: `Jahresbestätigungen ${lastYear} ausstellen` }).click()
  await expect(page.getByText(/^\d+ ausgestellt\.$/)).toBeVisible()
  for (const name of DONORS)
    await expect(donors.getByRole('row', { name: new RegExp(name) })).toContainText('bereits bestätigt')

  const receipts = page.getByRole('region', { name: 'Spendenbestätigungen, Tabelle' })
  const berger = receipts.getByRole('row', { name: /Franz Berger/ })
  await expect(berger).toContainText(`Jahresbestätigung ${lastYear}`)
  await expect(berger).toContainText('€ 100,00')
  await expect(berger).toContainText('gültig')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    berger.getByRole('button', { name: /^Herunterladen/ }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^spendenbestaetigung-\d{4}-\d{6}\.pdf$/)
  const path = await download.path()
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
  expect(text).toContain('Franz Berger')

  await berger.getByRole('button', { name: /^Zurückziehen/ }).click()
  const dialog = page.getByRole('dialog', { name: /zurückziehen\?$/ })
  await dialog.getByLabel(/^Grund/).fill('Adresse falsch geschrieben')
  await dialog.getByRole('button', { name: 'Zurückziehen' }).click()
  await expect(dialog).toBeHidden()
  await expect(berger).toContainText('zurückgezogen')
  await expect(berger).toContainText('Adresse falsch geschrieben')
  // Withdrawn: nothing but the PDF is offered.
  await expect(berger.getByRole('button', { name: /^Duplikat/ })).toHaveCount(0)
  await expect(berger.getByRole('button', { name: /^Zurückziehen/ })).toHaveCount(0)
})
