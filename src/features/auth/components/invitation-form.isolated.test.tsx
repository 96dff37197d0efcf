import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { configureApiAuth } from '#src/api/client.ts'
import { createUser } from '#src/api/generated/query/endpoints/users/users.ts'
import { seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { server } from '#mocks/node.ts'
import { idTokenFor } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

type User = Awaited<ReturnType<typeof renderRoute>>['user']

/** The page of a valid invitation for an address without an account: once checked, the form shows. */
const open = async (token: string) => {
  const view = await renderRoute(`/acceptInvitation?token=${encodeURIComponent(token)}`)
  await screen.findByRole('button', { name: 'Benutzerkonto anlegen' })
  return view
}

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

describe('registering through an invitation (/acceptInvitation, no account yet)', () => {
  it('asks for every field in German', async () => {
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, {})
    expect(await screen.findByText('Bitte geben Sie Ihren Vornamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihren Nachnamen ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()
  })

  it('shows the backend’s refusal of a common password in German under the field, keeping the entries', async () => {
    const { user } = await open(seedInvitations.valid.token)
    await fill(user, { ...complete, password: 'Football1', confirmation: 'Football1' })
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Passwort \*/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Eva')
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
    expect(screen.getByText(new RegExp(`mit ${seedInvitations.valid.email} und Ihrem Passwort`))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login')
    expect(auth.getUser()).toBeNull()
  })

  it('says "User ist bereits vorhanden" when the address got an account meanwhile, and leads to the sign-in', async () => {
    const { user } = await open(seedInvitations.valid.token)
    // An administrator creates an account for the invited address while the form is open.
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
    configureApiAuth({ getIdToken: () => Promise.resolve(null), onSessionExpired: () => undefined })
    await fill(user, complete)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('User ist bereits vorhanden')
    // Back to this page after signing in, where the account accepts the invitation.
    const href = screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href') ?? ''
    expect(new URL(href, 'http://x').pathname).toBe('/login')
    expect(new URL(href, 'http://x').searchParams.get('redirect')).toBe(
      `/acceptInvitation?token=${seedInvitations.valid.token}`,
    )
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
