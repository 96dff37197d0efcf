import { test as base, expect } from '@playwright/test'
import { emulatorOobCodes, latestOobCode, seedEmulator } from '#scripts/run/firebase-seed.ts'
import { accounts, latestMail, readMailbox, SEED_PASSWORD, signIn } from '#tests/journeys/fixtures.ts'

/**
 * The sign-in journeys against the Firebase Auth emulator (project `firebase`: a build with
 * VITE_AUTH=firebase, the backend still the mocked one, which accepts the emulator's tokens).
 * The emulator is shared, so the project runs its tests one after another (not fully parallel), each on a
 * fresh seed.
 */

const test = base.extend({
  page: async ({ page }, provide) => {
    // A fresh seed per test. The mocked backend in the page accepts the emulator project's tokens by
    // itself (mocks/browser.ts reads VITE_FIREBASE_PROJECT_ID in Firebase mode).
    await seedEmulator()
    await provide(page)
  },
})

const oobCode = async (email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET') => {
  await expect.poll(() => latestOobCode(email, requestType)).toBeTruthy()
  return (await latestOobCode(email, requestType))!
}

test('signs in with Firebase Auth; the backend takes the token; the role opens /users', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/users')}`)
  await signIn(page, accounts.admin)
  await expect(page).toHaveURL('/users')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Kein Zugriff|schiefgelaufen/)
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Administration' }),
  ).toBeVisible()

  // Firebase keeps the session (browserLocalPersistence) across a reload.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link')).toHaveText(['Anmelden'])
})

test('a wrong password says "E-Mail oder Passwort falsch"', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, accounts.user, 'Falsch-1234')
  await expect(page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
})

test('an unconfirmed address is refused, gets a new mail, and its code confirms it', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, accounts.unverified)
  await expect(page.getByRole('alert')).toContainText('E-Mail Adresse noch nicht bestätigt')
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click()
  await expect(page.getByText(`Die Bestätigungs-E-Mail wurde erneut an ${accounts.unverified} gesendet.`)).toBeVisible()

  const code = await oobCode(accounts.unverified, 'VERIFY_EMAIL')
  await page.goto(`/login?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`)
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeVisible()
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeHidden({ timeout: 10_000 })
  await expect(page).toHaveURL('/login')

  await signIn(page, accounts.unverified, SEED_PASSWORD)
  await expect(page).toHaveURL('/home')
})

test("a password reset request gets the neutral answer, and the portal's own mail goes to existing accounts only", async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByLabel('E-Mail').fill(accounts.staff)
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click()
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click()
  await expect(page.getByText(/Wenn zu dieser Adresse ein Benutzerkonto besteht/)).toBeVisible()
  // The backend sends the German mail (here the mocked one, into its mailbox), not the provider its English one.
  await latestMail(page, accounts.staff, 'PASSWORD_RESET')
  expect((await emulatorOobCodes()).filter((entry) => entry.email === accounts.staff)).toEqual([])

  // The same answer for an unknown address, after the backend has really been asked, and no mail for it.
  await page.getByLabel('E-Mail').fill('niemand@demo.at')
  const asked = page.waitForResponse((response) => response.url().includes('/users/password-reset'))
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click()
  await asked
  await expect(page.getByText(/Wenn zu dieser Adresse ein Benutzerkonto besteht/)).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect((await readMailbox(page)).filter((mail) => mail.to === 'niemand@demo.at')).toEqual([])
})
