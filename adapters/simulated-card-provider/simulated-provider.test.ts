import { describe, expect, it } from 'vitest'
import { readStripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import { verifySignature } from '#adapters/stripe-events/signature.ts'
import type { CheckoutInput } from '#domain/payment-provider.ts'
import { createSimulatedProvider } from './simulated-provider.ts'
import type { ProviderMemory, SimulatedProviderOptions } from './simulated-provider.ts'

const SECRET = 'whsec_test'
const NOW = 1_800_000_000_000

const providerWith = (memory?: ProviderMemory) => {
  const delivered: unknown[] = []
  let n = 0
  const options: SimulatedProviderOptions = {
    webhookSecret: SECRET,
    now: () => NOW,
    token: () => `t${++n}`,
    deliver: async (payload, signature) => {
      verifySignature(payload, signature, SECRET, NOW)
      delivered.push(readStripeEvent(JSON.parse(payload)))
    },
    memory,
  }
  return { provider: createSimulatedProvider(options), delivered }
}

const input: CheckoutInput = {
  accountId: 'acct_1',
  checkoutId: 'co_1',
  amountCents: 2500,
  campaignName: 'Neue Flutlichtanlage',
  clubName: 'SV Grünbach 1923',
  donorEmail: 'erika@example.at',
  successUrl: 'http://localhost:3000/spenden/c1/danke?checkout=co_1',
  cancelUrl: 'http://localhost:3000/spenden/c1',
  metadata: {},
  expiresAt: NOW + 60 * 60_000,
  idempotencyKey: 'key-1',
  requestOrigin: 'http://localhost:3000',
}

const inMemory = (): ProviderMemory => {
  let text: string | null = null
  return { load: () => text, save: (next) => (text = next) }
}

describe('the simulated card provider', () => {
  it('sends account.updated, signed, when the onboarding is submitted, and keeps the account', async () => {
    const { provider, delivered } = providerWith()
    await provider.submitOnboarding({
      accountId: 'acct_1',
      outcome: 'PARTIAL',
      requirements: ['BUSINESS_DETAILS', 'BANK_ACCOUNT', 'TERMS_ACCEPTANCE'],
    })
    expect(delivered).toEqual([
      expect.objectContaining({
        kind: 'account-updated',
        type: 'account.updated',
        accountId: 'acct_1',
        account: {
          accountId: 'acct_1',
          chargesEnabled: false,
          payoutsEnabled: false,
          detailsSubmitted: true,
          requirementsDue: ['external_account'],
        },
      }),
    ])
    await provider.submitOnboarding({ accountId: 'acct_1', outcome: 'COMPLETE', requirements: ['BANK_ACCOUNT'] })
    expect(await provider.account('acct_1')).toEqual({
      accountId: 'acct_1',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    })
  })

  it('leaves identity and bank account due after a partial onboarding, at least the bank account', async () => {
    const { provider } = providerWith()
    await provider.submitOnboarding({
      accountId: 'acct_2',
      outcome: 'PARTIAL',
      requirements: ['BUSINESS_DETAILS', 'REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT', 'TERMS_ACCEPTANCE'],
    })
    expect((await provider.account('acct_2')).requirementsDue).toEqual([
      'representative.verification.document',
      'external_account',
    ])
    await provider.submitOnboarding({ accountId: 'acct_2', outcome: 'PARTIAL', requirements: ['TERMS_ACCEPTANCE'] })
    expect((await provider.account('acct_2')).requirementsDue).toEqual(['external_account'])
  })

  it('finds a session another instance made and paid, through its memory', async () => {
    const memory = inMemory()
    const first = providerWith(memory).provider
    const hosted = await first.createCheckout(input)
    expect(hosted.url).toBe(`http://localhost:3000/__mock/provider/checkout?session=${hosted.sessionId}`)

    // A page load of its own (the hosted checkout): a new instance over the same memory.
    const page = providerWith(memory)
    expect((await page.provider.session(hosted.sessionId))?.input.campaignName).toBe('Neue Flutlichtanlage')
    expect(await page.provider.pay(hosted.sessionId, '4242 4242 4242 4242')).toEqual({
      outcome: 'paid',
      redirect: input.successUrl,
    })
    expect(page.delivered).toEqual([expect.objectContaining({ kind: 'checkout-completed', checkoutId: 'co_1' })])

    // The first instance (the thank-you page's) learns of the payment when it asks.
    expect(await first.checkout('acct_1', hosted.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    })
    // The same idempotency key still answers the same checkout.
    expect((await providerWith(memory).provider.createCheckout(input)).sessionId).toBe(hosted.sessionId)
  })

  it('starts afresh over a memory it cannot read', async () => {
    const { provider } = providerWith({ load: () => '{not json', save: () => undefined })
    expect(await provider.session('cs_none')).toBeNull()
    expect((await provider.createCheckout(input)).sessionId).toMatch(/^cs_sim_/)
  })
})
