/**
 * The table `donations`: the seed loads them, a paid checkout adds one, and the provider's events change a
 * card donation's payment state (refunds, disputes). Its sums are read from the per-day totals
 * `donation_day_totals` that triggers keep (migrations 0002, 0009): the count of every donation and the sum
 * of what each counts (`counted_cents`: paid and not refunded, nothing once a dispute is lost). A donation's
 * tax record is three columns (migration 0012), so the few with one are a partial index's range; so is its
 * receipt address (`jsonb`, migration 0014).
 */
import { sql } from 'kysely'
import type { DonationRepository, DonationScope } from '#domain/ports.ts'
import type { DisputeState, DonationPayment, DonationRecord, DonationTaxRecord } from '#domain/records.ts'
import { sortKey } from '#domain/sort-key.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json } from './rows.ts'

type PaymentColumns = Pick<
  NewRow<'donations'>,
  'payment_checkout_id' | 'payment_intent_id' | 'refunded_cents' | 'dispute' | 'dispute_event_at'
>

/** A card donation's payment; absent (no key at all) when the donation came another way. */
const toPayment = (row: Row<'donations'>): DonationPayment | undefined =>
  row.payment_checkout_id === null
    ? undefined
    : {
        checkoutId: row.payment_checkout_id,
        paymentIntentId: row.payment_intent_id ?? '',
        refundedCents: row.refunded_cents,
        dispute: row.dispute as DisputeState | null,
        disputeEventAt: row.dispute_event_at === null ? null : Number(row.dispute_event_at),
      }

const paymentColumns = (payment: DonationPayment | undefined): PaymentColumns => ({
  payment_checkout_id: payment?.checkoutId ?? null,
  payment_intent_id: payment?.paymentIntentId ?? null,
  refunded_cents: payment?.refundedCents ?? 0,
  dispute: payment?.dispute ?? null,
  dispute_event_at: payment?.disputeEventAt ?? null,
})

/** Its tax record; absent (no key at all) when it has none, as on the seed's generated donations. */
const toTax = (row: Row<'donations'>): DonationTaxRecord | undefined =>
  row.tax_company === null
    ? undefined
    : row.tax_company
      ? { company: true, donorId: null, consentId: null }
      : { company: false, donorId: row.tax_donor_id ?? '', consentId: row.tax_consent_id ?? '' }

const taxColumns = (
  tax: DonationTaxRecord | null | undefined,
): Pick<NewRow<'donations'>, 'tax_company' | 'tax_donor_id' | 'tax_consent_id'> => ({
  tax_company: tax?.company ?? null,
  tax_donor_id: tax?.donorId ?? null,
  tax_consent_id: tax?.consentId ?? null,
})

const toDonation = (row: Row<'donations'>): DonationRecord => {
  const payment = toPayment(row)
  const tax = toTax(row)
  return {
    id: row.id,
    clubId: row.club_id,
    campaignId: row.campaign_id,
    amountCents: row.amount_cents,
    donorName: row.donor_name,
    message: row.message,
    at: Date.parse(row.donated_at),
    day: row.day,
    ...(payment && { payment }),
    ...(tax && { tax }),
    // Absent (as on the seed's generated donations) rather than null.
    ...(row.receipt_address !== null && { receiptAddress: row.receipt_address }),
    ...(row.receipt_token !== null && { receiptToken: row.receipt_token }),
  }
}

export const donationRow = (donation: DonationRecord): NewRow<'donations'> => ({
  id: donation.id,
  club_id: donation.clubId,
  campaign_id: donation.campaignId,
  amount_cents: donation.amountCents,
  donor_name: donation.donorName,
  donor_key: donation.donorName === null ? null : sortKey(donation.donorName),
  message: donation.message,
  donated_at: new Date(donation.at),
  day: donation.day,
  ...paymentColumns(donation.payment),
  ...taxColumns(donation.tax),
  receipt_address: donation.receiptAddress ? json(donation.receiptAddress) : null,
  receipt_token: donation.receiptToken ?? null,
})

export const donationRepository = (trx: Trx): DonationRepository => {
  const inScope = (scope: DonationScope) =>
    'clubId' in scope
      ? trx.selectFrom('donations').where('club_id', '=', scope.clubId)
      : trx.selectFrom('donations').where('campaign_id', '=', scope.campaignId)
  /** The per-day totals the triggers keep (migration 0002), for a club or a campaign. */
  const totalsInScope = (scope: DonationScope) =>
    'clubId' in scope
      ? trx.selectFrom('donation_day_totals').where('club_id', '=', scope.clubId)
      : trx.selectFrom('donation_day_totals').where('campaign_id', '=', scope.campaignId)
  const sums = sql<number>`coalesce(sum(count), 0)`.as('count')
  const cents = sql<number>`coalesce(sum(cents), 0)`.as('cents')
  return {
    get: async (id) => {
      const row = await trx.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toDonation(row) : null
    },
    findByReceiptToken: async (token) => {
      const row = await trx.selectFrom('donations').selectAll().where('receipt_token', '=', token).executeTakeFirst()
      return row ? toDonation(row) : null
    },
    findByPaymentIntent: async (paymentIntentId) => {
      const row = await trx
        .selectFrom('donations')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst()
      return row ? toDonation(row) : null
    },
    // ON CONFLICT: a concurrent insert of the same id waits for the other transaction and then inserts
    // nothing, instead of failing (a unique violation would abort the whole transaction). On a PostgreSQL
    // server under SERIALIZABLE, a row committed after this transaction's snapshot is a serialization
    // failure instead, which database.ts retries: the retry sees the row and gets false.
    insert: async (donation) =>
      (await trx
        .insertInto('donations')
        .values(donationRow(donation))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()) !== undefined,
    updatePayment: async (id, payment) => {
      await trx.updateTable('donations').set(paymentColumns(payment)).where('id', '=', id).execute()
    },
    // The predicate of the partial index `donations_with_tax` (migration 0012), so the planner takes it.
    listWithTax: async (clubId, from, to) =>
      (
        await trx
          .selectFrom('donations')
          .selectAll()
          .where('club_id', '=', clubId)
          .where('tax_company', 'is not', null)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .execute()
      ).map(toDonation),
    // The predicate of the partial index `donations_with_receipt_address` (migration 0014).
    listWithReceiptAddress: async (clubId, from, to) =>
      (
        await trx
          .selectFrom('donations')
          .selectAll()
          .where('club_id', '=', clubId)
          .where('receipt_address', 'is not', null)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .execute()
      ).map(toDonation),
    page: async (scope, query) => {
      let filtered = inScope(scope)
      let totals = totalsInScope(scope)
      if (query.from !== null) {
        filtered = filtered.where('day', '>=', query.from)
        totals = totals.where('day', '>=', query.from)
      }
      if (query.to !== null) {
        filtered = filtered.where('day', '<=', query.to)
        totals = totals.where('day', '<=', query.to)
      }
      const direction = query.descending ? 'desc' : 'asc'
      let ordered = filtered.selectAll()
      if (query.sort === 'donatedAt') ordered = ordered.orderBy('donated_at', direction).orderBy('id', direction)
      else {
        if (query.sort === 'amountCents') ordered = ordered.orderBy('amount_cents', direction)
        // Anonymous donations last in both directions.
        else ordered = ordered.orderBy(sql`donor_key IS NULL`, 'asc').orderBy('donor_key', direction)
        ordered = ordered.orderBy('donated_at', 'desc').orderBy('id', 'desc')
      }
      const [rows, total] = await Promise.all([
        ordered.offset(query.offset).limit(query.limit).execute(),
        totals.select([sums, cents]).executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toDonation), totalItems: Number(total.count), totalCents: Number(total.cents) }
    },
    dailyTotals: async (clubId, from, to) => {
      const rows = await trx
        .selectFrom('donation_day_totals')
        .select(['day', sums, cents])
        .where('club_id', '=', clubId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute()
      return rows.map((row) => ({ day: row.day, count: Number(row.count), cents: Number(row.cents) }))
    },
    clubTotals: async (clubId, sinceDay) => {
      const row = await trx
        .selectFrom('donation_day_totals')
        .select([
          sums,
          cents,
          sql<number>`coalesce(sum(count) FILTER (WHERE day >= ${sinceDay}), 0)`.as('since_count'),
          sql<number>`coalesce(sum(cents) FILTER (WHERE day >= ${sinceDay}), 0)`.as('since_cents'),
        ])
        .where('club_id', '=', clubId)
        .executeTakeFirstOrThrow()
      return {
        all: { count: Number(row.count), cents: Number(row.cents) },
        since: { count: Number(row.since_count), cents: Number(row.since_cents) },
      }
    },
    campaignTotals: async (campaignIds) => {
      if (campaignIds.length === 0) return new Map()
      const rows = await trx
        .selectFrom('donation_day_totals')
        .select(['campaign_id', sums, cents])
        .where('campaign_id', 'in', [...campaignIds])
        .groupBy('campaign_id')
        .execute()
      return new Map(rows.map((row) => [row.campaign_id, { count: Number(row.count), cents: Number(row.cents) }]))
    },
  }
}
