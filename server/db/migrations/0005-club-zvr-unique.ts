/**
 * One club per ZVR number: the backstop under the domain's check (domain/club-checks.ts, `zvrKey`), so
 * two registrations at the same moment cannot both win. Leading zeros do not count, and clubs without a
 * number (a profile still being completed) are left out. A database that already holds two clubs with one
 * number cannot take the index: the migration stops and names them, for an operator to resolve (change or
 * clear one of the numbers) before the server starts again.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  const duplicates = await sql<{ zvr: string; clubs: string }>`
    SELECT ltrim(zvr_number, '0') AS zvr, string_agg(id, ', ' ORDER BY id) AS clubs
    FROM clubs WHERE zvr_number <> '' GROUP BY 1 HAVING count(*) > 1 ORDER BY 1`.execute(db)
  if (duplicates.rows.length > 0) {
    const list = duplicates.rows.map((row) => `ZVR ${row.zvr}: ${row.clubs}`).join('; ')
    throw new Error(
      `Migration 0005-club-zvr-unique: clubs share a ZVR number (${list}). Give each club its own number (or none) and start again.`,
    )
  }
  await sql`CREATE UNIQUE INDEX clubs_zvr_key ON clubs ((ltrim(zvr_number, '0'))) WHERE zvr_number <> ''`.execute(db)
}
