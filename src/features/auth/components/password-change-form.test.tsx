import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { renderRoute, screen } from '../../../../tests/utils/render'

const fill = async (user: Awaited<ReturnType<typeof renderRoute>>['user'], password: string, confirmation: string) => {
  if (password) await user.type(screen.getByLabelText(/^Neues Passwort \*/), password)
  if (confirmation) await user.type(screen.getByLabelText(/^Neues Passwort bestätigen/), confirmation)
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
}

const open = async () => {
  const rendered = await renderRoute('/pwdchange', { offlineAuth: true, signedInAs: 'staff@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' })
  return rendered
}

describe('the password change (/pwdchange)', () => {
  it('requires a password of at least 8 characters and its repetition', async () => {
    const { user } = await open()
    await fill(user, '', '')
    expect(await screen.findByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()

    await fill(user, '1234567', '1234567')
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()
  })

  it('says when the entries differ', async () => {
    const { user } = await open()
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-9')
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument()
  })

  it('says "Fehler beim Ändern des Passworts" when the backend refuses, and keeps the entries', async () => {
    server.use(
      http.put('*/api/backend/v1/users/updateUserPassword', () =>
        HttpResponse.json(
          { type: 'https://vereinsportal.at/problems/internal', title: 'Internal Server Error', status: 500 },
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user, auth } = await open()
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Ändern des Passworts')
    expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveValue('Neues-Passwort-1')
    expect(auth.getUser()?.email).toBe('staff@demo.at')
  })

  it('changes the password, signs out and asks to sign in again', async () => {
    const { user, router, auth } = await open()
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(auth.getUser()).toBeNull()
    expect(await screen.findByText('Passwort geändert')).toBeInTheDocument()
    expect(
      screen.getByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort erneut an.'),
    ).toBeInTheDocument()

    // The old password no longer works, the new one does.
    await auth.signIn('staff@demo.at', 'Neues-Passwort-1')
    await expect(auth.signIn('staff@demo.at', 'Demo1234!')).rejects.toMatchObject({ code: 'invalid-credential' })
  })
})
