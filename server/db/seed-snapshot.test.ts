/**
 * The test hook's restore brings back exactly the seed, whatever a request wrote (cascades included),
 * while copying only the tables that changed.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import type { OpenDatabase } from './database.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'
import { SNAPSHOT_TABLES, restoreSnapshot } from './seed-snapshot.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await seededDatabase()
}, 60_000)
afterAll(() => database.close())

/** Rows that differ between a table and its snapshot, both ways. */
const differences = async (table: string): Promise<number> =>
  database.transaction(async (trx) => {
    const result = await sql<{ count: number }>`
      SELECT count(*) AS count FROM (
        (SELECT * FROM ${sql.table(table)} EXCEPT ALL SELECT * FROM ${sql.table(`seed_snapshot.${table}`)})
        UNION ALL
        (SELECT * FROM ${sql.table(`seed_snapshot.${table}`)} EXCEPT ALL SELECT * FROM ${sql.table(table)})
      ) AS changed`.execute(trx)
    return Number(result.rows[0]!.count)
  })

describe('the seed snapshot', () => {
  it('restores every table a write touched, cascades included', async () => {
    await database.transaction(async (trx) => {
      // Deleting a user cascades to memberships and credentials and clears `checked_by` on clubs.
      await trx.deleteFrom('users').where('uid', '=', seedAccounts.admin.uid).execute()
      await trx.updateTable('clubs').set({ name: 'Umbenannt' }).where('id', '=', seedClubs.volume).execute()
      await trx.deleteFrom('donations').where('club_id', '=', seedClubs.secondActive).execute()
      // A card donation's payment changes `counted_cents`, a generated column the restore leaves to PostgreSQL.
      await trx
        .updateTable('donations')
        .set({ payment_checkout_id: 'co-1', payment_intent_id: 'pi_1', refunded_cents: 1 })
        .where('id', '=', (eb) =>
          eb.selectFrom('donations').select('id').where('club_id', '=', seedClubs.volume).limit(1),
        )
        .execute()
      await trx
        .insertInto('payment_events')
        .values({ id: 'evt_1', type: 'charge.refunded', account_id: null, created_at: 1, received_at: new Date() })
        .execute()
      await trx
        .insertInto('mail_outbox')
        .values({
          id: 'm1',
          to_address: 'a@b.at',
          kind: 'INVITATION',
          subject: 's',
          text: 't',
          link: '/',
          created_at: new Date(),
        })
        .execute()
    })
    expect(await differences('users')).toBeGreaterThan(0)
    expect(await differences('clubs')).toBeGreaterThan(0)
    expect(await differences('donations')).toBeGreaterThan(0)
    expect(await differences('payment_events')).toBeGreaterThan(0)

    await restoreSnapshot(database)
    for (const table of SNAPSHOT_TABLES) expect(await differences(table), table).toBe(0)
  })

  it('copies nothing when nothing was written', async () => {
    await restoreSnapshot(database)
    const dirty = await database.transaction(
      async (trx) => (await sql<{ table_name: string }>`SELECT table_name FROM seed_snapshot.dirty`.execute(trx)).rows,
    )
    expect(dirty).toEqual([])
  })
})
