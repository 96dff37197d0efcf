/**
 * The running totals the lists read (migrations 0002, 0009) always equal what summing the rows gives, after
 * inserts, updates and deletes, in bulk or one by one: every donation counted, and the cents each counts
 * (what was paid and not refunded, nothing once a dispute is lost).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedClubs, seedClubTypes } from '#adapters/demo-seed/seed-accounts.ts'
import type { DonationRecord } from '#domain/records.ts'
import { donationRepository } from './repositories/donations.ts'
import type { OpenDatabase } from './database.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await seededDatabase()
}, 60_000)
afterAll(() => database.close())

/** What a donation counts, written out here rather than read from the generated column. */
const counted = sql`sum(CASE WHEN dispute = 'LOST' THEN 0 ELSE amount_cents - refunded_cents END)`

/** Rows where the kept totals and a fresh count disagree. */
const drift = () =>
  database.transaction(async (trx) => {
    const donations = await sql<{ n: number }>`
      SELECT count(*) AS n FROM (
        (SELECT club_id, campaign_id, day, count, cents FROM donation_day_totals
         EXCEPT SELECT club_id, coalesce(campaign_id, ''), day, count(*), ${counted} FROM donations GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT club_id, coalesce(campaign_id, ''), day, count(*), ${counted} FROM donations GROUP BY 1, 2, 3
         EXCEPT SELECT club_id, campaign_id, day, count, cents FROM donation_day_totals)
      ) AS d`.execute(trx)
    const clubs = await sql<{ n: number }>`
      SELECT count(*) AS n FROM (
        (SELECT status, club_type_id, count FROM club_counts
         EXCEPT SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2)
        UNION ALL
        (SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2
         EXCEPT SELECT status, club_type_id, count FROM club_counts)
      ) AS c`.execute(trx)
    return { donations: Number(donations.rows[0]!.n), clubs: Number(clubs.rows[0]!.n) }
  })

describe('the running totals', () => {
  it('match the rows after the seed, and after every kind of change', async () => {
    expect(await drift()).toEqual({ donations: 0, clubs: 0 })
    await database.transaction(async (trx) => {
      await trx
        .updateTable('donations')
        .set({ amount_cents: 777 })
        .where('club_id', '=', seedClubs.secondActive)
        .execute()
      await trx
        .updateTable('donations')
        .set({ campaign_id: null })
        .where('club_id', '=', seedClubs.volume)
        .where('amount_cents', '>', 5000)
        .execute()
      await trx.deleteFrom('donations').where('club_id', '=', seedClubs.rejectedAccount).execute()
      await trx.updateTable('clubs').set({ status: 'INACTIVE' }).where('id', '=', seedClubs.volume).execute()
      await trx
        .updateTable('clubs')
        .set({ club_type_id: seedClubTypes.musik })
        .where('status', '=', 'PROCESSING')
        .execute()
    })
    expect(await drift()).toEqual({ donations: 0, clubs: 0 })
  })

  it('count refunded and disputed card donations, and sum what they still count', async () => {
    const day = '2031-02-03'
    const card = (id: string, amountCents: number): DonationRecord => ({
      id,
      clubId: seedClubs.secondActive,
      campaignId: null,
      amountCents,
      donorName: null,
      message: null,
      at: Date.parse(`${day}T10:00:00Z`),
      day,
      payment: { checkoutId: id, paymentIntentId: `pi_${id}`, refundedCents: 0, dispute: null, disputeEventAt: null },
    })
    const payment = (id: string, changes: Partial<NonNullable<DonationRecord['payment']>>) => ({
      ...card(id, 0).payment!,
      ...changes,
    })
    const dayTotals = () =>
      database.transaction((trx) => donationRepository(trx).dailyTotals(seedClubs.secondActive, day, day))

    await database.transaction(async (trx) => {
      const donations = donationRepository(trx)
      for (const [id, cents] of [
        ['card-a', 1000],
        ['card-b', 2000],
        ['card-c', 4000],
        ['card-d', 8000],
      ] as const)
        expect(await donations.insert(card(id, cents))).toBe(true)
    })
    expect(await dayTotals()).toEqual([{ day, count: 4, cents: 15_000 }])

    await database.transaction(async (trx) => {
      const donations = donationRepository(trx)
      await donations.updatePayment('card-a', payment('card-a', { refundedCents: 1000 }))
      await donations.updatePayment('card-b', payment('card-b', { refundedCents: 500 }))
      await donations.updatePayment('card-c', payment('card-c', { dispute: 'LOST', disputeEventAt: 5 }))
      await donations.updatePayment('card-d', payment('card-d', { dispute: 'WON', disputeEventAt: 6 }))
    })
    expect(await dayTotals()).toEqual([{ day, count: 4, cents: 1500 + 8000 }])
    expect(await drift()).toEqual({ donations: 0, clubs: 0 })

    // A day whose donations were all given back keeps its count (and so its row).
    await database.transaction(async (trx) => {
      const donations = donationRepository(trx)
      await donations.updatePayment('card-b', payment('card-b', { refundedCents: 2000 }))
      await donations.updatePayment('card-d', payment('card-d', { dispute: 'LOST', disputeEventAt: 7 }))
    })
    expect(await dayTotals()).toEqual([{ day, count: 4, cents: 0 }])
    expect(await drift()).toEqual({ donations: 0, clubs: 0 })
  })
})
