import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { requestPasswordReset, resendConfirmation, setNewPassword } from '#tests/journeys/account.ts'
import { accounts, expect, latestMail, signIn, test } from '#tests/journeys/fixtures.ts'
import { fillInvitation } from '#tests/journeys/forms.ts'
import { shoot } from './shoot.ts'

/** The public screens: start, success, sign-in and its mails, invitation. */

test('start and success pages', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Vereinsportal' })).toBeVisible()
  await shoot(page, 'start')

  await page.goto('/?redirect=%2Fadmin')
  await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
  await shoot(page, 'start-redirect')

  // A signed-out visitor opening a page that needs a sign-in lands on the start page with the prompt.
  await page.goto('/home')
  await expect(page).toHaveURL(`/?redirect=${encodeURIComponent('/home')}`)
  await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
  await shoot(page, 'start-sign-in-prompt', { capture: 'window' })

  await page.goto('/success?from=registration')
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abgeschlossen' })).toBeVisible()
  await shoot(page, 'success-registration')

  await page.goto('/success?from=payment')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'success-payment')

  await page.goto('/payment?clubId=club-mv-hallein')
  await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
  await shoot(page, 'payment-signed-out')

  await page.goto('/gibt-es-nicht')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'not-found')
})

test('sign-in form and its messages', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await shoot(page, 'login')

  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible()
  await shoot(page, 'login-errors', { capture: 'window' })

  await signIn(page, accounts.admin, 'Falsch-1234')
  await expect(page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
  await shoot(page, 'login-wrong-password', { capture: 'window' })

  const mail = await resendConfirmation(page, accounts.unverified)
  await shoot(page, 'login-unverified')

  // The link of the mail confirms the address (the message shows for five seconds) …
  await page.goto(mail.link)
  await expect(page.getByRole('status').filter({ hasText: 'E-Mail-Adresse bestätigt' })).toBeVisible()
  await shoot(page, 'verify-email-success', { capture: 'window' })
  // … and a second time it is refused.
  await page.goto(mail.link)
  await expect(page.getByRole('alert')).toContainText('ungültig oder wurde bereits verwendet')
  await shoot(page, 'verify-email-error')
})

test('password reset: request and new password', async ({ page }) => {
  await requestPasswordReset(page, accounts.user)
  await shoot(page, 'forgot-password')

  const mail = await latestMail(page, accounts.user, 'PASSWORD_RESET')
  await setNewPassword(page, mail.link, { password: 'Neu1', repeat: null })
  await expect(page.getByText('Bitte wiederholen Sie das Passwort.')).toBeVisible()
  await shoot(page, 'reset-password')
})

test('accepting an invitation: no token, a valid invitation', async ({ page }) => {
  await page.goto('/acceptInvitation')
  await expect(page.getByRole('alert')).toContainText('Kein Token vorhanden')
  await shoot(page, 'accept-invitation-no-token')

  // The states of other links (expired, used, replaced, withdrawn, an existing account): invitations.spec.ts.
  await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
  await expect(page.getByRole('region', { name: 'Ihre Einladung' })).toBeVisible()
  await fillInvitation(page, { firstName: 'Eva', lastName: 'Eingeladen', password: 'Sicher-1234' })
  await shoot(page, 'accept-invitation')
})
