/**
 * The portal's tables: users, club types and roles, clubs with their memberships, invitations, files,
 * campaigns and donations, payment accounts and their onboarding links, the app logo, settings, the mail
 * outbox and the local identity's accounts.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText, deferrableReference } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('uid', bytewiseText, (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role IN ('ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_USER')`))
    .addColumn('email_verified', 'boolean', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db)
  await db.schema.createIndex('users_role').on('users').column('role').execute()

  for (const table of ['club_types', 'club_roles']) {
    await db.schema
      .createTable(table)
      .addColumn('id', bytewiseText, (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute()
    await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_name_key`)} ON ${sql.table(table)} (lower(name))`.execute(db)
  }

  await db.schema
    .createTable('clubs')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', bytewiseText, (col) => col.notNull())
    .addColumn('zvr_number', bytewiseText, (col) => col.notNull())
    .addColumn('vat_number', 'text', (col) => col.notNull())
    .addColumn('donation_number', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('short_description', 'text', (col) => col.notNull())
    .addColumn('address', 'jsonb', (col) => col.notNull())
    .addColumn('bank_info', 'jsonb', (col) => col.notNull())
    .addColumn('billing_address', 'jsonb', (col) => col.notNull())
    .addColumn('legitimation', 'jsonb', (col) => col.notNull())
    .addColumn('club_type_id', bytewiseText, (col) => deferrableReference(col, 'club_types.id', 'restrict'))
    .addColumn('club_size', 'integer')
    .addColumn('status', bytewiseText, (col) =>
      col.notNull().check(sql`status IN ('PROCESSING', 'ACTIVE', 'INACTIVE')`),
    )
    .addColumn('is_checked', 'boolean', (col) => col.notNull())
    .addColumn('checked_at', 'timestamptz')
    .addColumn('checked_by', bytewiseText, (col) => deferrableReference(col, 'users.uid', 'set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
  // The release list: by status and/or type, in each of its orders.
  await db.schema.createIndex('clubs_by_name').on('clubs').columns(['name_key', 'id']).execute()
  await db.schema.createIndex('clubs_by_status_name').on('clubs').columns(['status', 'name_key', 'id']).execute()
  await db.schema.createIndex('clubs_by_type_name').on('clubs').columns(['club_type_id', 'name_key', 'id']).execute()
  await db.schema.createIndex('clubs_by_created').on('clubs').columns(['created_at', 'name_key', 'id']).execute()
  await db.schema
    .createIndex('clubs_by_status_created')
    .on('clubs')
    .columns(['status', 'created_at', 'name_key', 'id'])
    .execute()
  await sql`CREATE INDEX clubs_by_zvr ON clubs ((zvr_number = ''), length(zvr_number), zvr_number, name_key, id)`.execute(
    db,
  )
  await db.schema.createIndex('clubs_checked_by').on('clubs').column('checked_by').execute()

  await db.schema
    .createTable('memberships')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('uid', bytewiseText, (col) => deferrableReference(col.notNull(), 'users.uid', 'cascade'))
    .addColumn('club_role_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'club_roles.id', 'restrict'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('memberships_club_id_uid_key', ['club_id', 'uid'])
    .execute()
  await db.schema.createIndex('memberships_by_user').on('memberships').column('uid').execute()
  await db.schema.createIndex('memberships_by_role').on('memberships').column('club_role_id').execute()

  await db.schema
    .createTable('invitations')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('club_role_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'club_roles.id', 'restrict'))
    .addColumn('invited_by', bytewiseText, (col) => deferrableReference(col, 'users.uid', 'set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', bytewiseText, (col) => deferrableReference(col, 'users.uid', 'set null'))
    .execute()
  await db.schema.createIndex('invitations_by_club').on('invitations').column('club_id').execute()
  await sql`CREATE INDEX invitations_unused ON invitations (club_role_id) WHERE used_at IS NULL`.execute(db)
  await db.schema.createIndex('invitations_invited_by').on('invitations').column('invited_by').execute()
  await db.schema.createIndex('invitations_used_by').on('invitations').column('used_by').execute()

  await db.schema
    .createTable('files')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('IMAGE', 'DOCUMENT')`))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size >= 0`))
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('files_by_club').on('files').column('club_id').execute()

  await db.schema
    .createTable('campaigns')
    .addColumn('document_id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('goal_cents', 'integer', (col) => col.notNull().check(sql`goal_cents >= 0`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('minimum_donation_cents', 'integer', (col) => col.notNull().check(sql`minimum_donation_cents >= 0`))
    .addColumn('event_date', 'date', (col) => col.notNull())
    .addColumn('event_time', 'text', (col) => col.notNull())
    .addColumn('from_day', 'date', (col) => col.notNull())
    .addColumn('to_day', 'date', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('campaigns_by_club').on('campaigns').column('club_id').execute()

  await db.schema
    .createTable('donations')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    // NO ACTION (not RESTRICT), which a transaction can defer (see deferrableReference).
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'no action'))
    // Donations stay traceable to their campaign: a campaign with donations is never deleted.
    .addColumn('campaign_id', bytewiseText, (col) => deferrableReference(col, 'campaigns.document_id', 'no action'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('donor_name', 'text')
    .addColumn('donor_key', bytewiseText)
    .addColumn('message', 'text')
    .addColumn('donated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .execute()
  // The donation lists of a club and of a campaign, in each of their orders, and the day filter.
  await db.schema.createIndex('donations_club_time').on('donations').columns(['club_id', 'donated_at', 'id']).execute()
  await db.schema
    .createIndex('donations_club_amount')
    .on('donations')
    .columns(['club_id', 'amount_cents', 'donated_at', 'id'])
    .execute()
  await sql`CREATE INDEX donations_club_donor ON donations (club_id, (donor_key IS NULL), donor_key, donated_at, id)`.execute(
    db,
  )
  await sql`CREATE INDEX donations_club_day ON donations (club_id, day) INCLUDE (amount_cents)`.execute(db)
  await db.schema
    .createIndex('donations_campaign_time')
    .on('donations')
    .columns(['campaign_id', 'donated_at', 'id'])
    .execute()
  await db.schema
    .createIndex('donations_campaign_amount')
    .on('donations')
    .columns(['campaign_id', 'amount_cents', 'donated_at', 'id'])
    .execute()
  await sql`CREATE INDEX donations_campaign_donor ON donations (campaign_id, (donor_key IS NULL), donor_key, donated_at, id)`.execute(
    db,
  )

  await db.schema
    .createTable('payment_accounts')
    .addColumn('account_id', bytewiseText, (col) => col.primaryKey())
    .addColumn('club_id', bytewiseText, (col) => deferrableReference(col.notNull(), 'clubs.id', 'cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status IN ('ONBOARDING', 'ACTIVE', 'REJECTED')`))
    .addColumn('charges_enabled', 'boolean', (col) => col.notNull())
    .addColumn('payouts_enabled', 'boolean', (col) => col.notNull())
    .addColumn('requirements', 'jsonb', (col) => col.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('payment_accounts_by_club').on('payment_accounts').column('club_id').execute()
  // At most one live account per club.
  await sql`CREATE UNIQUE INDEX payment_accounts_live ON payment_accounts (club_id) WHERE status <> 'REJECTED'`.execute(
    db,
  )

  await db.schema
    .createTable('onboarding_links')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('account_id', bytewiseText, (col) =>
      deferrableReference(col.notNull(), 'payment_accounts.account_id', 'cascade'),
    )
    .addColumn('club_id', bytewiseText, (col) => col.notNull())
    .addColumn('return_origin', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('onboarding_links_by_account').on('onboarding_links').column('account_id').execute()

  await db.schema
    .createTable('app_logo')
    // At most one row.
    .addColumn('singleton', 'boolean', (col) =>
      col
        .primaryKey()
        .defaultTo(true)
        .check(sql`singleton`),
    )
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', bytewiseText, (col) => col.primaryKey())
    .addColumn('sequence', 'bigserial', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX mail_outbox_unsent ON mail_outbox (sequence) WHERE sent_at IS NULL`.execute(db)

  await db.schema
    .createTable('identity_credentials')
    .addColumn('uid', bytewiseText, (col) => deferrableReference(col.primaryKey(), 'users.uid', 'cascade'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('sessions_valid_after', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('identity_refresh_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('uid', bytewiseText, (col) => deferrableReference(col.notNull(), 'users.uid', 'cascade'))
    .addColumn('auth_time', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('identity_refresh_tokens_by_user').on('identity_refresh_tokens').column('uid').execute()

  await db.schema
    .createTable('identity_action_codes')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('uid', bytewiseText, (col) => deferrableReference(col.notNull(), 'users.uid', 'cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('identity_action_codes_by_user').on('identity_action_codes').column('uid').execute()
}
