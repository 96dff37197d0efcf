import { changePassword } from '#tests/journeys/account.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { shoot } from './shoot.ts'

/** Administration, user administration, password change, and the refusal a representative sees. */

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('release of clubs, catalogues, logo, payment accounts', async ({ page }) => {
    await page.goto('/admin')
    await expect(page.getByRole('list', { name: 'Vereine' })).toBeVisible()
    await shoot(page, 'admin-release')

    await page.goto('/admin?status=PROCESSING')
    const leoben = page.getByRole('article', { name: 'Sportunion Leoben' })
    await leoben.locator('summary').click()
    await expect(leoben.getByRole('list', { name: 'Fehlende Angaben von Sportunion Leoben' })).toBeVisible()
    await shoot(page, 'admin-release-processing')

    await page.getByRole('tab', { name: 'Vereinsarten' }).click()
    await expect(page.getByRole('list', { name: 'Vereinsarten' })).toBeVisible()
    await shoot(page, 'admin-types')
    await page.getByRole('tab', { name: 'Vereinsrollen' }).click()
    await expect(page.getByRole('list', { name: 'Vereinsrollen' })).toBeVisible()
    await shoot(page, 'admin-roles')
    await page.getByRole('tab', { name: /Logo/ }).click()
    await expect(page.getByText('vereinsportal-logo.svg')).toBeVisible()
    await shoot(page, 'admin-logo')

    await page.goto('/admin?status=ACTIVE&clubType=ct-musikverein')
    await page
      .getByRole('article', { name: 'Musikverein Hallein' })
      .getByRole('button', { name: /Zahlungskonto deaktivieren/ })
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'admin-payment-reject-dialog', { capture: 'window' })
  })

  test('e-mail addresses in the user list', async ({ page }) => {
    await page.goto('/users?q=gmail')
    const table = page.getByRole('table', { name: 'Benutzer' })
    await expect(table.getByText(/@gmail\.com$/).first()).toBeVisible()
    await shoot(page, 'users-email-wrap', { element: table })
  })

  test("deleting the only user a search found: the focus on what takes the list's place", async ({ page }) => {
    await page.goto('/users?q=martin.aigner')
    await page
      .getByRole('table', { name: 'Benutzer' })
      .getByRole('button', { name: / löschen$/ })
      .click()
    await page
      .getByRole('dialog', { name: 'Benutzer löschen?' })
      .getByRole('button', { name: 'Endgültig löschen' })
      .click()
    await expect(page.locator(':focus')).toContainText('Keine Benutzer gefunden')
    await shoot(page, 'users-deleted-last-match', { capture: 'window' })
  })

  test('releasing a club nobody has marked as checked', async ({ page }) => {
    await page.goto('/admin?status=PROCESSING&clubType=ct-musikverein')
    await page
      .getByRole('article', { name: 'Musikverein Gmunden-Ort' })
      .getByRole('button', { name: 'Musikverein Gmunden-Ort aktivieren' })
      .click()
    await expect(page.getByRole('dialog', { name: 'Musikverein Gmunden-Ort aktivieren?' })).toBeVisible()
    await shoot(page, 'admin-activate-unchecked-dialog', { capture: 'window' })
  })

  test('club search in the release list', async ({ page }) => {
    await page.goto('/admin?q=verein&filter=UNCHECKED')
    await expect(page.getByRole('list', { name: 'Vereine' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Verein suchen (Name oder ZVR-Zahl)' })).toHaveValue('verein')
    await shoot(page, 'admin-release-search')
    await page.goto('/admin?q=Gibtsnichtverein')
    await expect(page.getByText('Keine Vereine gefunden')).toBeVisible()
    await shoot(page, 'admin-release-search-empty', { capture: 'window' })
  })

  test('user administration', async ({ page }) => {
    await page.goto('/users')
    await expect(page.getByRole('table', { name: 'Benutzer' })).toBeVisible()
    await expect(page.getByRole('list', { name: /^Vereine von / }).first()).toBeVisible()
    await shoot(page, 'users')
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click()
    await page
      .getByRole('dialog', { name: 'Benutzer anlegen' })
      .getByRole('button', { name: 'Benutzer anlegen' })
      .click()
    await expect(page.getByText('Bitte geben Sie den Vornamen ein.')).toBeVisible()
    await shoot(page, 'users-create-dialog', { capture: 'window' })
  })
})

test.describe('as staff', () => {
  test.use({ signedInRole: 'staff' })

  test('password change with a mismatch', async ({ page }) => {
    await page.goto('/pwdchange')
    await changePassword(page, { current: 'Demo1234!', next: 'Anders-1234', repeat: 'Anders-9' })
    await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible()
    await shoot(page, 'pwdchange')
  })

  test('password change with a wrong current password, then a common new one', async ({ page }) => {
    await page.goto('/pwdchange')
    await changePassword(page, { current: 'Falsch-1234', next: 'Anders-1234!' })
    await expect(page.getByText('Das Passwort ist nicht korrekt.')).toBeVisible()
    await shoot(page, 'pwdchange-wrong-current')

    await changePassword(page, { current: 'Demo1234!', next: 'Passwort1' })
    await expect(page.getByText('Dieses Passwort ist zu verbreitet', { exact: false })).toBeVisible()
    await shoot(page, 'pwdchange-common-password')
  })
})

test.describe('as representative', () => {
  test.use({ signedInRole: 'user' })

  test('a page only administrators may open', async ({ page }) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible()
    await shoot(page, 'forbidden')
  })
})
