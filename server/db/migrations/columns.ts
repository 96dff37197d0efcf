/**
 * Column kinds the migrations share. A migration never changes after it has shipped, so neither does the
 * meaning of anything here: a different kind of column is a new helper.
 */
import { sql } from 'kysely'
import type { ColumnDefinitionBuilder, OnModifyForeignAction } from 'kysely'

/**
 * Text compared byte by byte (`COLLATE "C"`): ids, sort keys, ZVR numbers and statuses, which lists are
 * ordered by, so PostgreSQL orders them exactly as the in-memory store does.
 */
export const bytewiseText = sql`text COLLATE "C"`

/**
 * A foreign key checked at once unless a transaction defers it: the test hook that restores the demo seed
 * replaces the small tables under the 100 000 donations without copying the donations themselves
 * (server/db/seed-snapshot.ts).
 */
export const deferrableReference = (
  column: ColumnDefinitionBuilder,
  target: string,
  onDelete: OnModifyForeignAction,
): ColumnDefinitionBuilder =>
  column
    .references(target)
    .onDelete(onDelete)
    .modifyEnd(sql`DEFERRABLE INITIALLY IMMEDIATE`)
