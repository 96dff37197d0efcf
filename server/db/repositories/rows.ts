/**
 * What the repositories share. Rows are mapped by hand, one mapper per table beside its repository
 * (docs/decisions/0029-data-layer.md): columns are snake_case in SQL and in server/db/schema.ts alike.
 * Timestamps arrive as ISO strings and days as `YYYY-MM-DD` already (server/db/database.ts).
 */
import { DuplicateKeyError } from '#domain/ports.ts'
import { constraintOf, isUniqueViolation } from '#server/db/database.ts'

/** A value for a `jsonb` column. */
export const json = (value: unknown): string => JSON.stringify(value)

export const groupByClub = <R extends { clubId: string }>(records: readonly R[]): Map<string, R[]> => {
  const out = new Map<string, R[]>()
  for (const record of records) {
    const list = out.get(record.clubId)
    if (list) list.push(record)
    else out.set(record.clubId, [record])
  }
  return out
}

/**
 * A write whose unique index another row already holds, as the domain's error (`keys`: the index's name →
 * the error's key); every other failure as it is.
 */
export const rethrowDuplicate =
  (keys: Readonly<Record<string, DuplicateKeyError['key']>>) =>
  (error: unknown): never => {
    const key = isUniqueViolation(error) ? keys[constraintOf(error) ?? ''] : undefined
    if (key) throw new DuplicateKeyError(key)
    throw error
  }
