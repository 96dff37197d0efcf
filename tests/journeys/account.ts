import { expect, type Page } from '@playwright/test'
import { latestMail, signIn, type Mail } from './fixtures.ts'

/**
 * A person's own account, as the e2e journeys and the screenshot scenes go through it: signing out and in
 * as someone else, the confirmation mail, a forgotten password, a password change.
 */

/** "Abmelden": back on /login. */
export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login/)
}

/** Signs out and in again as `email`, landing on /home: one browser, whose page holds the mocked backend. */
export const switchAccount = async (page: Page, email: string) => {
  await signOut(page)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home/)
}

/**
 * Signs in with an address not confirmed yet, which is refused, and has the confirmation mail sent again;
 * that mail.
 */
export const resendConfirmation = async (page: Page, email: string): Promise<Mail> => {
  await signIn(page, email)
  await expect(page.getByRole('alert')).toContainText('E-Mail Adresse noch nicht bestätigt')
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click()
  await expect(page.getByText(`Die Bestätigungs-E-Mail wurde erneut an ${email} gesendet.`)).toBeVisible()
  return latestMail(page, email, 'VERIFY_EMAIL')
}

/**
 * "Passwort vergessen?" from the sign-in form with `email` typed: the address is carried over, the link is
 * requested, and the answer is the same whether an account exists or not; the mail, where one was sent.
 */
export const requestPasswordReset = async (page: Page, email: string) => {
  await page.goto('/login')
  await page.getByLabel('E-Mail').fill(email)
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeVisible()
  await expect(page.getByLabel('E-Mail')).toHaveValue(email)
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click()
  await expect(page.getByText(/Wenn zu dieser Adresse ein Benutzerkonto besteht/)).toBeVisible()
}

/** The mailed reset link's form: the new password, repeated unless `repeat` is null, then "Passwort speichern". */
export const setNewPassword = async (
  page: Page,
  link: string,
  { password, repeat = password }: { password: string; repeat?: string | null },
) => {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(password)
  if (repeat !== null) await page.getByLabel('Neues Passwort bestätigen').fill(repeat)
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
}

/** The form of /pwdchange, filled and sent; the new password is repeated as `repeat` (default: the same). */
export const changePassword = async (
  page: Page,
  { current, next, repeat = next }: { current: string; next: string; repeat?: string },
) => {
  await page.getByLabel(/^Aktuelles Passwort/).fill(current)
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(next)
  await page.getByLabel('Neues Passwort bestätigen').fill(repeat)
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
}
