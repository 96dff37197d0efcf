import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute, screen } from '#tests/utils/render.tsx'

describe('Start page', () => {
  it('welcomes visitors with the sign-in and registration entries', async () => {
    await renderRoute('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen im Vereinsportal' })).toBeInTheDocument()
    const signIn = screen.getByRole('region', { name: 'Schon registriert?' })
    expect(within(signIn).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Verein registrieren' })).toHaveAttribute('href', '/register_organisation')
  })

  it('carries the guard’s redirect on to the sign-in', async () => {
    await renderRoute(`/?redirect=${encodeURIComponent('/admin?tab=logo')}`)
    const signIn = await screen.findByRole('region', { name: 'Bitte melden Sie sich an' })
    expect(within(signIn).getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/admin?tab=logo')}`,
    )
  })

  it('sends a signed-in user to the dashboard instead', async () => {
    await renderRoute('/', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/home')
  })
})

describe('Success page', () => {
  it('explains the next steps after a registration', async () => {
    await renderRoute('/success?from=registration')
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrierung abgeschlossen' })).toBeInTheDocument()
    const steps = screen.getByRole('list', { name: 'Nächste Schritte' })
    expect(within(steps).getByText('E-Mail-Adresse bestätigen')).toBeInTheDocument()
    expect(within(steps).getByText('Profil vervollständigen')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login')
  })

  it('says whose card payment was set up and leads back to that club', async () => {
    await renderRoute('/success?from=payment&clubId=club-mv-hallein', { signedInAs: 'verein@demo.at' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kartenzahlung für Musikverein Hallein eingerichtet' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Musikverein Hallein kann jetzt Spenden per Karte annehmen/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Registrierung/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Vereinsübersicht' })).toHaveAttribute(
      'href',
      '/home?id=club-mv-hallein',
    )
  })

  it('still says what succeeded to a visitor who is signed out', async () => {
    await renderRoute('/success?from=payment&clubId=club-mv-hallein')
    expect(await screen.findByRole('heading', { level: 1, name: 'Kartenzahlung eingerichtet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login')
  })
})
