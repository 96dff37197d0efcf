/**
 * The tables of card donations (migration 0009) through their repositories: a donation's payment state
 * both ways (absent ↔ the payment columns empty), an insert of an id that exists answers false and leaves
 * the transaction usable, checkouts and the provider's events, and an account's last provider event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutRecord, DonationRecord, PaymentAccountRecord } from '#domain/records.ts'
import { openDatabase } from './database.ts'
import type { OpenDatabase } from './database.ts'
import { checkoutRepository } from './repositories/checkouts.ts'
import { donationRepository } from './repositories/donations.ts'
import { paymentAccountRepository } from './repositories/payment-accounts.ts'
import { paymentEventLog } from './repositories/payment-events.ts'

let database: OpenDatabase

const AT = '2031-02-03T10:00:00.000Z'
const account: PaymentAccountRecord = {
  accountId: 'acct_1',
  clubId: 'club-1',
  status: 'ACTIVE',
  chargesEnabled: true,
  payoutsEnabled: true,
  requirements: [],
  rejectReason: null,
  createdAt: AT,
  updatedAt: AT,
}

beforeAll(async () => {
  database = await openDatabase({})
  await database.transaction(async (trx) => {
    const address = JSON.stringify({})
    await trx
      .insertInto('clubs')
      .values({
        id: 'club-1',
        name: 'Verein',
        name_key: 'verein',
        zvr_number: '1',
        vat_number: '',
        donation_number: '',
        description: '',
        short_description: '',
        address,
        bank_info: address,
        billing_address: address,
        legitimation: address,
        club_type_id: null,
        club_size: null,
        status: 'ACTIVE',
        is_checked: true,
        checked_at: null,
        checked_by: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute()
    for (const documentId of ['camp-1', 'camp-2'])
      await trx
        .insertInto('campaigns')
        .values({
          document_id: documentId,
          club_id: 'club-1',
          name: 'Kampagne',
          description: '',
          goal_cents: 100_000,
          amount_cents: 0,
          minimum_donation_cents: 100,
          event_date: '2031-03-01',
          event_time: '18:00',
          from_day: '2031-01-01',
          to_day: '2031-03-01',
          enabled: true,
          created_at: AT,
          updated_at: AT,
        })
        .execute()
    await paymentAccountRepository(trx).insert(account)
  })
}, 120_000)
afterAll(() => database?.close())

const donation = (id: string, payment?: DonationRecord['payment']): DonationRecord => ({
  id,
  clubId: 'club-1',
  campaignId: 'camp-1',
  amountCents: 2500,
  donorName: 'Anna',
  message: null,
  at: Date.parse(AT),
  day: '2031-02-03',
  ...(payment && { payment }),
})

const checkout = (id: string, campaignId = 'camp-1'): CheckoutRecord => ({
  id,
  campaignId,
  clubId: 'club-1',
  accountId: 'acct_1',
  sessionId: `cs_${id}`,
  amountCents: 2500,
  donorName: null,
  email: 'spender@example.at',
  message: 'Alles Gute',
  state: 'OPEN',
  donationId: null,
  createdAt: AT,
  expiresAt: '2031-02-03T11:00:00.000Z',
  updatedAt: AT,
})

describe('card donations in PostgreSQL', () => {
  it('keep a donation without payment without one, and a card donation with its payment', async () => {
    const plain = donation('plain')
    const card = donation('card', {
      checkoutId: 'card',
      paymentIntentId: 'pi_card',
      refundedCents: 0,
      dispute: null,
      disputeEventAt: null,
    })
    await database.transaction(async (trx) => {
      const donations = donationRepository(trx)
      expect(await donations.insert(plain)).toBe(true)
      expect(await donations.insert(card)).toBe(true)
      // The id exists: nothing written, and the transaction goes on.
      expect(await donations.insert({ ...plain, amountCents: 1 })).toBe(false)
      expect(await donations.get('plain')).toStrictEqual(plain)
    })
    await database.transaction(async (trx) => {
      const donations = donationRepository(trx)
      expect(await donations.get('card')).toStrictEqual(card)
      expect(await donations.findByPaymentIntent('pi_card')).toStrictEqual(card)
      expect(await donations.findByPaymentIntent('pi_none')).toBeNull()
      expect(await donations.get('none')).toBeNull()
      const changed = {
        ...card.payment!,
        refundedCents: 1000,
        dispute: 'LOST' as const,
        disputeEventAt: 1_800_000_000_123,
      }
      await donations.updatePayment('card', changed)
      expect(await donations.get('card')).toStrictEqual({ ...card, payment: changed })
      const page = await donations.page(
        { campaignId: 'camp-1' },
        { from: null, to: null, sort: 'donatedAt', descending: true, offset: 0, limit: 10 },
      )
      // Both counted; the lost dispute adds nothing to the sum.
      expect(page.totalItems).toBe(2)
      expect(page.totalCents).toBe(2500)
    })
  })

  it('refuse a refund beyond the amount and payment state without a payment', async () => {
    await expect(
      database.transaction((trx) =>
        trx.updateTable('donations').set({ refunded_cents: 2501 }).where('id', '=', 'card').execute(),
      ),
    ).rejects.toThrow(/donations_refunded_cents_check/)
    await expect(
      database.transaction((trx) =>
        trx.updateTable('donations').set({ dispute: 'OPEN' }).where('id', '=', 'plain').execute(),
      ),
    ).rejects.toThrow(/donations_payment_check/)
  })

  it('keep checkouts, found by id and by session', async () => {
    const open = checkout('co-1')
    await database.transaction(async (trx) => {
      const checkouts = checkoutRepository(trx)
      await checkouts.insert(open)
      await checkouts.insert({ ...checkout('co-2'), sessionId: null })
    })
    await database.transaction(async (trx) => {
      const checkouts = checkoutRepository(trx)
      expect(await checkouts.get('co-1')).toStrictEqual(open)
      expect(await checkouts.findBySession('cs_co-1')).toStrictEqual(open)
      expect(await checkouts.findBySession('cs_none')).toBeNull()
      expect((await checkouts.get('co-2'))?.sessionId).toBeNull()
      const paid: CheckoutRecord = { ...open, state: 'PAID', donationId: 'co-1', updatedAt: '2031-02-03T10:05:00.000Z' }
      await checkouts.update(paid)
      expect(await checkouts.get('co-1')).toStrictEqual(paid)
    })
  })

  it('drop the checkouts of a campaign deleted without donations', async () => {
    await database.transaction(async (trx) => {
      await checkoutRepository(trx).insert(checkout('co-3', 'camp-2'))
      await trx.deleteFrom('campaigns').where('document_id', '=', 'camp-2').execute()
      expect(await checkoutRepository(trx).get('co-3')).toBeNull()
    })
  })

  it('record a provider event once', async () => {
    const event = {
      id: 'evt_1',
      type: 'charge.refunded',
      accountId: 'acct_1',
      createdAt: 1_800_000_000_000,
      receivedAt: AT,
    }
    await database.transaction(async (trx) => {
      const events = paymentEventLog(trx)
      expect(await events.record(event)).toBe(true)
      expect(await events.record({ ...event, type: 'other' })).toBe(false)
      expect(await events.record({ ...event, id: 'evt_2', accountId: null })).toBe(true)
    })
    const rows = await database.transaction((trx) =>
      trx.selectFrom('payment_events').selectAll().orderBy('id').execute(),
    )
    expect(rows).toEqual([
      { id: 'evt_1', type: 'charge.refunded', account_id: 'acct_1', created_at: 1_800_000_000_000, received_at: AT },
      { id: 'evt_2', type: 'charge.refunded', account_id: null, created_at: 1_800_000_000_000, received_at: AT },
    ])
  })

  it("keep an account's last provider event, absent before the first", async () => {
    await database.transaction(async (trx) => {
      const accounts = paymentAccountRepository(trx)
      expect(await accounts.get('acct_1')).toStrictEqual(account)
      await accounts.update({ ...account, providerEventAt: 1_800_000_000_456 })
      expect(await accounts.get('acct_1')).toStrictEqual({ ...account, providerEventAt: 1_800_000_000_456 })
      await accounts.update({ ...account, providerEventAt: null })
      expect(await accounts.get('acct_1')).toStrictEqual(account)
    })
  })
})
