import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { issueDownloadWithdrawReissue } from '#tests/journeys/receipts.ts'

/**
 * Donation receipts in the mocked mode (the PDFs made in the page): the volume club's chair
 * (verein@demo.at) issues last year's yearly receipts, downloads one, withdraws it with a reason and
 * issues it again under a new number.
 */
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
