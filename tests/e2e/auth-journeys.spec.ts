import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { changePassword, requestPasswordReset, resendConfirmation, setNewPassword } from '#tests/journeys/account.ts'
import { accounts, expect, latestMail, SEED_PASSWORD, signIn, test } from '#tests/journeys/fixtures.ts'
import { fillInvitation } from '#tests/journeys/forms.ts'

/** The sign-in journeys in offline mode (the in-browser identity twin and mocked backend). */

test('sign-in lands on /home and sign-out ("Abmelden") returns to /login', async ({ page }) => {
  // Offline mode never loads the Firebase SDK (its chunk is named after src/lib/auth/firebase-auth.ts).
  const firebaseRequests: string[] = []
  page.on('request', (request) => {
    if (/firebase-auth-[^/]*\.js$|googleapis|securetoken/.test(request.url())) firebaseRequests.push(request.url())
  })
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await signIn(page, accounts.user)
  await expect(page).toHaveURL('/home')

  // A reload keeps the session (persisted like Firebase's local persistence).
  await page.reload()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
  await expect(page).toHaveURL('/home')

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL('/login')
  await page.goto('/home')
  await expect(page).toHaveURL(`/?redirect=${encodeURIComponent('/home')}`)
  expect(firebaseRequests).toEqual([])
})

test('a wrong password says "E-Mail oder Passwort falsch" and keeps the entries', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, accounts.admin, 'Falsch-1234')
  await expect(page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
  await expect(page.getByLabel('E-Mail')).toHaveValue(accounts.admin)
  await expect(page).toHaveURL('/login')
})

test('an unconfirmed address is refused; the confirmation mail can be sent again and confirms it', async ({ page }) => {
  await page.goto('/login')
  const mail = await resendConfirmation(page, accounts.unverified)

  // The oobCode journey (spec §2): the link from the mail confirms the address …
  expect(mail.link).toMatch(/^\/login\?mode=verifyEmail&oobCode=/)
  await page.goto(mail.link)
  await expect(page.getByRole('status').filter({ hasText: 'E-Mail-Adresse bestätigt' })).toBeVisible()
  await expect(page).not.toHaveURL(/oobCode/)
  // … and after five seconds the user is signed out and on /login.
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeHidden({ timeout: 10_000 })
  await expect(page).toHaveURL('/login')

  await signIn(page, accounts.unverified)
  await expect(page).toHaveURL('/home')
})

test('a used confirmation link shows a German error', async ({ page }) => {
  await page.goto('/login')
  const mail = await resendConfirmation(page, accounts.unverified)
  await page.goto(mail.link)
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeVisible()
  await page.goto(mail.link)
  await expect(page.getByRole('alert')).toContainText('ungültig oder wurde bereits verwendet')
})

test('password reset: neutral confirmation, the mailed link sets a new password', async ({ page }) => {
  await requestPasswordReset(page, accounts.newUser)

  const mail = await latestMail(page, accounts.newUser, 'PASSWORD_RESET')
  await setNewPassword(page, mail.link, { password: 'Neu-und-sicher-1' })
  await expect(page.getByText('Neues Passwort gespeichert')).toBeVisible()
  await expect(page).toHaveURL('/login')

  await signIn(page, accounts.newUser, SEED_PASSWORD)
  await expect(page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
  await signIn(page, accounts.newUser, 'Neu-und-sicher-1')
  await expect(page).toHaveURL('/home')
})

test('a reset request for an unknown address gets the same answer', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click()
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click()
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeVisible()
  await page.getByLabel('E-Mail').fill('niemand@demo.at')
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click()
  await expect(page.getByText(/Wenn zu dieser Adresse ein Benutzerkonto besteht/)).toBeVisible()
})

test('accepting an invitation registers the invited person, who can then sign in', async ({ page }) => {
  await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
  await fillInvitation(page, { firstName: 'Eva', lastName: 'Eingeladen', password: 'Sicher-1234' })
  await page.getByRole('button', { name: 'Benutzerkonto anlegen' }).click()
  await expect(page.getByText('Willkommen im Vereinsportal!')).toBeVisible()
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await signIn(page, seedInvitations.valid.email, 'Sicher-1234')
  await expect(page).toHaveURL('/home')
})

test('invitation errors: no token, expired token (said before any form)', async ({ page }) => {
  await page.goto('/acceptInvitation')
  await expect(page.getByRole('alert')).toContainText('Kein Token vorhanden')

  await page.goto(`/acceptInvitation?token=${seedInvitations.expired.token}`)
  await expect(page.getByRole('alert')).toContainText('Token abgelaufen')
  await expect(page.getByRole('button', { name: 'Benutzerkonto anlegen' })).toHaveCount(0)
})

test('password change: the user is signed out and signs in with the new password', async ({ page, signedInAs }) => {
  await signedInAs('staff')
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Passwort ändern' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible()
  await changePassword(page, { current: 'Demo1234!', next: 'Anders-1234', repeat: 'Anders-9999' })
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible()

  // The current password is checked first: a wrong one is said at its field, and nothing changes.
  await changePassword(page, { current: 'Falsch-1234', next: 'Anders-1234' })
  await expect(page.getByText('Das Passwort ist nicht korrekt.')).toBeVisible()
  await expect(page.getByLabel(/^Aktuelles Passwort/)).toBeFocused()
  await expect(page).toHaveURL('/pwdchange')

  await changePassword(page, { current: 'Demo1234!', next: 'Anders-1234' })
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('status').filter({ hasText: 'Passwort geändert' }).first()).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link')).toHaveText(['Anmelden'])

  await signIn(page, accounts.staff, 'Anders-1234')
  await expect(page).toHaveURL('/home')
})

test('token expiry during use: short-lived tokens are refreshed and work goes on', async ({ page }) => {
  // Tokens live 4 s from now on (the fault is saved once this page's backend runs); the provider refreshes
  // them at half their lifetime. Signing in on this very page makes sure the fault is in place first.
  await page.goto('/login?mockTokenLifetime=4')
  const refreshes: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/__mock/identity/token')) refreshes.push(request.url())
  })
  await signIn(page, accounts.admin)
  await expect(page).toHaveURL('/home')
  // Two refreshes: the session outlived its first tokens.
  await expect.poll(() => refreshes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer' }).click()
  await expect(page).toHaveURL('/users')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Kein Zugriff|schiefgelaufen/)
})

test.describe('token refused during use', () => {
  test.use({ signedInRole: 'admin' })

  test('one refresh and retry, then sign-out to /login with the page kept', async ({ page }) => {
    // The backend refuses the next call once: a fresh token fixes it.
    await page.goto('/users?mockFail=getCurrentUser:401:1')
    await expect(page).toHaveURL(/\/users/)
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()

    // It keeps refusing: the session is over.
    await page.goto('/users?mockFail=getCurrentUser:401:5')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fusers/)
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link')).toHaveText(['Anmelden'])
  })
})
