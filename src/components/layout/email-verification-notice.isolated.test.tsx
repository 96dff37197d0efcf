import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOfflineAuth } from '#src/lib/auth/offline-auth.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import { sentMails } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'
import { VERIFIED_NOTICE_MS } from './email-verification-notice.tsx'

/** The code of a fresh confirmation mail for the unconfirmed seed account. */
const verificationCode = async () => {
  const provider = createOfflineAuth({ storage: sessionStorage })
  await provider.signIn('unbestaetigt@demo.at', SEED_PASSWORD)
  await provider.sendEmailVerification()
  await provider.signOut()
  provider.dispose()
  const link = sentMails().find((mail) => mail.kind === 'VERIFY_EMAIL')!.link
  return new URL(link, 'http://localhost').searchParams.get('oobCode')!
}

describe('the e-mail confirmation message (oobCode in the URL)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('confirms the address, shows the green message, then signs out and opens /login after 5 s', async () => {
    const code = await verificationCode()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router, auth } = await renderRoute(`/?mode=verifyEmail&oobCode=${code}`, {
      offlineAuth: true,
      signedInAs: 'unbestaetigt@demo.at',
    })
    expect(await screen.findByText('E-Mail-Adresse bestätigt')).toBeInTheDocument()
    // The spent code leaves the address bar.
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(router.state.location.pathname).toBe('/')

    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_NOTICE_MS))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(auth.getUser()).toBeNull()
    await waitFor(() => expect(screen.queryByText('E-Mail-Adresse bestätigt')).not.toBeInTheDocument())

    // Now the address counts as confirmed.
    await auth.signIn('unbestaetigt@demo.at', SEED_PASSWORD)
    expect(auth.getUser()?.emailVerified).toBe(true)
  })

  it('explains a used or unknown code in German', async () => {
    await renderRoute('/login?mode=verifyEmail&oobCode=schon-verwendet', { offlineAuth: true })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('E-Mail-Adresse konnte nicht bestätigt werden')
    expect(alert).toHaveTextContent('ungültig oder wurde bereits verwendet')
  })

  it('leaves reset links to the sign-in page', async () => {
    await renderRoute('/login?mode=resetPassword&oobCode=fuer-das-passwort', { offlineAuth: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeInTheDocument()
    expect(screen.queryByText(/E-Mail-Adresse wird bestätigt|konnte nicht bestätigt werden/)).not.toBeInTheDocument()
  })
})
