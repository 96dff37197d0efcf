import type { Page } from '@playwright/test'
import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { accounts, expect, latestMail, signIn, test } from './fixtures.ts'

/** Invitations and members: the link's state before any password, existing accounts, withdraw, resend, remove. */
const VOLUME = 'club-sv-gruenbach'

const noPasswordForm = async (page: Page) => {
  await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Benutzerkonto anlegen' })).toHaveCount(0)
}

test('an expired or used invitation link says so without a password form', async ({ page }) => {
  await page.goto(`/acceptInvitation?token=${seedInvitations.expired.token}`)
  const expired = page.getByRole('alert')
  await expect(expired).toContainText('Token abgelaufen')
  await expect(expired).toContainText('SV Grünbach 1923')
  await noPasswordForm(page)

  await page.goto(`/acceptInvitation?token=${seedInvitations.used.token}`)
  await expect(page.getByRole('alert')).toContainText('Einladung bereits angenommen')
  await noPasswordForm(page)

  await page.goto('/acceptInvitation?token=gibt-es-nicht')
  await expect(page.getByRole('alert')).toContainText('Diese Einladung gibt es nicht.')
  await noPasswordForm(page)

  // A valid one names the club and the invited address above the form.
  await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
  const summary = page.getByRole('region', { name: 'Ihre Einladung' })
  await expect(summary).toContainText('SV Grünbach 1923')
  await expect(summary).toContainText(seedInvitations.valid.email)
  await expect(page.getByRole('button', { name: 'Benutzerkonto anlegen' })).toBeVisible()
})

test('an existing account accepts an invitation to a second club', async ({ page, signedInAs }) => {
  await signedInAs('user')
  await page.goto(`/home?id=${VOLUME}`)
  const form = page.getByRole('form', { name: 'Person einladen' })
  await form.getByLabel('E-Mail-Adresse').fill(accounts.newUser)
  await form.getByLabel('Rolle im Verein').selectOption({ label: 'Kassier/in' })
  await form.getByRole('button', { name: 'Einladung senden' }).click()
  await expect(page.getByText(`Einladung an ${accounts.newUser} wurde versendet.`)).toBeVisible()
  const mail = await latestMail(page, accounts.newUser, 'INVITATION')
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login/)

  // The invited person opens the link: an account exists, so they sign in instead of registering.
  await page.goto(mail.link)
  await expect(page.getByText('Sie haben bereits ein Benutzerkonto')).toBeVisible()
  await noPasswordForm(page)
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click()
  await signIn(page, accounts.newUser)
  await expect(page).toHaveURL(/\/acceptInvitation\?token=/)
  await page.getByRole('button', { name: 'Einladung annehmen' }).click()
  await expect(page.getByText('Einladung angenommen')).toBeVisible()
  await page.getByRole('link', { name: 'Zur Übersicht des Vereins' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'SV Grünbach 1923' })).toBeVisible()
  // Both clubs are theirs now.
  await expect(page.getByLabel('Aktiver Verein').locator('option')).toHaveCount(2)
})

test.describe('a representative manages members and invitations', () => {
  test.use({ signedInRole: 'user' })

  test('withdraws and resends invitations and removes a member', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const members = page.getByRole('region', { name: 'Mitglieder' })
    const rowOf = (text: string) => members.getByTestId('member-row').filter({ hasText: text })

    // Resend: a new mail with a new link; the old link now says it was replaced.
    await rowOf(seedInvitations.valid.email)
      .getByRole('button', { name: `Einladung an ${seedInvitations.valid.email} erneut senden` })
      .click()
    const resend = page.getByRole('dialog', { name: 'Einladung erneut senden?' })
    await resend.getByRole('button', { name: 'Erneut senden' }).click()
    await expect(page.getByText(/wurde erneut versendet/)).toBeVisible()
    const mail = await latestMail(page, seedInvitations.valid.email, 'INVITATION')
    expect(mail.link).not.toContain(seedInvitations.valid.token)
    await expect(rowOf(seedInvitations.valid.email)).toHaveCount(1)

    // Withdraw it: the row goes.
    await rowOf(seedInvitations.valid.email)
      .getByRole('button', { name: `Einladung an ${seedInvitations.valid.email} zurückziehen` })
      .click()
    const withdraw = page.getByRole('dialog', { name: 'Einladung zurückziehen?' })
    await expect(withdraw.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
    await withdraw.getByRole('button', { name: 'Zurückziehen' }).click()
    await expect(page.getByText('Einladung wurde zurückgezogen. Ihr Link funktioniert nicht mehr.')).toBeVisible()
    await expect(rowOf(seedInvitations.valid.email)).toHaveCount(0)

    // Remove a member: the row goes, the focus stays in the list.
    await rowOf(seedInvitations.used.email)
      .getByRole('button', { name: 'Katharina Kaiser aus dem Verein entfernen' })
      .click()
    const remove = page.getByRole('dialog', { name: 'Mitglied entfernen?' })
    await remove.getByRole('button', { name: 'Entfernen' }).click()
    await expect(page.getByText('Mitglied wurde entfernt.')).toBeVisible()
    await expect(rowOf(seedInvitations.used.email)).toHaveCount(0)
    await expect(members.getByRole('group', { name: 'Mitglieder und offene Einladungen' })).toBeFocused()

    // The links: the first one was replaced, the resent one withdrawn.
    await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
    await expect(page.getByRole('alert')).toContainText('Einladung ersetzt')
    await page.goto(mail.link)
    await expect(page.getByRole('alert')).toContainText('Einladung zurückgezogen')
    await noPasswordForm(page)
  })
})
