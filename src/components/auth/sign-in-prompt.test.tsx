import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute, screen } from '#tests/utils/render.tsx'

describe('the start page sign-in entry', () => {
  it('carries the guard’s redirect on to /login', async () => {
    await renderRoute(`/?redirect=${encodeURIComponent('/club/club-sv-gruenbach/false?x=1')}`)
    const prompt = await screen.findByRole('region', { name: 'Bitte melden Sie sich an' })
    expect(within(prompt).getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/club/club-sv-gruenbach/false?x=1')}`,
    )
  })

  it('drops a redirect that leaves the site', async () => {
    await renderRoute(`/?redirect=${encodeURIComponent('//evil.example')}`)
    const prompt = await screen.findByRole('region', { name: 'Schon registriert?' })
    expect(within(prompt).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login')
  })

  it('is not shown to a signed-in user', async () => {
    await renderRoute('/', { signedInAs: 'verein@demo.at' })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: /Bitte melden Sie sich an|Schon registriert/ })).not.toBeInTheDocument()
  })
})
