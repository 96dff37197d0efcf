/**
 * The running totals the lists read (migration 0002) always equal what summing the rows gives, after
 * inserts, updates and deletes, in bulk or one by one.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedClubs, seedClubTypes } from '#adapters/demo-seed/seed-accounts.ts'
import type { OpenDatabase } from './database.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await seededDatabase()
}, 60_000)
afterAll(() => database.close())

/** Rows where the kept totals and a fresh count disagree. */
const drift = () =>
  database.transaction(async (trx) => {
    const donations = await sql<{ n: number }>`
      SELECT count(*) AS n FROM (
        (SELECT club_id, campaign_id, day, count, cents FROM donation_day_totals
         EXCEPT SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(amount_cents) FROM donations GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(amount_cents) FROM donations GROUP BY 1, 2, 3
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
})
