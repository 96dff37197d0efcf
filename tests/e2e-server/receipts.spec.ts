import { test, expect } from '@playwright/test'
import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, signIn } from '#tests/journeys/fixtures.ts'
import { issueDownloadWithdrawReissue, receiptFromConfirmationMail } from '#tests/journeys/receipts.ts'

/**
 * Donation receipts on the real stack as `npm start` serves it (the PDFs made by the server with pdfkit and
 * archived in its file storage): the volume club's chair, signed in with Firebase, issues last year's
 * yearly receipts, downloads one, withdraws it with a reason and issues it again under a new number. A
 * donor who asks for a receipt on the donation page gets it with the payment: the confirmation mail's
 * link downloads the PDF the server archived.
 */
test('the chair issues last year’s yearly receipts, downloads one, withdraws it and issues it again', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, accounts.user)
  await expect(page).toHaveURL(/\/home/)
  await issueDownloadWithdrawReissue(page, seedClubs.volume)
})

test('a donor asks for a receipt, and the confirmation mail’s link downloads it', async ({ page }) => {
  const receipt = await receiptFromConfirmationMail(page, seedCampaigns.runningEnabled)
  // The PDF the donor saved is made out to them, under the number the mail named.
  expect(receipt.text).toContain(receipt.donor)
  expect(receipt.text).toContain(receipt.number)
})
