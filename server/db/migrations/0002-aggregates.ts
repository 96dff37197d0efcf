/**
 * Running totals the paged lists read instead of summing the underlying rows on every request: the
 * donations per club, campaign and day (the list totals, the dashboard's sums, the chart), and the clubs
 * per status and type (the release list's total). Kept exact by statement triggers (with transition
 * tables, so a bulk insert updates them once per statement), and filled from the data already there.
 *
 * The functions' bodies are kept verbatim, indentation included: PostgreSQL stores them as written, and
 * databases created by the first version of this migration hold exactly this text.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('donation_day_totals')
    .addColumn('club_id', bytewiseText, (col) => col.notNull())
    // '' for donations outside a campaign (a primary key cannot hold NULL).
    .addColumn('campaign_id', bytewiseText, (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('donation_day_totals_pkey', ['club_id', 'campaign_id', 'day'])
    .execute()
  await sql`CREATE INDEX donation_day_totals_by_campaign ON donation_day_totals (campaign_id, day) INCLUDE (count, cents)`.execute(
    db,
  )

  await sql`CREATE FUNCTION donation_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
            SELECT club_id, coalesce(campaign_id, ''), day, -count(*), -sum(amount_cents) FROM old_rows GROUP BY 1, 2, 3
            ON CONFLICT (club_id, campaign_id, day) DO UPDATE
              SET count = donation_day_totals.count + excluded.count, cents = donation_day_totals.cents + excluded.cents;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
            SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(amount_cents) FROM new_rows GROUP BY 1, 2, 3
            ON CONFLICT (club_id, campaign_id, day) DO UPDATE
              SET count = donation_day_totals.count + excluded.count, cents = donation_day_totals.cents + excluded.cents;
        END IF;
        DELETE FROM donation_day_totals WHERE count = 0;
        RETURN NULL;
      END $$`.execute(db)
  await sql`CREATE TRIGGER donation_day_totals_insert AFTER INSERT ON donations
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply()`.execute(db)
  await sql`CREATE TRIGGER donation_day_totals_update AFTER UPDATE ON donations
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply()`.execute(
    db,
  )
  await sql`CREATE TRIGGER donation_day_totals_delete AFTER DELETE ON donations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply()`.execute(db)
  await sql`INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
    SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(amount_cents) FROM donations GROUP BY 1, 2, 3`.execute(
    db,
  )

  await db.schema
    .createTable('club_counts')
    .addColumn('status', bytewiseText, (col) => col.notNull())
    // '' for clubs without a type.
    .addColumn('club_type_id', bytewiseText, (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('club_counts_pkey', ['status', 'club_type_id'])
    .execute()

  await sql`CREATE FUNCTION club_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO club_counts (status, club_type_id, count)
            SELECT status, coalesce(club_type_id, ''), -count(*) FROM old_rows GROUP BY 1, 2
            ON CONFLICT (status, club_type_id) DO UPDATE SET count = club_counts.count + excluded.count;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO club_counts (status, club_type_id, count)
            SELECT status, coalesce(club_type_id, ''), count(*) FROM new_rows GROUP BY 1, 2
            ON CONFLICT (status, club_type_id) DO UPDATE SET count = club_counts.count + excluded.count;
        END IF;
        DELETE FROM club_counts WHERE count = 0;
        RETURN NULL;
      END $$`.execute(db)
  await sql`CREATE TRIGGER club_counts_insert AFTER INSERT ON clubs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply()`.execute(db)
  await sql`CREATE TRIGGER club_counts_update AFTER UPDATE ON clubs
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply()`.execute(
    db,
  )
  await sql`CREATE TRIGGER club_counts_delete AFTER DELETE ON clubs
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply()`.execute(db)
  await sql`INSERT INTO club_counts (status, club_type_id, count)
    SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2`.execute(db)
}
