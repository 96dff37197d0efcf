import { describe, expect, it, vi } from 'vitest'
import { ApiError, ApiTimeoutError } from '#src/api/client.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { failureKind, QueryError } from './query-error.tsx'

const URL = 'http://localhost/api/backend/v1/club/cluboverview/club-x'
const apiError = (status: number, kind = 'x') =>
  new ApiError(URL, status, 'x', { type: `https://vereinsportal.at/problems/${kind}`, title: 'x', status })

describe('the shared query error', () => {
  it('classifies failures once for every screen', () => {
    expect(failureKind(apiError(403, 'forbidden'))).toBe('forbidden')
    expect(failureKind(apiError(403, 'email-not-verified'))).toBe('unconfirmed')
    expect(failureKind(apiError(404, 'not-found'))).toBe('not-found')
    expect(failureKind(new ApiTimeoutError(URL, 20_000))).toBe('timeout')
    expect(failureKind(apiError(500))).toBe('server')
    expect(failureKind(apiError(503))).toBe('server')
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('app')
  })

  it('says "Kein Zugriff" for a 403, without a retry that cannot help', async () => {
    const onRetry = vi.fn()
    await renderComponent(
      <QueryError
        error={apiError(403, 'forbidden')}
        title="Die Übersicht konnte nicht geladen werden."
        onRetry={onRetry}
      />,
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Kein Zugriff')
    expect(alert).not.toHaveTextContent('konnte nicht geladen werden')
    expect(alert).not.toHaveTextContent('nicht beantwortet')
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('says "Nicht gefunden" for an unknown id, with the screen’s own words when it has them', async () => {
    await renderComponent(
      <QueryError
        error={apiError(404, 'not-found')}
        onRetry={() => undefined}
        messages={{ 'not-found': 'Diese Kampagne gibt es nicht (mehr).' }}
      />,
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nicht gefunden')
    expect(alert).toHaveTextContent('Diese Kampagne gibt es nicht (mehr).')
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('offers "Erneut versuchen" when the backend did not answer in time', async () => {
    const onRetry = vi.fn()
    const { user } = await renderComponent(<QueryError error={new ApiTimeoutError(URL, 20_000)} onRetry={onRetry} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Keine Antwort vom Server')
    expect(alert).toHaveTextContent('Der Server hat nicht rechtzeitig geantwortet.')
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('names what failed and offers a retry for a failing server, beside the screen’s own ways out', async () => {
    await renderComponent(
      <QueryError
        error={apiError(500)}
        title="Die Spenden konnten nicht geladen werden."
        onRetry={() => undefined}
        actions={<button type="button">Anderen Verein wählen</button>}
      />,
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Die Spenden konnten nicht geladen werden.')
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Anderen Verein wählen' })).toBeInTheDocument()
  })
})
