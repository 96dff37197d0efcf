import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ProviderLinkInfo } from '#domain/onboarding.ts'
import { renderProviderPage } from './provider-dom.ts'

const open: ProviderLinkInfo = {
  link: 'l1',
  status: 'OPEN',
  clubId: 'club-1',
  clubName: 'SV Grünbach 1923',
  accountId: 'acct_1',
  requirements: ['BANK_ACCOUNT', 'TERMS_ACCEPTANCE'],
  expiresAt: new Date().toISOString(),
}

const render = async (
  info: ProviderLinkInfo | null,
  submit = vi.fn(() => Promise.resolve('/payment/return?clubId=club-1')),
) => {
  const root = document.createElement('div')
  document.body.append(root)
  const navigate = vi.fn()
  await renderProviderPage(root, 'l1', { loadLink: () => Promise.resolve(info), submit, navigate })
  return { root, submit, navigate }
}

describe('the simulated provider page', () => {
  it('offers the three outcomes as buttons, in German, and follows the answer', async () => {
    const { root, submit, navigate } = await render(open)
    const page = within(root)
    expect(page.getByRole('heading', { name: 'Konto für Kartenzahlungen einrichten' })).toBeInTheDocument()
    expect(page.getByText(/SV Grünbach 1923/)).toBeInTheDocument()
    expect(page.getByText('Bankkonto für Auszahlungen')).toBeInTheDocument()
    expect(page.getByRole('button', { name: /Nur einen Teil übermitteln/ })).toBeInTheDocument()
    expect(page.getByRole('button', { name: /Abbrechen/ })).toBeInTheDocument()
    await userEvent.click(page.getByRole('button', { name: /Alle Angaben übermitteln/ }))
    expect(submit).toHaveBeenCalledWith('l1', 'COMPLETE')
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment/return?clubId=club-1'))
  })

  it('says when a link is expired and offers the way back', async () => {
    const { root, submit } = await render({ ...open, status: 'EXPIRED' })
    expect(within(root).getByRole('alert')).toHaveTextContent('Dieser Link ist abgelaufen.')
    await userEvent.click(within(root).getByRole('button', { name: 'Zurück zum Vereinsportal' }))
    expect(submit).toHaveBeenCalledWith('l1', 'CANCEL')
  })

  it('says when a link is unknown, and when submitting fails', async () => {
    const unknown = await render(null)
    expect(within(unknown.root).getByRole('alert')).toHaveTextContent('Dieser Link ist ungültig.')
    const failing = await render(
      open,
      vi.fn(() => Promise.reject(new Error('offline'))),
    )
    await userEvent.click(within(failing.root).getByRole('button', { name: /Abbrechen/ }))
    await vi.waitFor(() =>
      expect(within(failing.root).getByRole('alert')).toHaveTextContent(/konnten nicht übermittelt werden/),
    )
    expect(screen.getAllByRole('button', { name: /Abbrechen/ }).at(-1)).toBeEnabled()
  })
})
