import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '#mocks/node.ts'
import { sentMails } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const openForgotPassword = async (typedEmail = '') => {
  const view = await renderRoute('/login', { offlineAuth: true })
  if (typedEmail) await view.user.type(screen.getByLabelText(/^E-Mail/), typedEmail)
  await view.user.click(screen.getByRole('button', { name: 'Passwort vergessen?' }))
  await screen.findByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })
  return view
}

const NEUTRAL = /Wenn zu dieser Adresse ein Benutzerkonto besteht/

describe('"Passwort vergessen?"', () => {
  it('takes over the address typed into the sign-in form', async () => {
    await openForgotPassword('verein@demo.at')
    expect(screen.getByLabelText(/^E-Mail/)).toHaveValue('verein@demo.at')
  })

  it('asks for the address (spec §5)', async () => {
    const { user } = await openForgotPassword()
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }))
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeInTheDocument()
  })

  it('confirms neutrally and has the portal mail its own German reset link to an existing account', async () => {
    const { user } = await openForgotPassword('verein@demo.at')
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }))
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument()
    const [mail] = sentMails()
    expect(mail).toMatchObject({ to: 'verein@demo.at', kind: 'PASSWORD_RESET', subject: 'Passwort zurücksetzen' })
    expect(mail!.link).toMatch(/^\/login\?mode=resetPassword&oobCode=/)
  })

  it('says the same for an address without an account, and sends nothing', async () => {
    const { user } = await openForgotPassword('niemand@demo.at')
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }))
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument()
    expect(sentMails()).toEqual([])
  })

  it('says "Fehler beim Zurücksetzen des Passworts" when the request fails', async () => {
    server.use(
      http.post('*/api/backend/v1/users/password-reset', () =>
        HttpResponse.json(
          { type: 'https://vereinsportal.at/problems/internal', status: 500, title: 'Internal Server Error' },
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = await openForgotPassword('verein@demo.at')
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Zurücksetzen des Passworts')
    expect(screen.getByLabelText(/^E-Mail/)).toHaveValue('verein@demo.at')
  })

  it('says to wait a moment when the server rate-limits password resets (429)', async () => {
    server.use(
      http.post('*/api/backend/v1/users/password-reset', () =>
        HttpResponse.json(
          { type: 'https://vereinsportal.at/problems/too-many-requests', status: 429, title: 'Too Many Requests' },
          { status: 429, headers: { 'Retry-After': '60' } },
        ),
      ),
    )
    const { user } = await openForgotPassword('verein@demo.at')
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Fehler beim Zurücksetzen des Passworts')
    expect(alert).toHaveTextContent('Zu viele Versuche in kurzer Zeit')
  })

  it('goes back to the sign-in form with the address', async () => {
    const { user } = await openForgotPassword('verein@demo.at')
    await user.click(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^E-Mail/)).toHaveValue('verein@demo.at')
  })
})
