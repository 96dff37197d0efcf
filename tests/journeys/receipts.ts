import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import { latestMail } from './fixtures.ts'
import { CARDS, expectThanks, giveOnPublicPage } from './giving.ts'

/** The seed's donors of last year who gave with a name and address and without a transmission. */
export const RECEIPT_DONORS = ['Franz Berger', 'Elisabeth Wagner', 'Autohaus Berger GmbH']

/**
 * On the club's receipts screen: last year's yearly receipts issued for the seed's donors, Franz Berger's
 * downloaded (a PDF that names him), withdrawn with a reason, and issued again under a new number.
 */
export const issueDownloadWithdrawReissue = async (page: Page, club: string) => {
  const DONORS = RECEIPT_DONORS

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

  // Issued again: the withdrawn receipt's donations are free, and the new receipt has a new number.
  const withdrawnNumber = /\d{4}-\d{6}/.exec((await berger.textContent()) ?? '')?.[0] ?? 'none'
  await page.getByRole('button', { name: `Jahresbestätigungen ${lastYear} ausstellen` }).click()
  await expect(page.getByText(/^1 ausgestellt\.$/)).toBeVisible()
  const valid = receipts.getByRole('row', { name: /Franz Berger/ }).filter({ hasText: 'gültig' })
  await expect(valid).toHaveCount(1)
  await expect(valid).not.toContainText(withdrawnNumber)
}

/** The text of a PDF the page saved, as `pdftotext` reads it. */
const savedPdfText = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  return {
    name: download.suggestedFilename(),
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }),
  }
}

/**
 * A donor asks for a receipt on the campaign's page and pays; the confirmation mail offers the receipt,
 * issued with the payment, and its link downloads the PDF made out to the donor's name and address.
 * Returns the donor's name, the receipt's number and the PDF's text.
 */
export const receiptFromConfirmationMail = async (page: Page, campaignId: string) => {
  const email = 'erika.beleg@example.at'
  await giveOnPublicPage(
    page,
    campaignId,
    {
      amount: '42',
      name: 'Erika Beleg',
      email,
      receipt: { street: 'Herrengasse 7', postalCode: '1010', city: 'Wien' },
    },
    CARDS.success,
  )
  await expectThanks(page, campaignId)
  const mail = await latestMail(page, email, 'DONATION_RECEIVED')
  const number = /Ihre Spendenbestätigung Nr\. (\d{4}-\d{6})/.exec(mail.text)?.[1]
  expect(number, mail.text).toBeDefined()
  expect(mail.link).toMatch(/^\/spendenbestaetigung\//)
  expect(mail.text).toContain(mail.link)

  await page.goto(mail.link)
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Spendenbestätigung' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(`Spendenbestätigung Nr. ${number}`)
  const pdf = await savedPdfText(page, () =>
    page.getByRole('button', { name: 'Spendenbestätigung herunterladen (PDF)' }).click(),
  )
  expect(pdf.name).toBe(`spendenbestaetigung-${number}.pdf`)
  for (const part of ['Herrengasse 7', '1010 Wien', number!, '42,00']) expect(pdf.text).toContain(part)
  return { donor: 'Erika Beleg', number: number!, text: pdf.text }
}
