import { expect, test, type Page } from '@playwright/test'
import { accounts, SEED_PASSWORD, signIn } from '#tests/journeys/fixtures.ts'

/**
 * A reload of a signed-in screen starts from the session Firebase stored in the browser
 * (src/lib/auth/create-auth-service.ts): the screen asks the backend with the stored ID token while the SDK
 * loads and checks the session, and a session the SDK then refuses sends the person to sign in.
 */

const FIREBASE_SESSION_KEY = 'firebase:authUser:'

const signedInAtHome = async (page: Page) => {
  await page.goto('/login')
  await signIn(page, accounts.user, SEED_PASSWORD)
  await expect(page).toHaveURL(/\/home/)
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
}

test('a reload of the dashboard asks the backend before Firebase has checked the stored session', async ({ page }) => {
  await signedInAtHome(page)
  // Firebase's check of the stored session is held back: the screen must not wait for it.
  let releaseCheck: () => void = () => undefined
  const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve))
  await page.route(/accounts:lookup/, async (route) => {
    await checkHeld
    await route.continue()
  })
  const askedBackend = page.waitForRequest(/\/api\/backend\/v1\/users\/me/)
  await page.reload()
  await askedBackend
  releaseCheck()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
})

test('a stored session Firebase refuses ends at the sign-in entry, not on a broken screen', async ({ page }) => {
  await signedInAtHome(page)
  // The stored ID token is damaged (as a revoked or foreign one would be refused): the backend refuses
  // it, and so does Firebase's check.
  await page.evaluate((prefix) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith(prefix))!
    const entry = JSON.parse(localStorage.getItem(key)!) as { stsTokenManager: { accessToken: string } }
    entry.stsTokenManager.accessToken = 'eyJhbGciOiJub25lIn0.e30.damaged'
    localStorage.setItem(key, JSON.stringify(entry))
  }, FIREBASE_SESSION_KEY)
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome/)
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeHidden()
})
