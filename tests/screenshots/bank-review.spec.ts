import { seedClubs, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { switchAccount } from '#tests/journeys/account.ts'
import {
  changeToIbanOfAnotherBank,
  confirmBankReview,
  openVolumeClubProfile,
  VOLUME_CLUB,
  volumeClubInReview,
} from '#tests/journeys/bank-details.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { askToRemoveMember } from '#tests/journeys/members.ts'
import { shoot } from './shoot.ts'

/**
 * Money and identity of a club: new bank details in review (the club's dashboard, the release list, the
 * confirmation), the audit log whole and per club, an entry naming a club and a user, and a deactivation
 * with its reason.
 */
test('bank details in review, their confirmation and the audit log', async ({ page, signedInAs }) => {
  await signedInAs('user')
  await openVolumeClubProfile(page)
  await changeToIbanOfAnotherBank(page, {
    iban: 'AT40 2011 1000 0001 2345',
    bic: 'GIBAATWWXXX',
    onBicRefused: async () => {
      // The bank section as the person sees it after "Speichern" (the sticky save bar back in the flow).
      await page.addStyleTag({ content: '.sticky { position: static !important; }' })
      await shoot(page, 'bank-review-bic-mismatch', { element: page.getByRole('region', { name: 'Bankverbindung' }) })
    },
  })

  await page.goto(`/home?id=${VOLUME_CLUB.id}`)
  const bank = page.getByRole('region', { name: 'Bankverbindung' })
  await expect(bank).toContainText('Bankverbindung geändert – Prüfung ausstehend')
  await shoot(page, 'bank-review-dashboard', { capture: 'window', focus: bank })

  await switchAccount(page, 'admin@demo.at')
  const card = await volumeClubInReview(page)
  await shoot(page, 'bank-review-admin')
  await confirmBankReview(page, card, {
    onDialog: () => shoot(page, 'bank-review-confirm-dialog', { capture: 'window' }),
  })

  await page.goto('/admin?tab=audit')
  await expect(page.getByRole('list', { name: 'Protokolleinträge' })).toBeVisible()
  await shoot(page, 'audit-log')
  await page.goto(`/admin?tab=audit&logClub=${VOLUME_CLUB.id}`)
  await expect(page.getByRole('heading', { name: `Protokoll: ${VOLUME_CLUB.name}` })).toBeVisible()
  await shoot(page, 'audit-log-club')
})

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('an audit entry about a club and a user: the two parts apart', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME_CLUB.id}`)
    const remove = await askToRemoveMember(page, { email: seedInvitations.used.email, name: 'Katharina Kaiser' })
    await remove.getByRole('button', { name: 'Entfernen' }).click()
    await expect(page.getByText('Mitglied wurde entfernt.')).toBeVisible()
    await page.goto(`/admin?tab=audit&logClub=${VOLUME_CLUB.id}`)
    const newest = page.getByRole('list', { name: 'Protokolleinträge' }).getByRole('article').first()
    await expect(newest).toContainText(`Verein: ${VOLUME_CLUB.name} · Benutzer/in: Katharina Kaiser`)
    await shoot(page, 'audit-log-member', { element: newest })
  })

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
