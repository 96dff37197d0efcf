import { test, expect } from '@playwright/test'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, signIn } from '#tests/journeys/fixtures.ts'
import { issueDownloadWithdrawReissue } from '#tests/journeys/receipts.ts'

/**
 * Donation receipts on the real stack as `npm start` serves it (the PDFs made by the server with pdfkit and
 * archived in its file storage): the volume club's chair, signed in with Firebase, issues last year's
 * yearly receipts, downloads one, withdraws it with a reason and issues it again under a new number.
 */
test('the chair issues last year’s yearly receipts, downloads one, withdraws it and issues it again', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, accounts.user)
  await expect(page).toHaveURL(/\/home/)
  await issueDownloadWithdrawReissue(page, seedClubs.volume)
})
