import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, expect, latestMail, signIn, test } from '#tests/e2e/fixtures.ts'
import { shoot } from './shoot.ts'

/** The invitation page's states, and the members screen with its actions. */
const VOLUME = 'club-sv-gruenbach'

test('an invitation link that can no longer be used', async ({ page }) => {
  await page.goto(`/acceptInvitation?token=${seedInvitations.expired.token}`)
  await expect(page.getByRole('alert')).toContainText('Token abgelaufen')
  await shoot(page, 'accept-invitation-expired')

  await page.goto(`/acceptInvitation?token=${seedInvitations.used.token}`)
  await expect(page.getByRole('alert')).toContainText('Einladung bereits angenommen')
  await shoot(page, 'accept-invitation-used')

  await page.goto('/acceptInvitation?token=gibt-es-nicht')
  await expect(page.getByRole('alert')).toContainText('Diese Einladung gibt es nicht.')
  await shoot(page, 'accept-invitation-unknown')
})

test('replaced and withdrawn invitations, an existing account accepts, the members screen', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  await page.goto(`/home?id=${VOLUME}`)
  const members = page.getByRole('region', { name: 'Mitglieder' })
  await expect(members.getByTestId('member-row').first()).toBeVisible()
  await shoot(page, 'dashboard-members', { element: members })

  const rowOf = (text: string) => members.getByTestId('member-row').filter({ hasText: text })
  await rowOf(seedInvitations.used.email)
    .getByRole('button', { name: /aus dem Verein entfernen/ })
    .click()
  await expect(page.getByRole('dialog', { name: 'Mitglied entfernen?' })).toBeVisible()
  await shoot(page, 'dashboard-members-remove', { capture: 'window' })
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click()

  // Resend the open invitation (its old link is replaced), then withdraw the new one.
  await rowOf(seedInvitations.valid.email)
    .getByRole('button', { name: /erneut senden/ })
    .click()
  await expect(page.getByRole('dialog', { name: 'Einladung erneut senden?' })).toBeVisible()
  await shoot(page, 'dashboard-members-resend', { capture: 'window' })
  await page.getByRole('dialog').getByRole('button', { name: 'Erneut senden' }).click()
  await expect(page.getByText(/wurde erneut versendet/)).toBeVisible()
  const resent = await latestMail(page, seedInvitations.valid.email, 'INVITATION')
  await rowOf(seedInvitations.valid.email)
    .getByRole('button', { name: /zurückziehen/ })
    .click()
  await page
    .getByRole('dialog', { name: 'Einladung zurückziehen?' })
    .getByRole('button', { name: 'Zurückziehen' })
    .click()
  await expect(rowOf(seedInvitations.valid.email)).toHaveCount(0)

  // An invitation for an existing account.
  const form = page.getByRole('form', { name: 'Person einladen' })
  await form.getByLabel('E-Mail-Adresse').fill(accounts.newUser)
  await form.getByLabel('Rolle im Verein').selectOption({ label: 'Kassier/in' })
  await form.getByRole('button', { name: 'Einladung senden' }).click()
  await expect(page.getByText(`Einladung an ${accounts.newUser} wurde versendet.`)).toBeVisible()
  const invitation = await latestMail(page, accounts.newUser, 'INVITATION')
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login/)

  await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
  await expect(page.getByRole('alert')).toContainText('Einladung ersetzt')
  await shoot(page, 'accept-invitation-replaced')
  await page.goto(resent.link)
  await expect(page.getByRole('alert')).toContainText('Einladung zurückgezogen')
  await shoot(page, 'accept-invitation-withdrawn')

  await page.goto(invitation.link)
  await expect(page.getByText('Sie haben bereits ein Benutzerkonto')).toBeVisible()
  await shoot(page, 'accept-invitation-sign-in')
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click()
  await signIn(page, accounts.newUser)
  await expect(page.getByRole('button', { name: 'Einladung annehmen' })).toBeVisible()
  await shoot(page, 'accept-invitation-account')
  await page.getByRole('button', { name: 'Einladung annehmen' }).click()
  await expect(page.getByText('Einladung angenommen')).toBeVisible()
  await shoot(page, 'accept-invitation-accepted')
})

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('deleting the only representative of a club warns first', async ({ page }) => {
    await page.goto('/users?q=freigabe%40demo.at')
    await page.getByRole('button', { name: 'Franziska Fröhlich löschen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Benutzer löschen?' })
    await expect(dialog.getByText('Ein Verein bleibt ohne Vertretung')).toBeVisible()
    await shoot(page, 'users-delete-sole-representative', { capture: 'window' })
  })
})
