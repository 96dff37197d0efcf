import { switchAccount } from '#tests/journeys/account.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'

const RELEASABLE = 'Naturschutzverein Wienerwald Baden' // freigabe@demo.at's complete club
const INCOMPLETE = 'Sportunion Leoben' // neu@demo.at's incomplete club
const UNCHECKED = 'Musikverein Gmunden-Ort' // complete, but nobody has marked it as checked

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

  test('a club nobody has checked is released only once the administrator confirms the check', async ({ page }) => {
    await page.goto('/admin?status=PROCESSING&clubType=ct-musikverein')
    const club = page.getByRole('article', { name: UNCHECKED })
    await expect(club).toContainText('Profil vollständig')
    await expect(club).toContainText('Nicht geprüft')

    await club.getByRole('button', { name: `${UNCHECKED} aktivieren` }).click()
    const dialog = page.getByRole('dialog', { name: `${UNCHECKED} aktivieren?` })
    await expect(dialog).toContainText('noch nicht als geprüft markiert, und nur geprüfte Vereine werden freigegeben')
    await dialog.getByRole('button', { name: 'Als geprüft markieren und aktivieren' }).click()
    await expect(page.getByText(`${UNCHECKED} ist als geprüft markiert und jetzt aktiv (freigegeben).`)).toBeVisible()
    await expect(club).toHaveCount(0)

    await page.getByLabel('Status').selectOption('ACTIVE')
    const released = page.getByRole('article', { name: UNCHECKED })
    await expect(released).toContainText('Status: Aktiv')
    await expect(released.getByText('Geprüft', { exact: true })).toBeVisible()
  })

  test('an incomplete club cannot be activated, and the list says why', async ({ page }) => {
    // Narrowed to its type: the list renders only the clubs near the viewport, and it is far down the page.
    await page.goto('/admin?status=PROCESSING&clubType=ct-sportverein')
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
