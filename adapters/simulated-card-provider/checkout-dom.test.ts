import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderCheckoutPage } from './checkout-dom.ts'
import type { CheckoutPageDeps, PayAnswer } from './checkout-dom.ts'
import type { CheckoutSessionInfo } from './simulated-provider.ts'

const open: CheckoutSessionInfo = {
  session: 'cs_1',
  status: 'open',
  clubName: 'SV Grünbach 1923',
  campaignName: 'Neue Flutlichtanlage',
  amountCents: 2500,
  cancelUrl: 'http://localhost:3000/spenden/campaign-1',
}

const paid: PayAnswer = { outcome: 'paid', redirectTo: '/spenden/campaign-1/danke?checkout=co_1' }

const render = async (info: CheckoutSessionInfo | null, pay: CheckoutPageDeps['pay'] = vi.fn(async () => paid)) => {
  const root = document.createElement('div')
  document.body.append(root)
  const navigate = vi.fn()
  await renderCheckoutPage(root, 'cs_1', { loadSession: async () => info, pay, navigate })
  return { page: within(root), pay, navigate }
}

describe('the simulated provider checkout page', () => {
  it('shows the donation in German and pays with a card number, then follows the redirect', async () => {
    const { page, pay, navigate } = await render(open)
    expect(document.title).toBe('Spende bezahlen – Simulierter Zahlungsanbieter')
    expect(page.getByRole('heading', { name: 'Spende bezahlen' })).toBeInTheDocument()
    expect(page.getByText(/Spende an „SV Grünbach 1923“ für „Neue Flutlichtanlage“/)).toBeInTheDocument()
    expect(page.getByText('€ 25,00')).toBeInTheDocument()
    const card = page.getByRole('textbox', { name: 'Kartennummer' })
    expect(card).toHaveAccessibleDescription(/Testkarten: 4242 4242 4242 4242/)
    expect(page.getByRole('link', { name: 'Abbrechen und zurück zur Kampagne' })).toHaveAttribute(
      'href',
      open.cancelUrl,
    )
    await userEvent.type(card, '4242 4242 4242 4242')
    await userEvent.click(page.getByRole('button', { name: /^€\s25,00 bezahlen$/ }))
    expect(pay).toHaveBeenCalledWith('cs_1', '4242 4242 4242 4242')
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(paid.redirectTo))
  })

  it('stays on the page with the decline, marks the field and lets the donor try again', async () => {
    const pay = vi
      .fn<CheckoutPageDeps['pay']>()
      .mockResolvedValueOnce({ outcome: 'declined' })
      .mockResolvedValueOnce(paid)
    const { page, navigate } = await render(open, pay)
    const card = page.getByRole('textbox', { name: 'Kartennummer' })
    await userEvent.type(card, '4000 0000 0000 0002')
    await userEvent.click(page.getByRole('button', { name: /bezahlen/ }))
    await vi.waitFor(() =>
      expect(page.getByRole('alert')).toHaveTextContent(
        'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.',
      ),
    )
    expect(card).toHaveAttribute('aria-invalid', 'true')
    expect(card).toHaveAccessibleDescription(/abgelehnt/)
    expect(navigate).not.toHaveBeenCalled()
    expect(page.getByRole('button', { name: /bezahlen/ })).toBeEnabled()

    await userEvent.clear(card)
    await userEvent.type(card, '4242424242424242')
    await userEvent.click(page.getByRole('button', { name: /bezahlen/ }))
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(paid.redirectTo))
  })

  it('says when a number is no test card, and when the payment could not be sent', async () => {
    const pay = vi
      .fn<CheckoutPageDeps['pay']>()
      .mockResolvedValueOnce({ outcome: 'not-a-test-card' })
      .mockRejectedValueOnce(new Error('offline'))
    const { page } = await render(open, pay)
    await userEvent.type(page.getByRole('textbox', { name: 'Kartennummer' }), '1234')
    await userEvent.click(page.getByRole('button', { name: /bezahlen/ }))
    await vi.waitFor(() => expect(page.getByRole('alert')).toHaveTextContent(/keine Testkarte/))
    await userEvent.click(page.getByRole('button', { name: /bezahlen/ }))
    await vi.waitFor(() => expect(page.getByRole('alert')).toHaveTextContent(/konnte nicht übermittelt werden/))
    expect(page.getByRole('textbox', { name: 'Kartennummer' })).not.toHaveAttribute('aria-invalid')
  })

  it('says when the session is closed (also when it closes meanwhile) or unknown', async () => {
    const closed = await render({ ...open, status: 'expired' })
    expect(closed.page.getByRole('alert')).toHaveTextContent('Diese Zahlung ist abgeschlossen oder abgelaufen.')
    expect(closed.page.getByRole('link', { name: 'Abbrechen und zurück zur Kampagne' })).toHaveAttribute(
      'href',
      open.cancelUrl,
    )
    expect(closed.page.queryByRole('textbox')).not.toBeInTheDocument()

    const meanwhile = await render(
      open,
      vi.fn(async () => ({ outcome: 'closed' as const })),
    )
    await userEvent.type(meanwhile.page.getByRole('textbox', { name: 'Kartennummer' }), '4242424242424242')
    await userEvent.click(meanwhile.page.getByRole('button', { name: /bezahlen/ }))
    await vi.waitFor(() => expect(meanwhile.page.getByRole('alert')).toHaveTextContent(/abgeschlossen oder abgelaufen/))
    expect(meanwhile.page.queryByRole('textbox')).not.toBeInTheDocument()

    const unknown = await render(null)
    expect(unknown.page.getByRole('alert')).toHaveTextContent('Diese Zahlung gibt es nicht.')
  })
})
