/**
 * The one shape both providers share: an event built with `stripeEvent` (as the simulated provider sends it)
 * reads back to the ProviderEvent the real delivery gives; what is not an event the portal can read is
 * refused as `payload`. The real deliveries, signed, are read in server/payments/stripe-provider.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { InvalidEventError } from '#domain/payment-provider.ts'
import {
  STRIPE_API_VERSION,
  StripeShapeError,
  readCheckoutState,
  readStripeAccount,
  readStripeEvent,
  stripeEvent,
} from './read-stripe-event.ts'
import type { StripeAccount, StripeCharge, StripeCheckoutSession, StripeDispute } from './read-stripe-event.ts'

const CREATED_MS = Date.UTC(2026, 10, 26, 10, 0, 0)
const meta = { id: 'evt_sim_1', created: CREATED_MS + 999, account: 'acct_sim_club7' }

const session = (fields: Partial<StripeCheckoutSession> = {}): StripeCheckoutSession => ({
  id: 'cs_sim_1',
  object: 'checkout.session',
  client_reference_id: 'chk_1',
  status: 'complete',
  payment_status: 'paid',
  payment_intent: 'pi_sim_1',
  amount_total: 2500,
  currency: 'eur',
  metadata: { campaignId: 'cmp_42' },
  ...fields,
})
const charge: StripeCharge = {
  id: 'ch_sim_1',
  object: 'charge',
  amount: 2500,
  amount_refunded: 2500,
  payment_intent: 'pi_sim_1',
}
const dispute = (status: string): StripeDispute => ({
  id: 'du_sim_1',
  object: 'dispute',
  payment_intent: { id: 'pi_sim_1' },
  status,
})
const account: StripeAccount = {
  id: 'acct_sim_club7',
  object: 'account',
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: ['external_account'], past_due: ['external_account'] },
}

/** Through JSON, as a delivery travels. */
const delivered = (event: unknown) => readStripeEvent(JSON.parse(JSON.stringify(event)))

describe('stripeEvent and readStripeEvent', () => {
  it('builds an event in Stripe’s shape: seconds, the account, the API version', () => {
    expect(stripeEvent('charge.refunded', charge, meta)).toEqual({
      id: 'evt_sim_1',
      object: 'event',
      account: 'acct_sim_club7',
      api_version: STRIPE_API_VERSION,
      created: CREATED_MS / 1000,
      data: { object: charge },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'charge.refunded',
    })
    expect(
      stripeEvent('payout.paid', { id: 'po_1', object: 'payout' }, { id: 'evt_2', created: 0 }),
    ).not.toHaveProperty('account')
  })

  it('reads back every kind the domain knows', () => {
    const base = { id: 'evt_sim_1', created: CREATED_MS, accountId: 'acct_sim_club7' }
    expect(delivered(stripeEvent('checkout.session.completed', session(), meta))).toEqual({
      ...base,
      type: 'checkout.session.completed',
      kind: 'checkout-completed',
      sessionId: 'cs_sim_1',
      checkoutId: 'chk_1',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_sim_1',
      amountCents: 2500,
      currency: 'eur',
      metadata: { campaignId: 'cmp_42' },
    })
    expect(
      delivered(
        stripeEvent('checkout.session.async_payment_succeeded', session({ payment_intent: { id: 'pi_x' } }), meta),
      ),
    ).toMatchObject({ kind: 'checkout-completed', paymentIntentId: 'pi_x' })
    expect(delivered(stripeEvent('checkout.session.expired', session({ status: 'expired' }), meta))).toEqual({
      ...base,
      type: 'checkout.session.expired',
      kind: 'checkout-failed',
      sessionId: 'cs_sim_1',
      checkoutId: 'chk_1',
      reason: 'expired',
    })
    expect(delivered(stripeEvent('checkout.session.async_payment_failed', session(), meta))).toMatchObject({
      kind: 'checkout-failed',
      reason: 'payment-failed',
    })
    expect(delivered(stripeEvent('charge.refunded', charge, meta))).toEqual({
      ...base,
      type: 'charge.refunded',
      kind: 'charge-refunded',
      paymentIntentId: 'pi_sim_1',
      amountCents: 2500,
      amountRefundedCents: 2500,
    })
    expect(delivered(stripeEvent('charge.dispute.created', dispute('needs_response'), meta))).toEqual({
      ...base,
      type: 'charge.dispute.created',
      kind: 'dispute-opened',
      disputeId: 'du_sim_1',
      paymentIntentId: 'pi_sim_1',
    })
    expect(delivered(stripeEvent('charge.dispute.closed', dispute('won'), meta))).toMatchObject({
      kind: 'dispute-closed',
      outcome: 'won',
    })
    expect(delivered(stripeEvent('account.updated', account, meta))).toEqual({
      ...base,
      type: 'account.updated',
      kind: 'account-updated',
      account: {
        accountId: 'acct_sim_club7',
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        requirementsDue: ['external_account'],
      },
    })
    expect(delivered(stripeEvent('payout.paid', { id: 'po_1', object: 'payout' }, { ...meta, account: null }))).toEqual(
      {
        ...base,
        accountId: null,
        type: 'payout.paid',
        kind: 'other',
      },
    )
  })

  it('reads a charge or dispute without a PaymentIntent as none of the portal’s', () => {
    expect(delivered(stripeEvent('charge.refunded', { ...charge, payment_intent: null }, meta))).toMatchObject({
      kind: 'other',
    })
    expect(
      delivered(stripeEvent('charge.dispute.created', { ...dispute('needs_response'), payment_intent: null }, meta)),
    ).toMatchObject({ kind: 'other' })
  })

  it('keeps only string metadata, and reads missing metadata as none', () => {
    const odd = { ...session(), metadata: { a: 'x', b: 1 } } as unknown as StripeCheckoutSession
    expect(delivered(stripeEvent('checkout.session.completed', odd, meta))).toMatchObject({ metadata: { a: 'x' } })
    expect(delivered(stripeEvent('checkout.session.completed', session({ metadata: null }), meta))).toMatchObject({
      metadata: {},
    })
  })

  it.each<[string, unknown]>([
    ['not an object', 'evt'],
    ['null', null],
    ['another object', { id: 'cs_1', object: 'checkout.session' }],
    ['an event without a type', { ...stripeEvent('charge.refunded', charge, meta), type: undefined }],
    ['an event without data', { ...stripeEvent('charge.refunded', charge, meta), data: undefined }],
    ['seconds that are not a number', { ...stripeEvent('charge.refunded', charge, meta), created: '1764151200' }],
    [
      'a charge event carrying a session',
      { ...stripeEvent('checkout.session.completed', session(), meta), type: 'charge.refunded' },
    ],
    ['a session without its amount', stripeEvent('checkout.session.completed', session({ amount_total: null }), meta)],
    [
      'an unknown payment status',
      stripeEvent('checkout.session.completed', { ...session(), payment_status: 'pending' } as never, meta),
    ],
    ['a negative refund', stripeEvent('charge.refunded', { ...charge, amount_refunded: -1 }, meta)],
    [
      'an account without its flags',
      stripeEvent('account.updated', { id: 'acct_1', object: 'account' } as never, meta),
    ],
  ])('refuses %s as `payload`', (_name, json) => {
    let error: unknown
    try {
      readStripeEvent(json)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(InvalidEventError)
    expect(error).toMatchObject({ reason: 'payload' })
  })
})

describe('the objects the API answers with', () => {
  it('reads a checkout’s state; a session with no status yet is open', () => {
    expect(readCheckoutState(session())).toEqual({
      sessionId: 'cs_sim_1',
      checkoutId: 'chk_1',
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_sim_1',
      amountCents: 2500,
    })
    expect(
      readCheckoutState(session({ status: null, payment_status: 'unpaid', payment_intent: null, amount_total: null })),
    ).toMatchObject({ status: 'open', paymentIntentId: null, amountCents: null })
  })

  it('reads an account: what is due now or past due, once each', () => {
    expect(readStripeAccount({ ...account, requirements: null }).requirementsDue).toEqual([])
    expect(
      readStripeAccount({ ...account, requirements: { currently_due: ['a', 'b'], past_due: ['b', 'c'] } })
        .requirementsDue,
    ).toEqual(['a', 'b', 'c'])
  })

  it('refuses what it cannot read with a StripeShapeError, not an event error', () => {
    expect(() => readCheckoutState({ ...session(), status: 'draft' })).toThrow(StripeShapeError)
    expect(() => readStripeAccount({ id: 'acct_1', object: 'customer' })).toThrow(/object is "customer"/)
  })
})
