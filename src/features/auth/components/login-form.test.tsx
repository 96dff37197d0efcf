import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '#mocks/node.ts'
import { sentMails } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const fillAndSubmit = async (
  user: Awaited<ReturnType<typeof renderRoute>>['user'],
  email: string,
  password: string,
) => {
  if (email) await user.type(screen.getByLabelText(/^E-Mail/), email)
  if (password) await user.type(screen.getByLabelText(/^Passwort/), password)
  await user.click(screen.getByRole('button', { name: 'Anmelden' }))
}

describe('the sign-in form', () => {
  it('asks for both fields in German, next to the fields', async () => {
    const { user } = await renderRoute('/login', { offlineAuth: true })
    await fillAndSubmit(user, '', '')
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^E-Mail/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses an address that is not one', async () => {
    const { user } = await renderRoute('/login', { offlineAuth: true })
    await fillAndSubmit(user, 'admin-at-demo', 'Demo1234!')
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument()
  })

  it('says "E-Mail oder Passwort falsch" for a wrong password and keeps what was typed', async () => {
    const { user, auth } = await renderRoute('/login', { offlineAuth: true })
    await fillAndSubmit(user, 'admin@demo.at', 'falsch!!')
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort falsch')
    expect(screen.getByLabelText(/^E-Mail/)).toHaveValue('admin@demo.at')
    expect(screen.getByLabelText(/^Passwort/)).toHaveValue('falsch!!')
    expect(auth.getUser()).toBeNull()
  })

  it('says "Anmeldung fehlgeschlagen" when the provider cannot be reached', async () => {
    server.use(http.post('*/__mock/identity/signIn', () => HttpResponse.error()))
    const { user } = await renderRoute('/login', { offlineAuth: true })
    await fillAndSubmit(user, 'admin@demo.at', 'Demo1234!')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Anmeldung fehlgeschlagen')
    expect(alert).toHaveTextContent('keine Verbindung')
  })

  it('keeps an unconfirmed address out and sends the confirmation mail again', async () => {
    const { user, router } = await renderRoute('/login', { offlineAuth: true })
    await fillAndSubmit(user, 'unbestaetigt@demo.at', 'Demo1234!')
    expect(await screen.findByText('E-Mail Adresse noch nicht bestätigt')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')

    await user.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }))
    expect(
      await screen.findByText('Die Bestätigungs-E-Mail wurde erneut an unbestaetigt@demo.at gesendet.'),
    ).toBeInTheDocument()
    expect(sentMails()[0]).toMatchObject({ to: 'unbestaetigt@demo.at', kind: 'VERIFY_EMAIL' })
  })

  it('goes to the requested page after sign-in', async () => {
    const { user, router } = await renderRoute(`/login?redirect=${encodeURIComponent('/home?id=club-sv-gruenbach')}`, {
      offlineAuth: true,
    })
    await fillAndSubmit(user, 'verein@demo.at', 'Demo1234!')
    await waitFor(() => expect(router.state.location.href).toBe('/home?id=club-sv-gruenbach'))
  })

  it('never follows a redirect off the site: /home instead', async () => {
    const { user, router } = await renderRoute(`/login?redirect=${encodeURIComponent('https://evil.example/')}`, {
      offlineAuth: true,
    })
    await fillAndSubmit(user, 'verein@demo.at', 'Demo1234!')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('tells a signed-in user who they are', async () => {
    await renderRoute('/login', { offlineAuth: true, signedInAs: 'staff@demo.at' })
    expect(await screen.findByText(/Sie sind als staff@demo.at angemeldet/)).toBeInTheDocument()
  })
})
