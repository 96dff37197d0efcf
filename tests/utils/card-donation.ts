import { seedCampaigns } from '#adapters/demo-seed/seed-accounts.ts'
import { SUCCESS_CARD } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { PROVIDER_PAY_PATH } from '#adapters/simulated-card-provider/paths.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { backend } from '#mocks/node.ts'
import { idTokenFor } from '#mocks/testing.ts'
import { apiBaseUrl } from '#src/api/client.ts'

const postJson = async (url: string, body: unknown): Promise<unknown> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`setup: ${url} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

/**
 * A donation paid by card at the simulated provider, as a donor makes it on the public page (checkout,
 * card, the provider's event), into the seed's running campaign of the volume club: the seed's own
 * donations were not paid by card, so none of them can be refunded. Returns the donation as the club's
 * list shows it, once the provider's event has arrived.
 */
export const payByCard = async ({
  amountCents = 2500,
  donorName = 'Erika Muster',
}: { amountCents?: number; donorName?: string | null } = {}): Promise<Donation> => {
  const started = (await postJson(`${apiBaseUrl()}/giving/campaigns/${seedCampaigns.runningEnabled}/checkouts`, {
    amountCents,
    donorName,
    email: 'spenderin@example.at',
    message: null,
  })) as { checkoutId: string; url: string }
  const session = new URL(started.url).searchParams.get('session')
  await postJson(`${window.location.origin}${PROVIDER_PAY_PATH}`, { session, cardNumber: SUCCESS_CARD })
  await backend.payments.delivered()
  // The checkout becomes the donation of the same id.
  return {
    id: started.checkoutId,
    clubId: 'club-sv-gruenbach',
    campaignId: seedCampaigns.runningEnabled,
    campaignName: 'Kunstrasenplatz',
    amountCents,
    refundedCents: 0,
    refundableCents: amountCents,
    status: 'PAID',
    currency: 'EUR',
    donorName,
    message: null,
    donatedAt: new Date().toISOString(),
  }
}

/** The newest of the seed's donations to the volume club: paid by bank transfer, so never refundable. */
export const seedDonation = async (): Promise<Donation> => {
  const response = await fetch(`${apiBaseUrl()}/donations/club/club-sv-gruenbach?size=1`, {
    headers: { Authorization: `Bearer ${idTokenFor('verein@demo.at')}` },
  })
  if (!response.ok) throw new Error(`setup: the donation list answered ${response.status}`)
  return ((await response.json()) as { items: Donation[] }).items[0]!
}
