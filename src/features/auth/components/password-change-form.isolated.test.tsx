import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '#mocks/node.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const fill = async (
  user: Awaited<ReturnType<typeof renderRoute>>['user'],
  password: string,
  confirmation: string,
  current = 'Demo1234!',
) => {
  if (current) await user.type(screen.getByLabelText(/^Aktuelles Passwort/), current)
  if (password) await user.type(screen.getByLabelText(/^Neues Passwort \*/), password)
  if (confirmation) await user.type(screen.getByLabelText(/^Neues Passwort bestätigen/), confirmation)
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
}

/** Counts the password changes sent to the backend (passing them on). */
const watchPasswordChanges = () => {
  const sent: unknown[] = []
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT' && request.url.endsWith('/users/updateUserPassword')) sent.push(request.url)
  })
  return sent
}

const open = async () => {
  const view = await renderRoute('/pwdchange', { offlineAuth: true, signedInAs: 'staff@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' })
  return view
}

afterEach(() => {
  vi.useRealTimers()
  server.events.removeAllListeners('request:start')
})

describe('the password change (/pwdchange)', () => {
  it('requires the current password, a new one of at least 8 characters and its repetition', async () => {
    const { user } = await open()
    const current = screen.getByLabelText(/^Aktuelles Passwort/)
    expect(current).toHaveAttribute('type', 'password')
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    await fill(user, '', '', '')
    expect(await screen.findByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte wiederholen Sie das Passwort.')).toBeInTheDocument()

    await fill(user, '1234567', '1234567')
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument()
  })

  it('wants a new password that differs from the current one', async () => {
    const { user } = await open()
    await fill(user, 'Demo1234!', 'Demo1234!')
    expect(await screen.findByText('Das neue Passwort muss sich vom aktuellen unterscheiden.')).toBeInTheDocument()
  })

  it('says so next to the field when the current password is wrong, and sends nothing', async () => {
    const sent = watchPasswordChanges()
    const { user, auth } = await open()
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1', 'Falsch-1234')
    const current = screen.getByLabelText(/^Aktuelles Passwort/)
    expect(await screen.findByText('Das Passwort ist nicht korrekt.')).toBeInTheDocument()
    expect(current).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(current).toHaveFocus())
    expect(sent).toEqual([])
    expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveValue('Neues-Passwort-1')
    expect(auth.getUser()?.email).toBe('staff@demo.at')
    // The old password still works.
    await expect(auth.signIn('staff@demo.at', 'Demo1234!')).resolves.toMatchObject({ email: 'staff@demo.at' })
  })

  it('says so when the current password cannot be checked (no connection), and sends nothing', async () => {
    const sent = watchPasswordChanges()
    const { user } = await open()
    server.use(http.post('*/__mock/identity/signIn', () => HttpResponse.error()))
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    expect(await screen.findByRole('alert')).toHaveTextContent('Das aktuelle Passwort konnte nicht geprüft werden')
    expect(screen.getByRole('alert')).toHaveTextContent('Es besteht keine Verbindung.')
    expect(sent).toEqual([])
  })

  it('confirms the current password even on an old sign-in, so the backend takes the change', async () => {
    const { user, router } = await open()
    // The sign-in is six minutes old: the backend refuses a password change without a recent one.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 6 * 60_000)
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says so next to the field when the backend finds the current password wrong, and keeps the entries', async () => {
    server.use(
      http.put('*/api/backend/v1/users/updateUserPassword', () =>
        HttpResponse.json(
          {
            type: 'https://vereinsportal.at/problems/current-password-wrong',
            title: 'Bad Request',
            status: 400,
            errors: [{ field: 'currentPassword', message: 'Not the current password.', code: 'wrong' }],
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user, auth } = await open()
    await fill(user, 'Neues-Passwort-1', 'Neues-Passwort-1')
    const current = screen.getByLabelText(/^Aktuelles Passwort/)
    expect(await screen.findByText('Das Passwort ist nicht korrekt.')).toBeInTheDocument()
    expect(current).toHaveAttribute('aria-invalid', 'true')
    expect(current).toHaveValue('Demo1234!')
    expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveValue('Neues-Passwort-1')
    expect(screen.queryByText('Fehler beim Ändern des Passworts')).not.toBeInTheDocument()
    expect(auth.getUser()?.email).toBe('staff@demo.at')
  })

  it('refuses a common password with the backend’s German message under the field', async () => {
    const { user, auth } = await open()
    await fill(user, 'Password1', 'Password1')
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveValue('Password1')
    expect(auth.getUser()?.email).toBe('staff@demo.at')
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
