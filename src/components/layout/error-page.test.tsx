import { describe, expect, it } from 'vitest'
import { ApiError, ApiTimeoutError } from '#src/api/client.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { ErrorPage } from './error-page.tsx'

const apiError = (status: number, kind: string) =>
  new ApiError('http://localhost:3000/api/backend/v1/clubs', status, 'x', {
    type: `https://vereinsportal.at/problems/${kind}`,
    title: 'x',
    status,
  })

describe('the error page', () => {
  it('asks to confirm the e-mail address when the backend refuses an unconfirmed one (403 email-not-verified)', async () => {
    await renderComponent(<ErrorPage error={apiError(403, 'email-not-verified')} reset={() => undefined} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Mail-Adresse noch nicht bestätigt' })).toBeVisible()
    expect(screen.getByText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.')).toBeInTheDocument()
  })

  it('says that the server failed for other backend errors, and offers a retry', async () => {
    await renderComponent(<ErrorPage error={apiError(500, 'internal')} reset={() => undefined} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Da ist etwas schiefgelaufen' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
  })

  it('says "Kein Zugriff" for a 403, never "nicht beantwortet" with a retry that cannot help', async () => {
    await renderComponent(<ErrorPage error={apiError(403, 'forbidden')} reset={() => undefined} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible()
    expect(screen.queryByText(/nicht beantwortet/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('says "Nicht gefunden" for an unknown id', async () => {
    await renderComponent(<ErrorPage error={apiError(404, 'not-found')} reset={() => undefined} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument()
  })

  it('offers "Erneut versuchen" when the backend did not answer in time', async () => {
    await renderComponent(
      <ErrorPage error={new ApiTimeoutError('http://localhost/x', 20_000)} reset={() => undefined} />,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Antwort vom Server' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
  })
})
