import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { requestPasswordReset } from '#src/api/generated/query/endpoints/users/users.ts'
import { sentMails } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

/** Asks the backend for a reset mail, as "Passwort vergessen?" does, and returns the link's code. */
const resetCodeFor = async (email: string) => {
  await requestPasswordReset({ email })
  const link = sentMails().find((mail) => mail.kind === 'PASSWORD_RESET' && mail.to === email)!.link
  return new URL(link, 'http://localhost').searchParams.get('oobCode')!
}

const openResetLink = (code: string) =>
  renderRoute(`/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`, { offlineAuth: true })

const fill = async (user: Awaited<ReturnType<typeof renderRoute>>['user'], password: string, confirmation: string) => {
  if (password) await user.type(screen.getByLabelText(/^Neues Passwort \*/), password)
  if (confirmation) await user.type(screen.getByLabelText(/^Neues Passwort bestätigen/), confirmation)
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }))
}

describe('setting a new password from a reset link', () => {
  it('asks for a password of at least 8 characters, entered twice', async () => {
    const { user } = await openResetLink('any')
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeInTheDocument()
    await fill(user, '', '')
    expect(await screen.findByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()

    await fill(user, 'kurz', 'kurz')
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()
  })

  it('says when the two entries differ', async () => {
    const { user } = await openResetLink('any')
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-2')
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument()
  })

  it('explains a used or unknown link and offers a new one', async () => {
    const { user } = await openResetLink('unbekannter-code')
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Fehler beim Zurücksetzen des Passworts')
    expect(alert).toHaveTextContent('ungültig oder wurde bereits verwendet')
    await user.click(screen.getByRole('button', { name: 'Neuen Link anfordern' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeInTheDocument()
  })

  it('refuses a common password under the field before the provider sets it; the link stays good', async () => {
    const code = await resetCodeFor('verein@demo.at')
    const { user } = await openResetLink(code)
    await fill(user, 'Password123', 'Password123')
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.'),
    ).toBeInTheDocument()
    const password = screen.getByLabelText(/^Neues Passwort \*/)
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveValue('Password123')

    await user.clear(password)
    await user.clear(screen.getByLabelText(/^Neues Passwort bestätigen/))
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    expect(await screen.findByText('Neues Passwort gespeichert')).toBeInTheDocument()
  })

  it('saves the new password; the user then signs in with it', async () => {
    const code = await resetCodeFor('verein@demo.at')
    const { user, router, auth } = await openResetLink(code)
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    expect(await screen.findByText('Neues Passwort gespeichert')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({})

    await user.type(screen.getByLabelText(/^E-Mail/), 'verein@demo.at')
    await user.type(screen.getByLabelText(/^Passwort/), 'Neues-Passwort-1')
    await user.click(screen.getByRole('button', { name: 'Anmelden' }))
    await waitFor(() => expect(auth.getUser()?.email).toBe('verein@demo.at'))
  })
})
