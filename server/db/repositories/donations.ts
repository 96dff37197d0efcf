/**
 * The table `donations` (read only: the port writes none; the seed loads them), its sums read from the
 * per-day totals `donation_day_totals` that triggers keep (migration 0002).
 */
import { sql } from 'kysely'
import type { DonationRepository, DonationScope } from '#domain/ports.ts'
import type { DonationRecord } from '#domain/records.ts'
import { sortKey } from '#domain/sort-key.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

const toDonation = (row: Row<'donations'>): DonationRecord => ({
  id: row.id,
  clubId: row.club_id,
  campaignId: row.campaign_id,
  amountCents: row.amount_cents,
  donorName: row.donor_name,
  message: row.message,
  at: Date.parse(row.donated_at),
  day: row.day,
})

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
