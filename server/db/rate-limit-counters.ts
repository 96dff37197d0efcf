/**
 * The rate limits' counters in PostgreSQL, shared by every server process on the database
 * (server/rate-limits.ts): one row per limit and client, counted up by one statement per request.
 *
 * Both statements run outside a transaction (the read-only path of `transaction`; each is atomic by
 * itself): hits on one counter wait for each other's row lock instead of failing as serialization
 * conflicts. Times are the database's, so every process sees the same window.
 */
import { sql } from 'kysely'
import type { RateLimitCounters } from '#server/rate-limits.ts'
import type { OpenDatabase } from './database.ts'

export const sqlRateLimitCounters = (database: OpenDatabase): RateLimitCounters => ({
  hit: async (key, windowMs) => {
    const rows = await database.transaction(
      async (db) =>
        (
          await sql<{ hits: number; ms_left: number }>`
            INSERT INTO rate_limit_counters AS counter (key, hits, window_ends_at)
            VALUES (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN counter.window_ends_at <= now() THEN 1 ELSE counter.hits + 1 END,
              window_ends_at = CASE WHEN counter.window_ends_at <= now()
                THEN excluded.window_ends_at ELSE counter.window_ends_at END
            RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ms_left
          `.execute(db)
        ).rows,
      true,
    )
    const row = rows[0]
    if (!row) throw new Error('The rate-limit counter was not returned.')
    return { hits: row.hits, msLeft: row.ms_left }
  },
  removeEnded: async () => {
    await database.transaction(async (db) => {
      await sql`DELETE FROM rate_limit_counters WHERE window_ends_at <= now()`.execute(db)
    }, true)
  },
})
