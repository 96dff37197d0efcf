import type { Page } from '@playwright/test'
import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { signOut } from '#tests/journeys/account.ts'
import { accounts, expect, test } from '#tests/journeys/fixtures.ts'
import {
  acceptInvitationWithAccount,
  askToRemoveMember,
  inviteToClub,
  memberRow,
  membersOf,
  resendInvitation,
  withdrawInvitation,
} from '#tests/journeys/members.ts'

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
  const mail = await inviteToClub(page, accounts.newUser, 'Kassier/in')
  await signOut(page)

  // The invited person opens the link: an account exists, so they sign in instead of registering.
  await acceptInvitationWithAccount(page, {
    link: mail.link,
    email: accounts.newUser,
    onStep: async (step) => {
      if (step === 'sign-in') await noPasswordForm(page)
    },
  })
  await page.getByRole('link', { name: 'Zur Übersicht des Vereins' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'SV Grünbach 1923' })).toBeVisible()
  // Both clubs are theirs now.
  await expect(page.getByLabel('Aktiver Verein').locator('option')).toHaveCount(2)
})

test.describe('a representative manages members and invitations', () => {
  test.use({ signedInRole: 'user' })

  test('withdraws and resends invitations and removes a member', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)

    // Resend: a new mail with a new link; the old link now says it was replaced.
    const mail = await resendInvitation(page, seedInvitations.valid.email)
    expect(mail.link).not.toContain(seedInvitations.valid.token)
    await expect(memberRow(page, seedInvitations.valid.email)).toHaveCount(1)

    // Withdraw it: the row goes.
    await withdrawInvitation(page, seedInvitations.valid.email, {
      onDialog: (dialog) => expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused(),
    })

    // Remove a member: the row goes, the focus stays in the list.
    const remove = await askToRemoveMember(page, { email: seedInvitations.used.email, name: 'Katharina Kaiser' })
    await remove.getByRole('button', { name: 'Entfernen' }).click()
    await expect(page.getByText('Mitglied wurde entfernt.')).toBeVisible()
    await expect(memberRow(page, seedInvitations.used.email)).toHaveCount(0)
    await expect(membersOf(page).getByRole('group', { name: 'Mitglieder und offene Einladungen' })).toBeFocused()

    // The links: the first one was replaced, the resent one withdrawn.
    await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
    await expect(page.getByRole('alert')).toContainText('Einladung ersetzt')
    await page.goto(mail.link)
    await expect(page.getByRole('alert')).toContainText('Einladung zurückgezogen')
    await noPasswordForm(page)
  })
})
