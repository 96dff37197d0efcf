import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/client'
import { renderComponent, screen } from '../../../tests/utils/render'
import { ErrorPage } from './error-page'

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

  it('says that the server failed for other backend errors', async () => {
    await renderComponent(<ErrorPage error={apiError(500, 'internal')} reset={() => undefined} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Da ist etwas schiefgelaufen' })).toBeVisible()
  })
})
