import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { configureApiAuth } from '#src/api/client.ts'
import { inviteClubUser, withdrawClubInvitation } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { seedClubRoles, seedClubs, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { idTokenFor, sentMails } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const pageOf = (token?: string) =>
  token === undefined ? '/acceptInvitation' : `/acceptInvitation?token=${encodeURIComponent(token)}`

/** Calls the backend as a seed account (before the page is rendered, which wires its own sign-in). */
const as = (email: string) =>
  configureApiAuth({ getIdToken: () => Promise.resolve(idTokenFor(email)), onSessionExpired: () => undefined })

/** The volume club's representative invites `email`; the token of the mail. */
const invite = async (email: string): Promise<string> => {
  as('verein@demo.at')
  await inviteClubUser(seedClubs.volume, { email, clubRoleId: seedClubRoles.kassier })
  return new URL(sentMails()[0]!.link, 'http://x').searchParams.get('token')!
}

const expectNoPasswordForm = () => {
  expect(screen.queryByRole('textbox', { name: /Passwort/ })).not.toBeInTheDocument()
  expect(screen.queryByLabelText(/^Passwort/)).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Benutzerkonto anlegen' })).not.toBeInTheDocument()
}

describe('the invitation page checks its link first (/acceptInvitation)', () => {
  it('says "Kein Token vorhanden" without a token', async () => {
    await renderRoute(pageOf())
    expect(await screen.findByRole('alert')).toHaveTextContent('Kein Token vorhanden')
    expectNoPasswordForm()
  })

  it('shows a valid invitation’s club, role and address above the new-account form', async () => {
    await renderRoute(pageOf(seedInvitations.valid.token))
    const summary = await screen.findByRole('region', { name: 'Ihre Einladung' })
    expect(summary).toHaveTextContent('SV Grünbach 1923')
    expect(summary).toHaveTextContent('Schriftführer/in')
    expect(summary).toHaveTextContent(seedInvitations.valid.email)
    expect(within(summary).getByText('Gültig bis')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Benutzerkonto anlegen' })).toBeInTheDocument()
  })

  it('says an expired invitation has expired, with its club, and shows no form', async () => {
    await renderRoute(pageOf(seedInvitations.expired.token))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Token abgelaufen')
    expect(alert).toHaveTextContent('SV Grünbach 1923')
    expect(alert).toHaveTextContent('noch einmal einzuladen')
    expectNoPasswordForm()
  })

  it('says a used invitation was accepted already and leads to the sign-in', async () => {
    await renderRoute(pageOf(seedInvitations.used.token))
    expect(await screen.findByRole('alert')).toHaveTextContent('Einladung bereits angenommen')
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login')
    expectNoPasswordForm()
  })

  it('says a replaced invitation’s link no longer works', async () => {
    await invite(seedInvitations.valid.email)
    await renderRoute(pageOf(seedInvitations.valid.token))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Einladung ersetzt')
    expect(alert).toHaveTextContent('neuesten Einladungs-E-Mail')
    expectNoPasswordForm()
  })

  it('says a withdrawn invitation was withdrawn', async () => {
    as('verein@demo.at')
    await withdrawClubInvitation(seedClubs.volume, seedInvitations.valid.id)
    await renderRoute(pageOf(seedInvitations.valid.token))
    expect(await screen.findByRole('alert')).toHaveTextContent('Einladung zurückgezogen')
    expectNoPasswordForm()
  })

  it('says an unknown invitation does not exist', async () => {
    await renderRoute(pageOf('gibt-es-nicht'))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nicht gefunden')
    expect(alert).toHaveTextContent('Diese Einladung gibt es nicht.')
    expectNoPasswordForm()
  })
})

describe('an invitation for an address that has an account', () => {
  it('asks to sign in first, and comes back here afterwards', async () => {
    const token = await invite('neu@demo.at')
    await renderRoute(pageOf(token))
    expect(await screen.findByText('Sie haben bereits ein Benutzerkonto')).toBeInTheDocument()
    const href = within(screen.getByRole('main')).getByRole('link', { name: 'Anmelden' }).getAttribute('href') ?? ''
    expect(new URL(href, 'http://x').searchParams.get('redirect')).toBe(pageOf(token))
    expectNoPasswordForm()
  })

  it('lets the signed-in invited person accept, and leads to the club', async () => {
    const token = await invite('neu@demo.at')
    const { user } = await renderRoute(pageOf(token), { signedInAs: 'neu@demo.at' })
    await user.click(await screen.findByRole('button', { name: 'Einladung annehmen' }))
    expect(await screen.findByText('Einladung angenommen')).toBeInTheDocument()
    expect(screen.getByText(/als Kassier\/in beim Verein SV Grünbach 1923 eingetragen/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Übersicht des Vereins' })).toHaveAttribute(
      'href',
      `/home?id=${seedClubs.volume}`,
    )
  })

  it('tells a person signed in with another address, who can sign out', async () => {
    const token = await invite('neu@demo.at')
    const { user } = await renderRoute(pageOf(token), { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Sie sind mit einer anderen E-Mail-Adresse angemeldet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Einladung annehmen' })).not.toBeInTheDocument()
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Abmelden' }))
    expect(await screen.findByText('Sie haben bereits ein Benutzerkonto')).toBeInTheDocument()
  })
})
