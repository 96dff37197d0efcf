/**
 * The annual transmission of donations to the tax office (issue 23): a club's tax data and donor counter
 * (`club_tax`), the donors who gave their data (`tax_donors`), their consents (`tax_consents`), the
 * transmissions made (`tax_transmissions`) and which transmission each file's `messageRefId` belongs to
 * (`tax_transmission_parts`); a checkout carries the donor's data until it is paid, a donation whose
 * consent covers it (or that a company made).
 *
 * - `club_tax.next_donor_number` is the number the next donor gets: handed out by one statement that
 *   inserts or increments the row (server/db/repositories/tax.ts), so concurrent transactions wait for each
 *   other and never get the same one. The row may hold only the counter (`updated_at` null) until the club
 *   enters its tax data.
 * - A donor is recognised by `match_key` (name and date of birth, domain/tax-donors.ts), unique per club,
 *   as are the running number and the reference (`RefNr`) made from it.
 * - A protocol names its file by `messageRefId`, unique per club: the parts table keeps that, the parts
 *   themselves (records as sent, protocols) are `jsonb` of the transmission.
 * - A donation's tax record is three columns, so the year's donations with one are a partial index's
 *   range (`donations_with_tax`), not a scan of the club's 10 000; no column at all for most donations.
 *
 * The tax records go with their club (and a consent with its donor), though a club with donations, which
 * every donor has, is never deleted (0001). A donation's donor and consent are references.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText, deferrableReference } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('club_tax')
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.primaryKey(), 'clubs.id', 'cascade'))
    .addColumn('tax_number', 'text')
    .addColumn('last_report_on', 'date')
    .addColumn('entries', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('next_donor_number', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`next_donor_number >= 1`),
    )
    .addColumn('updated_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('tax_donors')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('number', 'integer', (col) => col.notNull().check(sql`number >= 1`))
    .addColumn('ref_nr', bytewiseText, (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'date', (col) => col.notNull())
    .addColumn('match_key', bytewiseText, (col) => col.notNull())
    .addColumn('bpk_state', 'text', (col) =>
      col.notNull().check(sql`bpk_state IN ('NONE', 'FOUND', 'NO_MATCH', 'AMBIGUOUS', 'ERROR')`),
    )
    .addColumn('vbpk', 'text')
    .addColumn('bpk_message', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('tax_donors_match_key', ['club_id', 'match_key'])
    .addUniqueConstraint('tax_donors_number_key', ['club_id', 'number'])
    .addUniqueConstraint('tax_donors_ref_nr_key', ['club_id', 'ref_nr'])
    .execute()

  await db.schema
    .createTable('tax_consents')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('donor_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'tax_donors.id', 'cascade'))
    .addColumn('email', bytewiseText, (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope IN ('DONATION', 'UNTIL_WITHDRAWN')`))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('given_at', 'timestamptz', (col) => col.notNull())
    .addColumn('withdrawn_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX tax_consents_by_donor ON tax_consents (donor_id)`.execute(db)
  // findStandingConsent: the newest standing consent of an address, the first entry of this index.
  await sql`CREATE INDEX tax_consents_standing ON tax_consents (club_id, email, given_at DESC, id DESC)
    WHERE scope = 'UNTIL_WITHDRAWN' AND withdrawn_at IS NULL`.execute(db)

  await db.schema
    .createTable('tax_transmissions')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode IN ('TEST', 'PRODUCTION')`))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('tax_number', 'text')
    // Epoch milliseconds: the files' `Timestamp`, written again byte for byte.
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by_name', 'text', (col) => col.notNull())
    .addColumn('parts', 'jsonb', (col) => col.notNull())
    .execute()
  await sql`CREATE INDEX tax_transmissions_by_year ON tax_transmissions (club_id, year, created_at, id)`.execute(db)

  await db.schema
    .createTable('tax_transmission_parts')
    .addColumn('club_id', bytewiseText, (col) => col.notNull())
    .addColumn('message_ref_id', bytewiseText, (col) => col.notNull())
    .addColumn('transmission_id', bytewiseText, (col) =>
      deferrableReference(col.notNull(), 'tax_transmissions.id', 'cascade'),
    )
    .addPrimaryKeyConstraint('tax_transmission_parts_pkey', ['club_id', 'message_ref_id'])
    .execute()
  await sql`CREATE INDEX tax_transmission_parts_by_transmission ON tax_transmission_parts (transmission_id)`.execute(db)

  await db.schema.alterTable('donation_checkouts').addColumn('tax', 'jsonb').execute()

  await db.schema
    .alterTable('donations')
    .addColumn('tax_company', 'boolean')
    .addColumn('tax_donor_id', bytewiseText, (col) =>
      col.references('tax_donors.id').modifyEnd(sql`DEFERRABLE INITIALLY IMMEDIATE`),
    )
    .addColumn('tax_consent_id', bytewiseText, (col) =>
      col.references('tax_consents.id').modifyEnd(sql`DEFERRABLE INITIALLY IMMEDIATE`),
    )
    .execute()
  // None, a company's (no donor) or a donor's with the consent that covers it: domain/records.ts DonationTaxRecord.
  await db.schema
    .alterTable('donations')
    .addCheckConstraint(
      'donations_tax_check',
      sql`(tax_company IS NULL AND tax_donor_id IS NULL AND tax_consent_id IS NULL)
        OR (tax_company AND tax_donor_id IS NULL AND tax_consent_id IS NULL)
        OR (NOT tax_company AND tax_donor_id IS NOT NULL AND tax_consent_id IS NOT NULL)`,
    )
    .execute()
  await sql`CREATE INDEX donations_with_tax ON donations (club_id, day) WHERE tax_company IS NOT NULL`.execute(db)
  // What the references' checks look up when a donor or a consent goes: the few donations that have one.
  await sql`CREATE INDEX donations_by_tax_donor ON donations (tax_donor_id) WHERE tax_donor_id IS NOT NULL`.execute(db)
  await sql`CREATE INDEX donations_by_tax_consent ON donations (tax_consent_id) WHERE tax_consent_id IS NOT NULL`.execute(
    db,
  )
}
