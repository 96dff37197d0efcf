import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { seedCampaigns } from '#adapters/demo-seed/seed-accounts.ts'
import { SUCCESS_CARD } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { backend, server } from '#mocks/node.ts'
import { createDonationCheckout } from '#src/api/generated/query/endpoints/giving/giving.ts'
import { getGetDonationCheckoutMockHandler } from '#src/api/generated/query/endpoints/giving/giving.msw.ts'
import { renderRoute } from '#tests/utils/render.tsx'

const RUNNING = seedCampaigns.runningEnabled

/** A checkout started at the mocked backend, as the donation page starts it. */
const startCheckout = async (donorName: string | null = 'Anna Berger') => {
  const { checkoutId } = await createDonationCheckout(RUNNING, {
    amountCents: 2_550,
    donorName,
    email: 'anna@example.at',
    message: null,
  })
  const sessionId = backend.store.read((tx) => tx.table('checkouts').get(checkoutId)?.sessionId)
  return { checkoutId, sessionId: sessionId ?? '' }
}

const openThanks = (checkoutId: string, campaignId: string = RUNNING) =>
  renderRoute(`/spenden/${campaignId}/danke?checkout=${encodeURIComponent(checkoutId)}`)

describe('the thank-you page', () => {
  it('waits while the payment is confirmed, then thanks the donor with the amount (asked, not trusted)', async () => {
    const { checkoutId, sessionId } = await startCheckout()
    await openThanks(checkoutId)
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Zahlung wird bestätigt …' })).toBeInTheDocument()
    expect(screen.queryByText(/Vielen Dank/)).not.toBeInTheDocument()
    // The donor pays on the provider's page; the page finds out by asking again.
    expect(await backend.payments.pay(sessionId, SUCCESS_CARD)).toMatchObject({ outcome: 'paid' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Spende!' }, { timeout: 8_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Anna Berger, Ihre Spende über €\s25,50 ist eingegangen\.$/)).toBeInTheDocument()
    const back = within(screen.getByRole('main')).getByRole('link', { name: 'Zurück zur Kampagne' })
    expect(back).toHaveAttribute('href', `/spenden/${RUNNING}`)
  })

  it('thanks an anonymous donor without a name', async () => {
    server.use(
      getGetDonationCheckoutMockHandler({
        checkoutId: 'co-anonym',
        campaignId: RUNNING,
        status: 'PAID',
        amountCents: 10_000,
        currency: 'EUR',
        donorName: null,
      }),
    )
    await openThanks('co-anonym')
    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Spende!' })).toBeInTheDocument()
    expect(screen.getByText(/^Ihre anonyme Spende über €\s100,00 ist eingegangen\.$/)).toBeInTheDocument()
  })

  it('says a failed payment failed and leads back to try again', async () => {
    server.use(
      getGetDonationCheckoutMockHandler({
        checkoutId: 'co-failed',
        campaignId: RUNNING,
        status: 'FAILED',
        amountCents: 2_550,
        currency: 'EUR',
        donorName: 'Anna Berger',
      }),
    )
    await openThanks('co-failed')
    expect(await screen.findByRole('heading', { level: 1, name: 'Die Zahlung ist fehlgeschlagen' })).toBeInTheDocument()
    expect(screen.getByText(/Es wurde nichts abgebucht/)).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Erneut versuchen' })).toHaveAttribute(
      'href',
      `/spenden/${RUNNING}`,
    )
    expect(screen.queryByText(/Vielen Dank/)).not.toBeInTheDocument()
  })

  it('says an expired checkout was not completed', async () => {
    server.use(
      getGetDonationCheckoutMockHandler({
        checkoutId: 'co-expired',
        campaignId: RUNNING,
        status: 'EXPIRED',
        amountCents: 2_550,
        currency: 'EUR',
        donorName: null,
      }),
    )
    await openThanks('co-expired')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Die Zahlung wurde nicht abgeschlossen' }),
    ).toBeInTheDocument()
  })

  it('refuses a checkout of another campaign', async () => {
    const { checkoutId } = await startCheckout()
    await openThanks(checkoutId, seedCampaigns.upcomingEnabled)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Zahlung gehört zu einer anderen Kampagne' }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Vielen Dank/)).not.toBeInTheDocument()
  })

  it('refuses an unknown checkout', async () => {
    await openThanks('gibt-es-nicht')
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Zahlung kennen wir nicht' })).toBeInTheDocument()
  })

  it('refuses a link without a checkout', async () => {
    await renderRoute(`/spenden/${RUNNING}/danke`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist unvollständig' })).toBeInTheDocument()
  })
})
