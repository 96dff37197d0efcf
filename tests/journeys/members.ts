import { expect, type Locator, type Page } from '@playwright/test'
import { latestMail, signIn, type Mail } from './fixtures.ts'

/**
 * A club's members and invitations, as the e2e journeys and the screenshot scenes go through them: on the
 * club's dashboard (`/home?id=<club>`), the members list with its open invitations and the invitation form;
 * the invitation link as the invited person opens it.
 */

/** The members section of the club dashboard that is open. */
export const membersOf = (page: Page) => page.getByRole('region', { name: 'Mitglieder' })

/** The row of a member or an open invitation, by a text in it (the address). */
export const memberRow = (page: Page, text: string) =>
  membersOf(page).getByTestId('member-row').filter({ hasText: text })

/** Invites `email` with a role in the club ("Person einladen"); the invitation mail. */
export const inviteToClub = async (page: Page, email: string, role: string): Promise<Mail> => {
  const form = page.getByRole('form', { name: 'Person einladen' })
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByLabel('Rolle im Verein').selectOption({ label: role })
  await form.getByRole('button', { name: 'Einladung senden' }).click()
  await expect(page.getByText(`Einladung an ${email} wurde versendet.`)).toBeVisible()
  return latestMail(page, email, 'INVITATION')
}

interface ConfirmOptions {
  /** Sees the confirmation open, before it is confirmed. */
  onDialog?: (dialog: Locator) => Promise<void>
}

/** Sends the open invitation of `email` again, which replaces its link; the new mail. */
export const resendInvitation = async (page: Page, email: string, { onDialog }: ConfirmOptions = {}) => {
  await memberRow(page, email)
    .getByRole('button', { name: `Einladung an ${email} erneut senden` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Einladung erneut senden?' })
  await expect(dialog).toBeVisible()
  await onDialog?.(dialog)
  await dialog.getByRole('button', { name: 'Erneut senden' }).click()
  await expect(page.getByText(/wurde erneut versendet/)).toBeVisible()
  return latestMail(page, email, 'INVITATION')
}

/** Withdraws the open invitation of `email`: its row goes, its link no longer works. */
export const withdrawInvitation = async (page: Page, email: string, { onDialog }: ConfirmOptions = {}) => {
  await memberRow(page, email)
    .getByRole('button', { name: `Einladung an ${email} zurückziehen` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Einladung zurückziehen?' })
  await expect(dialog).toBeVisible()
  await onDialog?.(dialog)
  await dialog.getByRole('button', { name: 'Zurückziehen' }).click()
  await expect(page.getByText('Einladung wurde zurückgezogen. Ihr Link funktioniert nicht mehr.')).toBeVisible()
  await expect(memberRow(page, email)).toHaveCount(0)
}

/** Asks to remove the member with `email` (the button names them: `name`); the confirmation, still open. */
export const askToRemoveMember = async (page: Page, { email, name }: { email: string; name: string }) => {
  await memberRow(page, email)
    .getByRole('button', { name: `${name} aus dem Verein entfernen` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Mitglied entfernen?' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Where the invited person with an account of their own is: asked to sign in, signed in, accepted. */
export type AcceptStep = 'sign-in' | 'signed-in' | 'accepted'

/**
 * The invited person has an account already: the link asks them to sign in instead of registering; they
 * sign in from there, come back to the invitation and accept it. `onStep` sees each state.
 */
export const acceptInvitationWithAccount = async (
  page: Page,
  { link, email, onStep }: { link: string; email: string; onStep?: (step: AcceptStep) => Promise<void> },
) => {
  await page.goto(link)
  await expect(page.getByText('Sie haben bereits ein Benutzerkonto')).toBeVisible()
  await onStep?.('sign-in')
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/acceptInvitation\?token=/)
  await expect(page.getByRole('button', { name: 'Einladung annehmen' })).toBeVisible()
  await onStep?.('signed-in')
  await page.getByRole('button', { name: 'Einladung annehmen' }).click()
  await expect(page.getByText('Einladung angenommen')).toBeVisible()
  await onStep?.('accepted')
}
