import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const open = async (search = '') => {
  const view = await renderRoute(`/admin${search}`, { signedInAs: 'admin@demo.at' })
  await screen.findByRole('heading', { name: 'Freigabe von Vereinen' })
  return view
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Verein suchen (Name oder ZVR-Zahl)' })
const clubList = () => screen.findByRole('list', { name: 'Vereine' })
const clubNames = async () =>
  within(await clubList())
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent)

describe('Searching and filtering the release list', () => {
  it('searches by a part of the name without accents, keeps the search in the URL and counts the results', async () => {
    const { user, router } = await open()
    expect(await screen.findByText('31 Vereine gefunden')).toBeInTheDocument()
    await user.type(searchBox(), 'grunbach')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'grunbach' }))
    await waitFor(async () => expect(await clubNames()).toEqual(['SV Grünbach 1923']))
    expect(screen.getByText('1 Verein gefunden')).toBeInTheDocument()
  })

  it('finds a club by its ZVR number, also one typed into the address bar', async () => {
    const { user, router } = await open('?q=grunbach')
    expect(searchBox()).toHaveValue('grunbach')
    const card = await screen.findByRole('article', { name: 'SV Grünbach 1923' })
    const zvr = /ZVR (\d+)/.exec(card.textContent ?? '')![1]!

    await user.clear(searchBox())
    await user.type(searchBox(), zvr)
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: zvr }))
    await waitFor(async () => expect(await clubNames()).toEqual(['SV Grünbach 1923']))

    // The router reads `?q=123456789` as a number; the page takes it as the digits.
    await router.navigate({ to: '/admin', search: { q: Number(zvr) as unknown as string } })
    await waitFor(() => expect(searchBox()).toHaveValue(zvr))
    await waitFor(async () => expect(await clubNames()).toEqual(['SV Grünbach 1923']))
  })

  it('filters to the unchecked clubs with the keyboard', async () => {
    const { user, router } = await open()
    const group = screen.getByRole('group', { name: 'Anzeigen' })
    const all = within(group).getByRole('radio', { name: 'Alle' })
    expect(all).toBeChecked()

    all.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(within(group).getByRole('radio', { name: 'Nicht geprüft' })).toBeChecked()
    await waitFor(() => expect(router.state.location.search).toMatchObject({ filter: 'UNCHECKED' }))
    await waitFor(async () => {
      const cards = within(await clubList()).getAllByRole('article')
      expect(cards.length).toBeGreaterThan(0)
      for (const card of cards) expect(within(card).getByText('Nicht geprüft')).toBeInTheDocument()
    })
  })

  it('clears search and filter from the empty list, also a search still being typed', async () => {
    const { user, router } = await open('?filter=BANK_REVIEW_PENDING')
    const all = screen.getByRole('radio', { name: 'Alle' })
    expect(screen.getByRole('radio', { name: 'Bankprüfung offen' })).toBeChecked()
    await user.type(searchBox(), 'Grünbach')
    expect(await screen.findByText('Keine Vereine gefunden')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('filter'))
    expect(router.state.location.search).not.toHaveProperty('q')
    expect(searchBox()).toHaveValue('')
    expect(all).toBeChecked()
    await waitFor(async () => expect(await clubNames()).toHaveLength(20))
  })

  it('shows a search from the URL in the box and says when nothing matches', async () => {
    await open('?q=Gibtsnichtverein&filter=UNCHECKED')
    expect(searchBox()).toHaveValue('Gibtsnichtverein')
    expect(screen.getByRole('radio', { name: 'Nicht geprüft' })).toBeChecked()
    expect(await screen.findByText('Keine Vereine gefunden')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Suche zurücksetzen' })).toBeInTheDocument()
  })
})
