/**
 * Migration 0008 on a database that has club roles already: the columns default to false, and the chair
 * (both rights) and the treasurer (money) of the catalogue the portal started with get theirs, found by
 * id or by name.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database.ts'
import type { OpenDatabase } from './database.ts'
import { migrationProvider } from './migrations/provider.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await openDatabase({ onConnectionError: () => undefined })
}, 60_000)
afterAll(() => database.close())

describe('migration 0008 (club role rights)', () => {
  it('gives the chair both rights and the treasurer the money right, by id or by name; nobody else any', async () => {
    // The catalogue as a database before 0008 holds it.
    await sql`ALTER TABLE club_roles DROP COLUMN manage_money, DROP COLUMN manage_members`.execute(database.db)
    const roles = [
      ['cr-obmann', 'Obmann/Obfrau'],
      ['cr-kassier', 'Kassier/in'],
      ['r-obfrau', 'Obfrau/Obmann'],
      ['r-kassierin', 'Kassierin'],
      ['r-stellvertretung', 'Obmann-Stellvertreter/in'],
      ['r-kassier-stv', 'Kassier-Stellvertreter/in'],
      ['r-schrift', 'Schriftführer/in'],
    ]
    for (const [id, name] of roles)
      await sql`INSERT INTO club_roles (id, name, created_at) VALUES (${id}, ${name}, now())`.execute(database.db)

    const migration = (await migrationProvider.getMigrations())['0008-club-role-rights']!
    await migration.up(database.db)

    const rows = (
      await sql<{
        id: string
        manage_money: boolean
        manage_members: boolean
      }>`SELECT id, manage_money, manage_members FROM club_roles ORDER BY id`.execute(database.db)
    ).rows
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.manage_money, row.manage_members]]))).toEqual({
      'cr-obmann': [true, true],
      'cr-kassier': [true, false],
      'r-obfrau': [true, true],
      'r-kassierin': [true, false],
      'r-stellvertretung': [false, false],
      'r-kassier-stv': [false, false],
      'r-schrift': [false, false],
    })
    // A role created afterwards has no right unless it is given one.
    await sql`INSERT INTO club_roles (id, name, created_at) VALUES ('r-neu', 'Beirat', now())`.execute(database.db)
    const added = await sql<{
      manage_money: boolean
    }>`SELECT manage_money FROM club_roles WHERE id = 'r-neu'`.execute(database.db)
    expect(added.rows[0]!.manage_money).toBe(false)
  }, 60_000)
})
