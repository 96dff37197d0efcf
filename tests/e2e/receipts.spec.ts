import { seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { issueDownloadWithdrawReissue, receiptFromConfirmationMail } from '#tests/journeys/receipts.ts'

/**
 * Donation receipts in the mocked mode (the PDFs made in the page): the volume club's chair
 * (verein@demo.at) issues last year's yearly receipts, downloads one, withdraws it with a reason and
 * issues it again under a new number. A donor who asks for a receipt on the donation page downloads it
 * from the confirmation mail's link.
 */
test.describe('the club', () => {
  test.use({ signedInRole: 'user' })

  test('the chair issues last year’s yearly receipts, downloads one, withdraws it and issues it again', async ({
    page,
  }) => {
    await issueDownloadWithdrawReissue(page, seedClubs.volume)
    // The withdrawn receipt stays listed beside the new one, with its reason.
    await expect(page.getByRole('region', { name: 'Spendenbestätigungen, Tabelle' })).toContainText(
      'Adresse falsch geschrieben',
    )
  })
})

test('a donor asks for a receipt, and the confirmation mail’s link downloads it', async ({ page }) => {
  const receipt = await receiptFromConfirmationMail(page, seedCampaigns.runningEnabled)
  // The PDF the donor saved is made out to them, under the number the mail named.
  expect(receipt.text).toContain(receipt.donor)
  expect(receipt.text).toContain(receipt.number)
})
