/**
 * Card donations: a donor's checkout at the card provider (`donation_checkouts`), the provider's events
 * applied so far (`payment_events`, each recorded once), a donation's payment state as those events left
 * it (refunded so far, a dispute and when its last event was created), and when the last `account.updated`
 * event applied to a payment account was created.
 *
 * The per-day totals keep counting every donation (lists page over them all; a campaign with donations is
 * never deleted) but sum what a donation counts (`counted_cents`): what was paid and not refunded, nothing
 * once a dispute is lost. The trigger function is replaced and the totals are computed again from the rows.
 *
 * No foreign keys from a checkout to its payment account (a rejected account is deleted when the club gets
 * a new one; its paid checkouts keep naming the account that took the money) or between a donation and
 * its checkout (the domain links them, both under the checkout's id); a checkout goes with its club or
 * (one without donations) its campaign. The event log has none either: an event stays applied whatever
 * becomes of its account.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText, deferrableReference } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('donations')
    .addColumn('payment_checkout_id', bytewiseText, (col) => col.unique())
    .addColumn('payment_intent_id', bytewiseText, (col) => col.unique())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dispute', 'text', (col) => col.check(sql`dispute IN ('OPEN', 'WON', 'LOST')`))
    .addColumn('dispute_event_at', 'bigint')
    .addColumn('counted_cents', 'integer', (col) =>
      col
        .notNull()
        .generatedAlwaysAs(sql`CASE WHEN dispute = 'LOST' THEN 0 ELSE amount_cents - refunded_cents END`)
        .stored(),
    )
    .execute()
  await db.schema
    .alterTable('donations')
    .addCheckConstraint('donations_refunded_cents_check', sql`refunded_cents >= 0 AND refunded_cents <= amount_cents`)
    .execute()
  // A card donation names its checkout and payment; any other has no payment state at all.
  await db.schema
    .alterTable('donations')
    .addCheckConstraint(
      'donations_payment_check',
      sql`(payment_checkout_id IS NOT NULL AND payment_intent_id IS NOT NULL) OR (payment_checkout_id IS NULL AND payment_intent_id IS NULL AND refunded_cents = 0 AND dispute IS NULL AND dispute_event_at IS NULL)`,
    )
    .execute()

  await sql`CREATE OR REPLACE FUNCTION donation_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
            SELECT club_id, coalesce(campaign_id, ''), day, -count(*), -sum(counted_cents) FROM old_rows GROUP BY 1, 2, 3
            ON CONFLICT (club_id, campaign_id, day) DO UPDATE
              SET count = donation_day_totals.count + excluded.count, cents = donation_day_totals.cents + excluded.cents;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
            SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(counted_cents) FROM new_rows GROUP BY 1, 2, 3
            ON CONFLICT (club_id, campaign_id, day) DO UPDATE
              SET count = donation_day_totals.count + excluded.count, cents = donation_day_totals.cents + excluded.cents;
        END IF;
        DELETE FROM donation_day_totals WHERE count = 0;
        RETURN NULL;
      END $$`.execute(db)
  await sql`DELETE FROM donation_day_totals`.execute(db)
  await sql`INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
    SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(counted_cents) FROM donations GROUP BY 1, 2, 3`.execute(
    db,
  )

  await db.schema.alterTable('payment_accounts').addColumn('provider_event_at', 'bigint').execute()

  await db.schema
    .createTable('donation_checkouts')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('campaign_id', bytewiseText, (col) =>
      deferrableReference(col.notNull(), 'campaigns.document_id', 'cascade'),
    )
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('account_id', bytewiseText, (col) => col.notNull())
    .addColumn('session_id', bytewiseText, (col) => col.unique())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('donor_name', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state IN ('OPEN', 'PAID', 'FAILED', 'EXPIRED')`))
    .addColumn('donation_id', bytewiseText)
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('donation_checkouts_by_campaign').on('donation_checkouts').column('campaign_id').execute()
  await db.schema.createIndex('donation_checkouts_by_club').on('donation_checkouts').column('club_id').execute()

  await db.schema
    .createTable('payment_events')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('account_id', bytewiseText)
    // The provider's epoch milliseconds.
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .execute()
}
