import { seedCampaigns } from '#adapters/demo-seed/seed-accounts.ts'
import { SUCCESS_CARD } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { PROVIDER_PAY_PATH } from '#adapters/simulated-card-provider/paths.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { ReceiptAddress } from '#openapi/generated/model/receiptAddress.ts'
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
 * list shows it, once the provider's event has arrived. `receipt`: the name and address the donor asked a
 * receipt to be made out to (none by default); the receipt is then issued with the payment (decision 51),
 * unless `leftToTheClub`: the request is recorded without one, as when the PDF could not be made then, so
 * the club issues it from its list.
 */
export const payByCard = async ({
  amountCents = 2500,
  donorName = 'Erika Muster',
  receipt = null,
  leftToTheClub = false,
}: {
  amountCents?: number
  donorName?: string | null
  receipt?: ReceiptAddress | null
  leftToTheClub?: boolean
} = {}): Promise<Donation> => {
  const started = (await postJson(`${apiBaseUrl()}/giving/campaigns/${seedCampaigns.runningEnabled}/checkouts`, {
    amountCents,
    donorName,
    email: 'spenderin@example.at',
    message: null,
    receipt: leftToTheClub ? null : receipt,
  })) as { checkoutId: string; url: string }
  const session = new URL(started.url).searchParams.get('session')
  await postJson(`${window.location.origin}${PROVIDER_PAY_PATH}`, { session, cardNumber: SUCCESS_CARD })
  await backend.payments.delivered()
  if (leftToTheClub && receipt)
    backend.store.transact((tx) => {
      const paid = tx.table('donations').get(started.checkoutId)!
      tx.put('donations', paid.id, { ...paid, receiptAddress: receipt })
    })
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
    receipt: null,
    receiptAddress: receipt,
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

/**
 * A call to the mocked backend as a seed account (a test's setup, past the screen): its JSON answer, or an
 * error naming the status.
 */
export const callBackend = async (
  method: string,
  path: string,
  { as, body, headers = {} }: { as: string; body?: unknown; headers?: Record<string, string> },
): Promise<unknown> => {
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${idTokenFor(as)}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`setup: ${method} ${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

/** The donation's receipt, issued by `as` (an administrator by default: the test's setup, past the screen). */
export const issueReceipt = async (
  donationId: string,
  donor: ReceiptAddress,
  as = 'admin@demo.at',
): Promise<{ id: string; number: string }> =>
  (await callBackend('POST', `/donations/${donationId}/receipt`, { as, body: { donor, replacesId: null } })) as {
    id: string
    number: string
  }
