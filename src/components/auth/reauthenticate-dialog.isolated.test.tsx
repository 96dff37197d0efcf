import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthError } from '#src/lib/auth/auth-service.ts'
import { requestReauthentication } from '#src/lib/auth/reauthentication.ts'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { renderComponent, renderRoute } from '#tests/utils/render.tsx'
import { createTestAuth } from '#tests/utils/test-auth.ts'
import { ReauthenticationHost } from './reauthentication-host.tsx'

/** More than the five minutes the backend allows between sign-in and a change of the bank details. */
const SIX_MINUTES = 6 * 60_000
const NEW_IBAN = 'AT611904300234573201'
/** How the form shows it: in groups of four, as on a bank card. */
const NEW_IBAN_SHOWN = 'AT61 1904 3002 3457 3201'

afterEach(() => {
  vi.useRealTimers()
})

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' })

const retype = async (user: UserEvent, label: string, value: string) => {
  await user.clear(field(label))
  await user.type(field(label), value)
}

/**
 * verein@demo.at signed in with the real offline provider; the sign-in is then six minutes old (the token
 * itself still valid), and the IBAN and the short description are changed and saved.
 */
const saveNewBankDetailsOnAnOldSignIn = async () => {
  const view = await renderRoute(`/club/${seedClubs.volume}/false`, {
    offlineAuth: true,
    signedInAs: 'verein@demo.at',
  })
  await screen.findByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + SIX_MINUTES)
  await retype(view.user, 'IBAN', NEW_IBAN)
  await retype(view.user, 'Kurzbeschreibung', 'Fußball für alle im Ort.')
  // The seed leaves this one open; with it the profile is complete and saves without asking.
  await view.user.selectOptions(screen.getByLabelText(/^Ausweisart/), 'Reisepass')
  await view.user.click(screen.getByRole('button', { name: 'Speichern' }))
  const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
  return { ...view, dialog }
}

describe('the reauthentication dialog', () => {
  it('asks for the password when a change needs a recent sign-in, then saves what was typed', async () => {
    const { user, dialog } = await saveNewBankDetailsOnAnOldSignIn()
    expect(dialog).toHaveTextContent('Für diese Änderung brauchen wir Ihr Passwort noch einmal.')
    const password = within(dialog).getByLabelText(/^Passwort/)
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    await waitFor(() => expect(password).toHaveFocus())
    // The request waits for the person: no loading overlay over the dialog.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument()

    // Empty, then wrong: said next to the field, the dialog stays.
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    expect(await within(dialog).findByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument()
    await user.type(password, 'Falsch-1234')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    expect(await within(dialog).findByText('Das Passwort ist nicht korrekt.')).toBeInTheDocument()
    expect(password).toHaveAttribute('aria-invalid', 'true')

    await user.clear(password)
    await user.type(password, 'Demo1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Vereinsdaten wurden aktualisiert')).toBeInTheDocument()
    expect(field('IBAN')).toHaveValue(NEW_IBAN_SHOWN)
    expect(field('Kurzbeschreibung')).toHaveValue('Fußball für alle im Ort.')
  })

  it('"Abbrechen" lets the change fail with a message that says why, and keeps what was typed', async () => {
    const { user, dialog, auth } = await saveNewBankDetailsOnAnOldSignIn()
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      await screen.findByText('Die Änderung wurde nicht gespeichert: Die Anmeldung wurde nicht bestätigt.'),
    ).toBeInTheDocument()
    expect(field('IBAN')).toHaveValue(NEW_IBAN_SHOWN)
    expect(field('Kurzbeschreibung')).toHaveValue('Fußball für alle im Ort.')
    // Still signed in: a refused old sign-in is not an ended session.
    expect(auth.getUser()?.email).toBe('verein@demo.at')
  })

  it('Escape cancels too', async () => {
    const { user } = await saveNewBankDetailsOnAnOldSignIn()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      await screen.findByText('Die Änderung wurde nicht gespeichert: Die Anmeldung wurde nicht bestätigt.'),
    ).toBeInTheDocument()
    expect(field('IBAN')).toHaveValue(NEW_IBAN_SHOWN)
  })

  it.each([
    ['too-many-requests', 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.'],
    ['network', 'Es besteht keine Verbindung. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.'],
  ] as const)('says so when the provider answers %s, and lets the person try again', async (code, message) => {
    const service = createTestAuth('verein@demo.at')
    const reauthenticate = vi.spyOn(service, 'reauthenticate').mockRejectedValueOnce(new AuthError(code))
    const { user } = await renderComponent(<ReauthenticationHost />, { authService: service })

    const answer = requestReauthentication()
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    await user.type(within(dialog).getByLabelText(/^Passwort/), 'Demo1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)

    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    await expect(answer).resolves.toBe(true)
    expect(reauthenticate).toHaveBeenCalledTimes(2)
    expect(reauthenticate).toHaveBeenLastCalledWith('Demo1234!')
  })

  it('answers every request waiting at the same time with one question, and starts empty next time', async () => {
    const { user } = await renderComponent(<ReauthenticationHost />, { signedInAs: 'verein@demo.at' })
    const first = requestReauthentication()
    const second = requestReauthentication()
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    await user.type(within(dialog).getByLabelText(/^Passwort/), 'Demo1234!')
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }))
    await expect(Promise.all([first, second])).resolves.toEqual([true, true])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const third = requestReauthentication()
    const again = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    expect(within(again).getByLabelText(/^Passwort/)).toHaveValue('')
    await user.click(within(again).getByRole('button', { name: 'Abbrechen' }))
    await expect(third).resolves.toBe(false)
  })

  it('cancels when the user is signed out meanwhile, and does not hold requests when no dialog is mounted', async () => {
    const { auth } = await renderComponent(<ReauthenticationHost />, { signedInAs: 'verein@demo.at' })
    const answer = requestReauthentication()
    await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
    await auth.signOut()
    await expect(answer).resolves.toBe(false)
  })
})

describe('without the dialog', () => {
  it('a request for reauthentication is refused at once', async () => {
    await expect(requestReauthentication()).resolves.toBe(false)
  })
})
