import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { configureApiAuth } from '@/api/client'
import { createUser } from '@/api/generated/query/endpoints/users/users'
import { seedInvitations } from '@mocks/db/seed-accounts'
import { server } from '@mocks/node'
import { idTokenFor } from '@mocks/testing'
import { renderRoute, screen } from '../../../../tests/utils/render'

type User = Awaited<ReturnType<typeof renderRoute>>['user']

const open = (token?: string) =>
  renderRoute(token === undefined ? '/acceptInvitation' : `/acceptInvitation?token=${encodeURIComponent(token)}`)

const fill = async (
  user: User,
  values: { firstName?: string; lastName?: string; password?: string; confirmation?: string },
) => {
  if (values.firstName) await user.type(screen.getByLabelText(/^Vorname/), values.firstName)
  if (values.lastName) await user.type(screen.getByLabelText(/^Nachname/), values.lastName)
  if (values.password) await user.type(screen.getByLabelText(/^Passwort \*/), values.password)
  if (values.confirmation) await user.type(screen.getByLabelText(/^Passwort bestätigen/), values.confirmation)
  await user.click(screen.getByRole('button', { name: 'Benutzerkonto anlegen' }))
}

const complete = { firstName: 'Eva', lastName: 'Eingeladen', password: 'Sicher-1234', confirmation: 'Sicher-1234' }

describe('accepting an invitation (/acceptInvitation)', () => {
  it('says "Kein Token vorhanden" without a token and shows no form', async () => {
    await open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Kein Token vorhanden')
    expect(screen.queryByRole('button', { name: 'Benutzerkonto anlegen' })).not.toBeInTheDocument()
  })

  it('asks for every field in German', async () => {
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, {})
    expect(await screen.findByText('Bitte geben Sie Ihren Vornamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Nachnamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()
  })

  it('refuses a short password and differing entries', async () => {
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, { ...complete, password: 'kurz', confirmation: 'kurz' })
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()
    await user.clear(screen.getByLabelText(/^Passwort \*/))
    await user.clear(screen.getByLabelText(/^Passwort bestätigen/))
    await fill(user, { password: 'Sicher-1234', confirmation: 'Sicher-4321' })
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument()
  })

  it('registers the invited person, who can then sign in', async () => {
    const { user, auth } = await open(seedInvitations.valid.token)
    await fill(user, complete)
    expect(await screen.findByText('Willkommen im Vereinsportal!')).toBeInTheDocument()
    expect(screen.getByText(new RegExp(seedInvitations.valid.email))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login')
    expect(auth.getUser()).toBeNull()
  })

  it('says "Token abgelaufen" for an expired invitation and keeps the entries', async () => {
    const { user } = await open(seedInvitations.expired.token)
    await fill(user, complete)
    expect(await screen.findByRole('alert')).toHaveTextContent('Token abgelaufen')
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Eva')
  })

  it('says the invitation was accepted already for a used token', async () => {
    const { user } = await open(seedInvitations.used.token)
    await fill(user, complete)
    expect(await screen.findByRole('alert')).toHaveTextContent('Einladung bereits angenommen')
  })

  it('says the invitation does not exist for an unknown token', async () => {
    const { user } = await open('gibt-es-nicht')
    await fill(user, complete)
    expect(await screen.findByRole('alert')).toHaveTextContent('Einladung nicht gefunden')
  })

  it('says "User ist bereits vorhanden" when the address has an account already', async () => {
    // An administrator created an account for the invited address in the meantime.
    configureApiAuth({
      getIdToken: () => Promise.resolve(idTokenFor('admin@demo.at')),
      onSessionExpired: () => undefined,
    })
    await createUser({
      email: seedInvitations.valid.email,
      password: 'Vorher-1234',
      firstName: 'Eva',
      lastName: 'Vorher',
      role: 'ROLE_USER',
    })
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, complete)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('User ist bereits vorhanden')
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeInTheDocument()
  })

  it('says "Zu viele Versuche" when the server rate-limits this address (429), and keeps the entries', async () => {
    server.use(
      http.post('*/api/backend/v1/users/registerViaInvite', () =>
        HttpResponse.json(
          {
            type: 'https://vereinsportal.at/problems/too-many-requests',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Too many requests from this client; retry in 1 minute.',
          },
          { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '60' } },
        ),
      ),
    )
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, complete)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Zu viele Versuche')
    expect(alert).toHaveTextContent('Bitte warten Sie einen Moment')
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Eva')
  })
})
