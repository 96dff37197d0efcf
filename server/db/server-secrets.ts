/**
 * Keys every server process on one database must use alike, kept in the database (`server_secrets`):
 * the first process that needs one makes it, every other one (and every later start) reads that one.
 */
import type { OpenDatabase } from './database.ts'

/** The secret `name`, made with `make` when the database has none yet. */
export const sharedSecret = (database: OpenDatabase, name: string, make: () => string): Promise<string> =>
  database.transaction(async (trx) => {
    await trx
      .insertInto('server_secrets')
      .values({ name, value: make() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute()
    const row = await trx
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return row.value
  })
