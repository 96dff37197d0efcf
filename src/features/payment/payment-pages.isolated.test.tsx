import { waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { configureApiAuth } from '#src/api/client.ts'
import { createOnboardingLink, createPaymentAccount } from '#src/api/generated/query/endpoints/payments/payments.ts'
import { idTokenFor } from '#mocks/testing.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'
import { providerRedirect } from '#src/components/payment/provider-redirect.ts'

const HALLEIN = 'club-mv-hallein' // verein@demo.at's club, account in onboarding
const GRUENBACH = 'club-sv-gruenbach' // verein@demo.at's club, account active
const TULLN = 'club-ff-tulln' // account rejected

/** Lets the test call the backend as `email` (a render afterwards wires its own sign-in). */
const actAs = async (email: string) =>
  configureApiAuth({ getIdToken: () => Promise.resolve(idTokenFor(email)), onSessionExpired: () => undefined })

/** What the simulated provider does when the person submits (`/__mock/provider/submit`). */
const submitAtProvider = async (url: string, outcome: 'COMPLETE' | 'PARTIAL') => {
  const link = new URL(url).searchParams.get('link')
  // eslint-disable-next-line no-restricted-globals -- the test plays the third-party provider, not the app
  const response = await fetch(new URL('/__mock/provider/submit', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ link, outcome }),
  })
  return ((await response.json()) as { redirectTo: string }).redirectTo
}

describe('/payment', () => {
  it('asks an anonymous visitor to sign in and come back', async () => {
    await renderRoute(`/payment?clubId=${HALLEIN}`)
    const prompt = await screen.findByRole('region', { name: 'Bitte melden Sie sich an' })
    expect(within(prompt).getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/payment?clubId=${HALLEIN}`)}`,
    )
  })

  it('says when no club is named', async () => {
    await renderRoute('/payment', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Es wurde kein Verein angegeben.')).toBeInTheDocument()
  })

  it('makes a fresh onboarding link and hands over to the provider', async () => {
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => undefined)
    const { user } = await renderRoute(`/payment?clubId=${HALLEIN}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Identität der vertretungsberechtigten Person')).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kartenzahlung für Musikverein Hallein einrichten' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' }))
    await waitFor(() => expect(go).toHaveBeenCalledWith(expect.stringContaining('/__mock/provider/onboarding?link=')))
    expect(screen.getByRole('link', { name: 'Weiter zum Zahlungsanbieter' })).toHaveAttribute(
      'href',
      go.mock.calls[0]![0],
    )
  })

  it('names the club it is about: a representative of two clubs does not have to guess', async () => {
    await renderRoute(`/payment?clubId=${GRUENBACH}`, { signedInAs: 'verein@demo.at' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kartenzahlung für SV Grünbach 1923 einrichten' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Damit SV Grünbach 1923 Spenden per Karte annehmen kann/)).toBeInTheDocument()
    expect(screen.queryByText(/Musikverein Hallein/)).not.toBeInTheDocument()
  })

  it('tells a club with an active account that nothing is left to do', async () => {
    await renderRoute(`/payment?clubId=${GRUENBACH}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Das Zahlungskonto ist bereits eingerichtet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Weiter zum Zahlungsanbieter' })).not.toBeInTheDocument()
  })

  it('shows a rejected account with its reason', async () => {
    await renderRoute(`/payment?clubId=${TULLN}`, { signedInAs: 'admin@demo.at' })
    expect(await screen.findByText('Das Zahlungskonto ist deaktiviert.')).toBeInTheDocument()
    expect(screen.getByText(/^Grund: /)).toBeInTheDocument()
  })

  it('refuses the club of somebody else', async () => {
    await renderRoute(`/payment?clubId=${HALLEIN}`, { signedInAs: 'neu@demo.at' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Kein Zugriff')
    expect(alert).toHaveTextContent('Das Zahlungskonto eines Vereins sehen nur seine Vertreter/innen')
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })
})

describe('/payment/return', () => {
  const BREGENZ = 'club-kv-bregenz' // active, no account yet: the administrator creates one first

  it('re-checks the account and lists what is still missing, in German', async () => {
    await actAs('admin@demo.at')
    await createPaymentAccount(BREGENZ)
    await renderRoute(`/payment/return?clubId=${BREGENZ}`, { signedInAs: 'admin@demo.at' })
    expect(await screen.findByText('Die Einrichtung ist noch nicht abgeschlossen.')).toBeInTheDocument()
    const missing = screen.getByRole('list', { name: 'Noch offene Angaben' })
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Angaben zum Verein',
      'Identität der vertretungsberechtigten Person',
      'Bankkonto für Auszahlungen',
      'Zustimmung zu den Bedingungen des Zahlungsanbieters',
    ])
    expect(screen.getByRole('button', { name: 'Einrichtung fortsetzen' })).toBeInTheDocument()
  })

  it('does not trust the redirect: after part of the details only the rest is listed', async () => {
    await actAs('admin@demo.at')
    const created = await createPaymentAccount(BREGENZ)
    const back = await submitAtProvider(created.url, 'PARTIAL')
    expect(back).toContain(`/payment/return?clubId=${BREGENZ}`)
    await renderRoute(`/payment/return?clubId=${BREGENZ}`, { signedInAs: 'admin@demo.at' })
    const missing = await screen.findByRole('list', { name: 'Noch offene Angaben' })
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Identität der vertretungsberechtigten Person', 'Bankkonto für Auszahlungen'])
  })

  it('says the setup is complete once the provider has everything, with the way back to the club as the main action', async () => {
    await actAs('verein@demo.at')
    const link = await createOnboardingLink(HALLEIN)
    await submitAtProvider(link.url, 'COMPLETE')
    await renderRoute(`/payment/return?clubId=${HALLEIN}`, { signedInAs: 'verein@demo.at' })
    expect(await screen.findByText('Die Einrichtung ist abgeschlossen.')).toBeInTheDocument()
    expect(await screen.findByText(/^Die Kartenzahlung für Musikverein Hallein ist eingerichtet/)).toBeInTheDocument()
    expect(screen.getByText('Wir prüfen den Stand des Zahlungskontos von Musikverein Hallein.')).toBeInTheDocument()
    // One main action, back to the club, first; the explanation of what comes next is named as such.
    const [main, aside, ...rest] = within(screen.getByRole('main')).getAllByRole('link')
    expect(rest).toEqual([])
    expect(main).toHaveAccessibleName('Zur Vereinsübersicht')
    expect(main).toHaveAttribute('href', `/home?id=${HALLEIN}`)
    expect(aside).toHaveAccessibleName('Wie es weitergeht')
    expect(aside).toHaveAttribute('href', `/success?from=payment&clubId=${HALLEIN}`)
    expect(aside!.className).not.toBe(main!.className)
    expect(screen.queryByRole('link', { name: 'Weiter' })).not.toBeInTheDocument()
  })

  it('asks an anonymous visitor to sign in', async () => {
    await renderRoute(`/payment/return?clubId=${HALLEIN}`)
    expect(await screen.findByRole('region', { name: 'Bitte melden Sie sich an' })).toBeInTheDocument()
  })
})
