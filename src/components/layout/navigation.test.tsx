import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const signInLink = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' })
  return within(nav).findByRole('link', { name: 'Anmelden' })
}

describe('the header’s "Anmelden"', () => {
  it('comes back to the page that is open', async () => {
    await renderRoute('/payment?clubId=club-mv-hallein')
    expect(await signInLink()).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/payment?clubId=club-mv-hallein')}`,
    )
  })

  it('keeps the redirect the guard put on the start page', async () => {
    await renderRoute(`/?redirect=${encodeURIComponent('/admin?tab=logo')}`)
    expect(await signInLink()).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/admin?tab=logo')}`)
  })

  it('keeps the redirect of the sign-in page itself', async () => {
    await renderRoute(`/login?redirect=${encodeURIComponent('/home?id=club-mv-hallein')}`)
    expect(await signInLink()).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/home?id=club-mv-hallein')}`,
    )
  })

  it('carries no redirect from the plain start page', async () => {
    await renderRoute('/')
    expect(await signInLink()).toHaveAttribute('href', '/login')
  })

  it('drops a redirect to another site', async () => {
    await renderRoute(`/?redirect=${encodeURIComponent('//evil.example/home')}`)
    expect(await signInLink()).toHaveAttribute('href', '/login')
  })
})
