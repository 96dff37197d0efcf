/**
 * Versioned migrations, applied in order on start (Kysely's Migrator records them in
 * `kysely_migration` and takes a lock, so several server processes starting at once apply each once).
 * A migration is never edited after it has shipped; a change is a new one.
 *
 * Foreign keys are DEFERRABLE (checked immediately unless a transaction defers them): the test hook
 * that restores the demo seed replaces the small tables under the 100 000 donations without copying
 * the donations themselves (server/db/seed-snapshot.ts).
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration, MigrationProvider } from 'kysely/migration'

const FK = 'DEFERRABLE INITIALLY IMMEDIATE'

/**
 * Runs a script of statements one by one: both drivers send queries through the extended protocol,
 * which takes one statement at a time. Statements end with `;` at the end of a line, outside the
 * `$$ … $$` bodies of functions.
 */
const runScript = async (db: Kysely<unknown>, script: string): Promise<void> => {
  const statements: string[] = []
  let current = ''
  let inBody = false
  for (const line of script.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue
    current += `${line}\n`
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''))
      current = ''
    }
  }
  if (current.trim() !== '') statements.push(current.trim())
  for (const statement of statements) await sql.raw(statement).execute(db)
}

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      CREATE TABLE users (
        uid text COLLATE "C" PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_USER')),
        email_verified boolean NOT NULL,
        phone_number text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      CREATE INDEX users_role ON users (role);

      CREATE TABLE club_types (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX club_types_name_key ON club_types (lower(name));

      CREATE TABLE club_roles (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX club_roles_name_key ON club_roles (lower(name));

      CREATE TABLE clubs (
        id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        name_key text COLLATE "C" NOT NULL,
        zvr_number text COLLATE "C" NOT NULL,
        vat_number text NOT NULL,
        donation_number text NOT NULL,
        description text NOT NULL,
        short_description text NOT NULL,
        address jsonb NOT NULL,
        bank_info jsonb NOT NULL,
        billing_address jsonb NOT NULL,
        legitimation jsonb NOT NULL,
        club_type_id text COLLATE "C" REFERENCES club_types (id) ON DELETE RESTRICT ${FK},
        club_size integer,
        status text COLLATE "C" NOT NULL CHECK (status IN ('PROCESSING', 'ACTIVE', 'INACTIVE')),
        is_checked boolean NOT NULL,
        checked_at timestamptz,
        checked_by text COLLATE "C" REFERENCES users (uid) ON DELETE SET NULL ${FK},
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- The release list: by status and/or type, in each of its orders.
      CREATE INDEX clubs_by_name ON clubs (name_key, id);
      CREATE INDEX clubs_by_status_name ON clubs (status, name_key, id);
      CREATE INDEX clubs_by_type_name ON clubs (club_type_id, name_key, id);
      CREATE INDEX clubs_by_created ON clubs (created_at, name_key, id);
      CREATE INDEX clubs_by_status_created ON clubs (status, created_at, name_key, id);
      CREATE INDEX clubs_by_zvr ON clubs ((zvr_number = ''), length(zvr_number), zvr_number, name_key, id);
      CREATE INDEX clubs_checked_by ON clubs (checked_by);

      CREATE TABLE memberships (
        id text COLLATE "C" PRIMARY KEY,
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE CASCADE ${FK},
        uid text COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE ${FK},
        club_role_id text COLLATE "C" NOT NULL REFERENCES club_roles (id) ON DELETE RESTRICT ${FK},
        created_at timestamptz NOT NULL,
        UNIQUE (club_id, uid)
      );
      CREATE INDEX memberships_by_user ON memberships (uid);
      CREATE INDEX memberships_by_role ON memberships (club_role_id);

      CREATE TABLE invitations (
        id text COLLATE "C" PRIMARY KEY,
        token text NOT NULL UNIQUE,
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE CASCADE ${FK},
        email text NOT NULL,
        club_role_id text COLLATE "C" NOT NULL REFERENCES club_roles (id) ON DELETE RESTRICT ${FK},
        invited_by text COLLATE "C" REFERENCES users (uid) ON DELETE SET NULL ${FK},
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        used_by text COLLATE "C" REFERENCES users (uid) ON DELETE SET NULL ${FK}
      );
      CREATE INDEX invitations_by_club ON invitations (club_id);
      CREATE INDEX invitations_unused ON invitations (club_role_id) WHERE used_at IS NULL;
      CREATE INDEX invitations_invited_by ON invitations (invited_by);
      CREATE INDEX invitations_used_by ON invitations (used_by);

      CREATE TABLE files (
        id text COLLATE "C" PRIMARY KEY,
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE CASCADE ${FK},
        kind text NOT NULL CHECK (kind IN ('IMAGE', 'DOCUMENT')),
        label text NOT NULL,
        name text NOT NULL,
        path text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        uploaded_at timestamptz NOT NULL
      );
      CREATE INDEX files_by_club ON files (club_id);

      CREATE TABLE campaigns (
        document_id text COLLATE "C" PRIMARY KEY,
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE CASCADE ${FK},
        name text NOT NULL,
        description text NOT NULL,
        goal_cents integer NOT NULL CHECK (goal_cents >= 0),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        minimum_donation_cents integer NOT NULL CHECK (minimum_donation_cents >= 0),
        event_date date NOT NULL,
        event_time text NOT NULL,
        from_day date NOT NULL,
        to_day date NOT NULL,
        enabled boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX campaigns_by_club ON campaigns (club_id);

      CREATE TABLE donations (
        id text COLLATE "C" PRIMARY KEY,
        -- NO ACTION (not RESTRICT), which a transaction can defer: see the note at the top.
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE NO ACTION ${FK},
        -- Donations stay traceable to their campaign: a campaign with donations is never deleted.
        campaign_id text COLLATE "C" REFERENCES campaigns (document_id) ON DELETE NO ACTION ${FK},
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        donor_name text,
        donor_key text COLLATE "C",
        message text,
        donated_at timestamptz NOT NULL,
        day date NOT NULL
      );
      -- The donation lists of a club and of a campaign, in each of their orders, and the day filter.
      CREATE INDEX donations_club_time ON donations (club_id, donated_at, id);
      CREATE INDEX donations_club_amount ON donations (club_id, amount_cents, donated_at, id);
      CREATE INDEX donations_club_donor ON donations (club_id, (donor_key IS NULL), donor_key, donated_at, id);
      CREATE INDEX donations_club_day ON donations (club_id, day) INCLUDE (amount_cents);
      CREATE INDEX donations_campaign_time ON donations (campaign_id, donated_at, id);
      CREATE INDEX donations_campaign_amount ON donations (campaign_id, amount_cents, donated_at, id);
      CREATE INDEX donations_campaign_donor ON donations (campaign_id, (donor_key IS NULL), donor_key, donated_at, id);

      CREATE TABLE payment_accounts (
        account_id text COLLATE "C" PRIMARY KEY,
        club_id text COLLATE "C" NOT NULL REFERENCES clubs (id) ON DELETE CASCADE ${FK},
        status text NOT NULL CHECK (status IN ('ONBOARDING', 'ACTIVE', 'REJECTED')),
        charges_enabled boolean NOT NULL,
        payouts_enabled boolean NOT NULL,
        requirements jsonb NOT NULL,
        reject_reason text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX payment_accounts_by_club ON payment_accounts (club_id);
      -- At most one live account per club.
      CREATE UNIQUE INDEX payment_accounts_live ON payment_accounts (club_id) WHERE status <> 'REJECTED';

      CREATE TABLE onboarding_links (
        id text COLLATE "C" PRIMARY KEY,
        account_id text COLLATE "C" NOT NULL REFERENCES payment_accounts (account_id) ON DELETE CASCADE ${FK},
        club_id text COLLATE "C" NOT NULL,
        return_origin text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX onboarding_links_by_account ON onboarding_links (account_id);

      CREATE TABLE app_logo (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        id text NOT NULL,
        name text NOT NULL,
        path text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        uploaded_at timestamptz NOT NULL
      );

      CREATE TABLE settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL
      );

      CREATE TABLE mail_outbox (
        id text COLLATE "C" PRIMARY KEY,
        sequence bigserial NOT NULL,
        to_address text NOT NULL,
        kind text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL,
        sent_at timestamptz
      );
      CREATE INDEX mail_outbox_unsent ON mail_outbox (sequence) WHERE sent_at IS NULL;

      CREATE TABLE identity_credentials (
        uid text COLLATE "C" PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE ${FK},
        password_hash text NOT NULL,
        sessions_valid_after bigint NOT NULL DEFAULT 0
      );

      CREATE TABLE identity_refresh_tokens (
        token text PRIMARY KEY,
        uid text COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE ${FK},
        auth_time bigint NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX identity_refresh_tokens_by_user ON identity_refresh_tokens (uid);

      CREATE TABLE identity_action_codes (
        code text PRIMARY KEY,
        kind text NOT NULL,
        uid text COLLATE "C" NOT NULL REFERENCES users (uid) ON DELETE CASCADE ${FK},
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX identity_action_codes_by_user ON identity_action_codes (uid);
    `,
    )
  },
}

/**
 * Running totals the paged lists read instead of summing the underlying rows on every request: the
 * donations per club, campaign and day (the list totals, the dashboard's sums, the chart), and the clubs
 * per status and type (the release list's total). Kept exact by statement triggers (with transition
 * tables, so a bulk insert updates them once per statement), and filled from the data already there.
 */
const aggregates: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      CREATE TABLE donation_day_totals (
        club_id text COLLATE "C" NOT NULL,
        -- '' for donations outside a campaign (a primary key cannot hold NULL).
        campaign_id text COLLATE "C" NOT NULL,
        day date NOT NULL,
        count integer NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (club_id, campaign_id, day)
      );
      CREATE INDEX donation_day_totals_by_campaign ON donation_day_totals (campaign_id, day) INCLUDE (count, cents);

      CREATE FUNCTION donation_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END $$;
      CREATE TRIGGER donation_day_totals_insert AFTER INSERT ON donations
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply();
      CREATE TRIGGER donation_day_totals_update AFTER UPDATE ON donations
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply();
      CREATE TRIGGER donation_day_totals_delete AFTER DELETE ON donations
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_day_totals_apply();
      INSERT INTO donation_day_totals (club_id, campaign_id, day, count, cents)
        SELECT club_id, coalesce(campaign_id, ''), day, count(*), sum(amount_cents) FROM donations GROUP BY 1, 2, 3;

      CREATE TABLE club_counts (
        status text COLLATE "C" NOT NULL,
        -- '' for clubs without a type.
        club_type_id text COLLATE "C" NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (status, club_type_id)
      );

      CREATE FUNCTION club_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END $$;
      CREATE TRIGGER club_counts_insert AFTER INSERT ON clubs
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply();
      CREATE TRIGGER club_counts_update AFTER UPDATE ON clubs
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply();
      CREATE TRIGGER club_counts_delete AFTER DELETE ON clubs
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION club_counts_apply();
      INSERT INTO club_counts (status, club_type_id, count)
        SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2;
    `,
    )
  },
}

/**
 * Delivery of the mail outbox over SMTP (server/mail/dispatcher.ts): attempts, when the next may run (the
 * lease of a claim, or the back-off after a failure), the last error, and when delivery was given up. The
 * pending index leaves out both sent and given-up mails.
 */
const mailDelivery: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      ALTER TABLE mail_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
      ALTER TABLE mail_outbox ADD COLUMN next_attempt_at timestamptz;
      ALTER TABLE mail_outbox ADD COLUMN last_error text;
      ALTER TABLE mail_outbox ADD COLUMN failed_at timestamptz;
      DROP INDEX mail_outbox_unsent;
      CREATE INDEX mail_outbox_pending ON mail_outbox (sequence) WHERE sent_at IS NULL AND failed_at IS NULL;
    `,
    )
  },
}

/**
 * The bytes of uploaded files (server/files): one row per file on disk. A row without `claimed_at` is a
 * staged upload (no record uses it yet); the sweep removes those older than an hour, and files on disk
 * that have no row at all.
 */
const fileBlobs: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      CREATE TABLE file_blobs (
        path text COLLATE "C" PRIMARY KEY,
        size integer NOT NULL CHECK (size > 0),
        content_type text NOT NULL,
        staged_at timestamptz NOT NULL,
        claimed_at timestamptz
      );
      CREATE INDEX file_blobs_staged ON file_blobs (staged_at) WHERE claimed_at IS NULL;
    `,
    )
  },
}

/**
 * One club per ZVR number (issue 11): the backstop under the domain's check (domain/club-checks.ts,
 * `zvrKey`), so two registrations at the same moment cannot both win. Leading zeros do not count, and
 * clubs without a number (a profile still being completed) are left out. A database that already holds
 * two clubs with one number cannot take the index: the migration stops and names them, for an operator
 * to resolve (change or clear one of the numbers) before the server starts again.
 */
const clubZvrUnique: Migration = {
  async up(db: Kysely<unknown>) {
    const duplicates = await sql<{ zvr: string; clubs: string }>`
      SELECT ltrim(zvr_number, '0') AS zvr, string_agg(id, ', ' ORDER BY id) AS clubs
      FROM clubs WHERE zvr_number <> '' GROUP BY 1 HAVING count(*) > 1 ORDER BY 1`.execute(db)
    if (duplicates.rows.length > 0) {
      const list = duplicates.rows.map((row) => `ZVR ${row.zvr}: ${row.clubs}`).join('; ')
      throw new Error(
        `Migration 0005-club-zvr-unique: clubs share a ZVR number (${list}). Give each club its own number (or none) and start again.`,
      )
    }
    await runScript(
      db,
      `
      CREATE UNIQUE INDEX clubs_zvr_key ON clubs ((ltrim(zvr_number, '0'))) WHERE zvr_number <> '';
    `,
    )
  },
}

/**
 * Invitations that were replaced (a newer invitation to the same address into the same club, or the same
 * one sent again) or withdrawn by the club are kept, so their link can say so (domain/invitations.ts).
 */
const invitationStates: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      ALTER TABLE invitations ADD COLUMN replaced_at timestamptz;
      ALTER TABLE invitations ADD COLUMN withdrawn_at timestamptz;
    `,
    )
  },
}

/**
 * Money and identity of a club (issue 11, docs/decisions/0015-bank-review-and-audit-log.md): the pending
 * review of changed bank details and the deactivation's reason on the club, and the audit log. The log has
 * no foreign keys (an entry outlives the user and keeps the names of the time) and is read newest first,
 * whole or per club, by the sequence it was appended in.
 */
const bankReviewAndAuditLog: Migration = {
  async up(db: Kysely<unknown>) {
    await runScript(
      db,
      `
      ALTER TABLE clubs ADD COLUMN bank_review jsonb;
      ALTER TABLE clubs ADD COLUMN deactivation_reason text;
      ALTER TABLE clubs ADD COLUMN deactivated_at timestamptz;

      CREATE TABLE audit_log (
        sequence bigserial PRIMARY KEY,
        id text COLLATE "C" NOT NULL UNIQUE,
        at timestamptz NOT NULL,
        action text NOT NULL,
        actor_uid text COLLATE "C",
        actor_name text NOT NULL,
        actor_email text NOT NULL,
        club_id text COLLATE "C",
        club_name text,
        user_uid text COLLATE "C",
        user_name text,
        user_email text,
        changes jsonb NOT NULL
      );
      CREATE INDEX audit_log_by_club ON audit_log (club_id, sequence) WHERE club_id IS NOT NULL;
    `,
    )
  },
}

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-aggregates': aggregates,
  '0003-mail-delivery': mailDelivery,
  '0004-file-blobs': fileBlobs,
  '0005-club-zvr-unique': clubZvrUnique,
  '0006-invitation-states': invitationStates,
  '0007-bank-review-and-audit-log': bankReviewAndAuditLog,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
}
