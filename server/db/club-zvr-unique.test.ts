/**
 * One club per ZVR number in the database (migration 0005), under the domain's own check: the unique
 * index on the number without leading zeros, the adapter's `club-zvr` error, and a migration that stops
 * (naming the clubs) when a database already holds two clubs with one number.
 */
import { sql } from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DuplicateKeyError } from '#domain/ports.ts'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { createServerBackend } from '#server/backend.ts'
import type { ServerBackend } from '#server/backend.ts'
import { seededDatabase } from '#server/testing/seeded-database.ts'
import type { OpenDatabase } from './database.ts'
import { migrationProvider } from './migrations/provider.ts'

let database: OpenDatabase
let backend: ServerBackend

beforeAll(async () => {
  database = await seededDatabase()
  backend = createServerBackend(database, { logger: pino({ level: 'silent' }) })
}, 60_000)
afterAll(() => database.close())

const zvrOf = async (clubId: string) =>
  (await sql<{ zvr: string }>`SELECT zvr_number AS zvr FROM clubs WHERE id = ${clubId}`.execute(database.db)).rows[0]!
    .zvr

describe('the unique ZVR number', () => {
  it('refuses another club with the number, leading zeros or not, as the `club-zvr` duplicate', async () => {
    const taken = await zvrOf(seedClubs.volume)
    const attempt = (zvr: string) =>
      backend.transact(async ({ clubs }) => {
        const club = (await clubs.get(seedClubs.incomplete))!
        await clubs.update({ ...club, profile: { ...club.profile, zvrNumber: zvr } })
      })
    for (const zvr of [taken, `0${taken}`]) {
      const error: unknown = await attempt(zvr).catch((failure: unknown) => failure)
      expect(error).toBeInstanceOf(DuplicateKeyError)
      expect((error as DuplicateKeyError).key).toBe('club-zvr')
    }
    // Clubs without a number are many; the club keeps its own.
    await attempt('')
    await attempt(taken.replace(/^\d/, '9'))
  })

  it('finds clubs by the number without leading zeros, and by name and postal code', async () => {
    const taken = await zvrOf(seedClubs.secondActive)
    const found = await backend.transact(
      async ({ clubs }) => ({
        byZvr: await clubs.findByZvrKey(taken.replace(/^0+/, '')),
        byName: await clubs.findByNameAndPostalCode('musikverein hallein', '5400'),
      }),
      true,
    )
    expect(found.byZvr.map((club) => club.id)).toEqual([seedClubs.secondActive])
    expect(found.byName.map((club) => club.id)).toEqual([seedClubs.secondActive])
  })

  it('stops the migration and names the clubs when two of them share a number', async () => {
    const fresh = await seededDatabase()
    try {
      const taken = await zvrOf(seedClubs.volume)
      await sql`DROP INDEX clubs_zvr_key`.execute(fresh.db)
      await sql`UPDATE clubs SET zvr_number = ${`00${taken}`} WHERE id = ${seedClubs.incomplete}`.execute(fresh.db)
      // The migration as it runs on a database holding such clubs (Kysely runs it in order, once).
      const migration = (await migrationProvider.getMigrations())['0005-club-zvr-unique']!
      const error: unknown = await migration.up(fresh.db).catch((failure: unknown) => failure)
      expect(String(error)).toMatch(/clubs share a ZVR number/)
      expect(String(error)).toContain(seedClubs.incomplete)
      expect(String(error)).toContain(seedClubs.volume)
    } finally {
      await fresh.close()
    }
  }, 60_000)
})
