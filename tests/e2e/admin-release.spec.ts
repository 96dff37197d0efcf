import { switchAccount } from '#tests/journeys/account.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'

const RELEASABLE = 'Naturschutzverein Wienerwald Baden' // freigabe@demo.at's complete club
const INCOMPLETE = 'Sportunion Leoben' // neu@demo.at's incomplete club

test.describe('Administration: release of clubs', () => {
  test.use({ signedInRole: 'admin' })

  test('releases a complete club, and its representative sees it active', async ({ page }) => {
    await page.goto('/admin')
    await page.getByLabel('Status').selectOption('PROCESSING')
    await expect(page).toHaveURL(/status=PROCESSING/)
    const club = page.getByRole('article', { name: RELEASABLE })
    await expect(club).toContainText('Status: In Bearbeitung')
    await expect(club).toContainText('Profil vollständig')

    await club.getByRole('button', { name: `${RELEASABLE} aktivieren` }).click()
    const dialog = page.getByRole('dialog', { name: `${RELEASABLE} aktivieren?` })
    await dialog.getByRole('button', { name: 'Aktivieren' }).click()
    await expect(page.getByText(`${RELEASABLE} ist jetzt aktiv (freigegeben).`)).toBeVisible()
    // Still filtered by "In Bearbeitung": the released club leaves the list.
    await expect(club).toHaveCount(0)
    await page.getByLabel('Status').selectOption('ACTIVE')
    await expect(page.getByRole('article', { name: RELEASABLE })).toContainText('Status: Aktiv')

    await switchAccount(page, 'freigabe@demo.at')
    const overview = page.getByRole('region', { name: 'Vereinsübersicht' })
    await expect(overview).toContainText('Aktiv')
  })

  test('an incomplete club cannot be activated, and the list says why', async ({ page }) => {
    await page.goto('/admin?status=PROCESSING')
    const club = page.getByRole('article', { name: INCOMPLETE })
    await expect(club).toContainText('Profil unvollständig')
    const activate = club.getByRole('button', { name: `${INCOMPLETE} aktivieren` })
    await expect(activate).toBeDisabled()
    await expect(
      club.getByText('Aktivieren ist erst möglich, wenn das Profil vollständig ist: 16 Angaben fehlen.'),
    ).toBeVisible()
    await expect(activate).toHaveAttribute('aria-describedby', /.+/)
    await club.locator('summary', { hasText: '16 Angaben fehlen' }).click()
    await expect(club.getByRole('list', { name: `Fehlende Angaben von ${INCOMPLETE}` })).toContainText(
      'Bankverbindung: IBAN',
    )

    // Marking as checked works regardless, with a confirmation.
    await club.getByRole('button', { name: `${INCOMPLETE} als geprüft markieren` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Als geprüft markieren' }).click()
    await expect(club).toContainText('Geprüft')
  })
})
