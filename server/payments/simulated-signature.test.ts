/**
 * The simulated provider signs and verifies its events without the `stripe` package (it also runs in the
 * browser): adapters/stripe-events/signature.ts. This holds it to the SDK's own scheme both ways.
 */
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { InvalidEventError } from '#domain/payment-provider.ts'
import { signatureHeader, verifySignature } from '#adapters/stripe-events/signature.ts'

const stripe = new Stripe('sk_test_signature_only')
const secret = 'whsec_simulated_test'
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' })

describe("the simulated provider's Stripe-Signature", () => {
  it('verifies what the SDK signs', () => {
    const now = Date.now()
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now / 1000) })
    expect(() => verifySignature(payload, header, secret, now)).not.toThrow()
  })

  it('signs what the SDK accepts', () => {
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000))
    expect(stripe.webhooks.constructEvent(payload, header, secret)).toMatchObject({ id: 'evt_1' })
  })

  it('refuses what the SDK refuses: another secret, another body, an old signature', () => {
    const now = Date.now()
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now / 1000) })
    const reason = (run: () => void) => {
      try {
        run()
        return null
      } catch (error) {
        return error instanceof InvalidEventError ? error.reason : 'other'
      }
    }
    expect(reason(() => verifySignature(payload, header, 'whsec_other', now))).toBe('signature')
    expect(reason(() => verifySignature(`${payload} `, header, secret, now))).toBe('signature')
    expect(reason(() => verifySignature(payload, header, secret, now + 301_000))).toBe('timestamp')
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow()
  })
})
