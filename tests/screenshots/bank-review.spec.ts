import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, signIn, test } from '#tests/e2e/fixtures.ts'
import { field } from '#tests/e2e/forms.ts'
import { shoot } from './shoot.ts'

/**
 * Money and identity of a club (issue 11): new bank details in review (the club's dashboard, the release
 * list, the confirmation), the audit log whole and per club, and a deactivation with its reason.
 */
const CLUB = 'SV Grünbach 1923'

test('bank details in review, their confirmation and the audit log', async ({ page, signedInAs }) => {
  await signedInAs('user')
  await page.goto(`/club/${seedClubs.volume}/false`)
  await field(page, 'IBAN').fill('AT40 2011 1000 0001 2345')
  await field(page, 'Ausweisart').selectOption({ label: 'Reisepass' })
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText(/Der BIC passt nicht zur IBAN/)).toBeVisible()
  // The bank section as the person sees it after "Speichern" (the sticky save bar back in the flow).
  await page.addStyleTag({ content: '.sticky { position: static !important; }' })
  await shoot(page, 'bank-review-bic-mismatch', { element: page.getByRole('region', { name: 'Bankverbindung' }) })
  await field(page, 'BIC').fill('GIBAATWWXXX')
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()

  await page.goto(`/home?id=${seedClubs.volume}`)
  const bank = page.getByRole('region', { name: 'Bankverbindung' })
  await expect(bank).toContainText('Bankverbindung geändert – Prüfung ausstehend')
  await shoot(page, 'bank-review-dashboard', { capture: 'window', focus: bank })

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, 'admin@demo.at')
  await expect(page).toHaveURL(/\/home/)
  await page.goto('/admin?status=ACTIVE&clubType=ct-sportverein')
  const card = page.getByRole('article', { name: CLUB })
  await expect(card.getByTestId('bank-review-new')).toBeVisible()
  await shoot(page, 'bank-review-admin')
  await card.getByRole('button', { name: `Neue Bankverbindung bestätigen (${CLUB})` }).click()
  const dialog = page.getByRole('dialog', { name: `Neue Bankverbindung von ${CLUB} bestätigen?` })
  await expect(dialog).toBeVisible()
  await shoot(page, 'bank-review-confirm-dialog', { capture: 'window' })
  await dialog.getByRole('button', { name: 'Bankverbindung bestätigen' }).click()
  await expect(card.getByTestId('bank-review-new')).toHaveCount(0)

  await page.goto('/admin?tab=audit')
  await expect(page.getByRole('list', { name: 'Protokolleinträge' })).toBeVisible()
  await shoot(page, 'audit-log')
  await page.goto(`/admin?tab=audit&logClub=${seedClubs.volume}`)
  await expect(page.getByRole('heading', { name: `Protokoll: ${CLUB}` })).toBeVisible()
  await shoot(page, 'audit-log-club')
})

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('deactivation with its reason, and what the club reads', async ({ page }) => {
    await page.goto('/admin?status=ACTIVE&clubType=ct-musikverein')
    await page
      .getByRole('article', { name: 'Musikverein Hallein' })
      .getByRole('button', { name: 'Musikverein Hallein deaktivieren' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Musikverein Hallein deaktivieren?' })
    await dialog.getByRole('button', { name: 'Deaktivieren' }).click()
    await expect(dialog.getByText('Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.')).toBeVisible()
    await shoot(page, 'admin-deactivate-dialog', { capture: 'window' })

    await page.goto(`/home?id=${seedClubs.inactive}`)
    await expect(page.getByText('Der Verein ist deaktiviert.')).toBeVisible()
    await shoot(page, 'dashboard-deactivated', { capture: 'window' })
  })
})
