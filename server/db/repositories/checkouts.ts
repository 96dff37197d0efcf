/** The table `donation_checkouts`: a donor's hosted checkout at the card provider, from the form to a donation. */
import type { CheckoutRepository } from '#domain/ports.ts'
import type { CheckoutRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json } from './rows.ts'

const toCheckout = (row: Row<'donation_checkouts'>): CheckoutRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  clubId: row.club_id,
  accountId: row.account_id,
  sessionId: row.session_id,
  amountCents: row.amount_cents,
  donorName: row.donor_name,
  email: row.email,
  message: row.message,
  state: row.state as CheckoutRecord['state'],
  donationId: row.donation_id,
  // Absent (as on a checkout made before the transmission existed) rather than null.
  ...(row.tax !== null && { tax: row.tax }),
  ...(row.receipt_address !== null && { receiptAddress: row.receipt_address }),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  updatedAt: row.updated_at,
})

export const checkoutRow = (checkout: CheckoutRecord): NewRow<'donation_checkouts'> => ({
  id: checkout.id,
  campaign_id: checkout.campaignId,
  club_id: checkout.clubId,
  account_id: checkout.accountId,
  session_id: checkout.sessionId,
  amount_cents: checkout.amountCents,
  donor_name: checkout.donorName,
  email: checkout.email,
  message: checkout.message,
  state: checkout.state,
  donation_id: checkout.donationId,
  tax: checkout.tax ? json(checkout.tax) : null,
  receipt_address: checkout.receiptAddress ? json(checkout.receiptAddress) : null,
  created_at: checkout.createdAt,
  expires_at: checkout.expiresAt,
  updated_at: checkout.updatedAt,
})

export const checkoutRepository = (trx: Trx): CheckoutRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('donation_checkouts').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toCheckout(row) : null
  },
  findBySession: async (sessionId) => {
    const row = await trx
      .selectFrom('donation_checkouts')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst()
    return row ? toCheckout(row) : null
  },
  insert: async (checkout) => {
    await trx.insertInto('donation_checkouts').values(checkoutRow(checkout)).execute()
  },
  update: async (checkout) => {
    const { id: _id, created_at: _created, ...changes } = checkoutRow(checkout)
    await trx.updateTable('donation_checkouts').set(changes).where('id', '=', checkout.id).execute()
  },
})
