import { configure, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { getInFlightCount, setRequestTimeout } from '#src/api/client.ts'
import { delayResponses, failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

configure({ asyncUtilTimeout: 5000 })

afterEach(() => setRequestTimeout())

/** What `/club/<id>/…` says when the club cannot be shown. */
describe('Vereinsdaten bearbeiten: errors a person can act on', () => {
  it('says "Kein Zugriff" for a club of somebody else, without a retry that cannot help', async () => {
    await renderRoute('/club/club-su-leoben/false', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument()
    expect(screen.queryByText(/nicht beantwortet/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/home')
  })

  it('says "Nicht gefunden" for an unknown club', async () => {
    await renderRoute('/club/club-gibt-es-nicht/false', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('offers "Erneut versuchen" when the server fails', async () => {
    failOperation('getClubOverview', 500, 1)
    const { user } = await renderRoute('/club/club-sv-gruenbach/false', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Da ist etwas schiefgelaufen' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeInTheDocument()
  })

  it('gives up on a backend that does not answer: a German message, a retry, nothing left in flight', async () => {
    setRequestTimeout(300)
    delayResponses(1_500)
    await renderRoute('/club/club-sv-gruenbach/false', { signedInAs: 'verein@demo.at' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Antwort vom Server' })).toBeInTheDocument()
    expect(screen.getByText(/Der Server hat nicht rechtzeitig geantwortet/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
    await waitFor(() => expect(getInFlightCount()).toBe(0))
  })
})
