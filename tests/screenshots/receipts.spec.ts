import { seedClubs, seedReceipts } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { VOLUME_CLUB } from '#tests/journeys/bank-details.ts'
import { shoot } from './shoot.ts'

/**
 * Donation receipts: the club's receipts screen before and after last year's yearly receipts, the donor's
 * page of the confirmation mail's link before and after, the dialog that issues one donation's receipt from
 * the dashboard's list, and the German club's screen. The PDFs themselves:
 * `npm run docs:receipts` (docs/screenshots/receipt-*.png).
 */
test('the yearly receipts are issued and listed; one donation’s receipt from the list', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  const lastYear = new Date().getFullYear() - 1
  const donorPage = `/spendenbestaetigung/${seedReceipts.wagnerReceiptToken}`
  await page.goto(donorPage)
  await expect(page.getByText('Noch nicht ausgestellt')).toBeVisible()
  await shoot(page, 'donor-receipt-pending')
  await page.goto(`/bestaetigungen/${VOLUME_CLUB.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Spendenbestätigungen' })).toBeVisible()
  await shoot(page, 'receipts-screen-open')
  await page.getByRole('button', { name: `Jahresbestätigungen ${lastYear} ausstellen` }).click()
  await expect(page.getByText(/^\d+ ausgestellt\.$/)).toBeVisible()
  await shoot(page, 'receipts-screen-issued')
  // Elisabeth Wagner's donation is in her yearly receipt now: her link offers it.
  await page.goto(donorPage)
  await expect(page.getByRole('button', { name: 'Spendenbestätigung herunterladen (PDF)' })).toBeVisible()
  await shoot(page, 'donor-receipt-issued')

  await page.goto(`/home?id=${VOLUME_CLUB.id}`)
  const list = page.getByRole('region', { name: 'Spenden', exact: true })
  await list
    .getByRole('button', { name: /^Bestätigung ausstellen/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await shoot(page, 'receipts-issue-dialog', { capture: 'window' })
})

test('a German club’s receipts screen: its Zuwendungsbestätigungen and the German settings', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  await page.goto(`/bestaetigungen/${seedClubs.german}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Spendenbestätigungen' })).toBeVisible()
  await shoot(page, 'receipts-screen-german')

  // The signature's upload refuses what a PDF/A cannot hold, in German, at the part itself.
  const upload = page.getByLabel('Bild der Unterschrift hochladen')
  await upload.setInputFiles({
    name: 'unterschrift.webp',
    mimeType: 'image/webp',
    buffer: Buffer.from('RIFF0000WEBPVP8 '),
  })
  await expect(page.getByText('Dieser Dateityp ist nicht erlaubt. Erlaubt sind JPG oder PNG.')).toBeVisible()
  await shoot(page, 'receipts-signature-refused', {
    element: page.getByRole('region', { name: 'Unterschrift (Bild)' }),
  })
})
