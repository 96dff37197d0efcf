import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { signOut } from '#tests/journeys/account.ts'
import { accounts, expect, test } from '#tests/journeys/fixtures.ts'
import {
  acceptInvitationWithAccount,
  askToRemoveMember,
  inviteToClub,
  membersOf,
  resendInvitation,
  withdrawInvitation,
} from '#tests/journeys/members.ts'
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
  const members = membersOf(page)
  await expect(members.getByTestId('member-row').first()).toBeVisible()
  await shoot(page, 'dashboard-members', { element: members })

  const remove = await askToRemoveMember(page, { email: seedInvitations.used.email, name: 'Katharina Kaiser' })
  await shoot(page, 'dashboard-members-remove', { capture: 'window' })
  await remove.getByRole('button', { name: 'Abbrechen' }).click()

  // Resend the open invitation (its old link is replaced), then withdraw the new one.
  const resent = await resendInvitation(page, seedInvitations.valid.email, {
    onDialog: () => shoot(page, 'dashboard-members-resend', { capture: 'window' }),
  })
  await withdrawInvitation(page, seedInvitations.valid.email)

  // An invitation for an existing account.
  const invitation = await inviteToClub(page, accounts.newUser, 'Kassier/in')
  await signOut(page)

  await page.goto(`/acceptInvitation?token=${seedInvitations.valid.token}`)
  await expect(page.getByRole('alert')).toContainText('Einladung ersetzt')
  await shoot(page, 'accept-invitation-replaced')
  await page.goto(resent.link)
  await expect(page.getByRole('alert')).toContainText('Einladung zurückgezogen')
  await shoot(page, 'accept-invitation-withdrawn')

  const pictures = {
    'sign-in': 'accept-invitation-sign-in',
    'signed-in': 'accept-invitation-account',
    accepted: 'accept-invitation-accepted',
  } as const
  await acceptInvitationWithAccount(page, {
    link: invitation.link,
    email: accounts.newUser,
    onStep: (step) => shoot(page, pictures[step]),
  })
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
