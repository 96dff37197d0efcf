/**
 * The tables as Kysely sees them (server/db/migrations/ creates them). Columns are snake_case, as in SQL;
 * each table's repository (server/db/repositories/) maps its rows to the domain's records and back.
 *
 * Instants are `timestamptz` (read as ISO strings), days `date` (read as `YYYY-MM-DD` strings, see
 * database.ts), money integer cents. Text that lists are ordered by (ids, sort keys, ZVR numbers,
 * statuses) has `COLLATE "C"`, so PostgreSQL orders it exactly as the in-memory store does.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type {
  CheckoutTaxRecord,
  DeductibilityEntryRecord,
  ReceiptAddressRecord,
  ReceiptLineRecord,
  ReceiptSettingsRecord,
  TransmissionPartRecord,
} from '#domain/records.ts'

/** Read as ISO strings (`2026-05-01T08:30:00.000Z`, see database.ts); written as Date or ISO string. */
type Timestamp = ColumnType<string, Date | string, Date | string>
type Day = ColumnType<string, string, string>
type Json<T> = ColumnType<T, string, string>

export interface UsersTable {
  uid: string
  email: string
  first_name: string
  last_name: string
  role: string
  email_verified: boolean
  phone_number: string
  created_at: Timestamp
}

export interface ClubTypesTable {
  id: string
  name: string
  created_at: Timestamp
}

export interface ClubRolesTable extends ClubTypesTable {
  /** The rights inside a club its holders have (0008-club-role-rights.ts). */
  manage_money: boolean
  manage_members: boolean
}

export interface ClubsTable {
  id: string
  name: string
  /** domain/sort-key.ts of the name. */
  name_key: string
  zvr_number: string
  vat_number: string
  donation_number: string
  description: string
  short_description: string
  address: Json<Record<string, unknown>>
  bank_info: Json<Record<string, unknown>>
  billing_address: Json<Record<string, unknown>>
  legitimation: Json<Record<string, unknown>>
  /** null where the domain's record has '' (no type chosen). */
  club_type_id: string | null
  club_size: number | null
  status: string
  is_checked: boolean
  checked_at: Timestamp | null
  checked_by: string | null
  /** domain/records.ts `BankReviewRecord` (masked IBANs only), null when none is pending. */
  bank_review: Json<Record<string, unknown>> | null
  deactivation_reason: string | null
  deactivated_at: Timestamp | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface MembershipsTable {
  id: string
  club_id: string
  uid: string
  club_role_id: string
  created_at: Timestamp
}

export interface InvitationsTable {
  id: string
  token: string
  club_id: string
  email: string
  club_role_id: string
  invited_by: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
  used_by: string | null
  replaced_at: Timestamp | null
  withdrawn_at: Timestamp | null
}

export interface FilesTable {
  id: string
  club_id: string
  kind: string
  label: string
  name: string
  path: string
  content_type: string
  size: number
  uploaded_at: Timestamp
}

export interface CampaignsTable {
  document_id: string
  club_id: string
  name: string
  description: string
  goal_cents: number
  amount_cents: number
  minimum_donation_cents: number
  event_date: Day
  event_time: string
  from_day: Day
  to_day: Day
  enabled: boolean
  created_at: Timestamp
  updated_at: Timestamp
}

export interface DonationsTable {
  id: string
  club_id: string
  campaign_id: string | null
  amount_cents: number
  donor_name: string | null
  /** domain/sort-key.ts of the donor's name; null for anonymous donations. */
  donor_key: string | null
  message: string | null
  donated_at: Timestamp
  /** The Vienna calendar day of `donated_at`. */
  day: Day
  /**
   * A card donation's payment (migration 0009): its checkout and the provider's payment, both null (and the
   * rest at their defaults) for donations that came another way.
   */
  payment_checkout_id: string | null
  payment_intent_id: string | null
  /** The provider's running total of refunds. */
  refunded_cents: Generated<number>
  dispute: string | null
  /** When the provider created the dispute event applied last (epoch ms). */
  dispute_event_at: number | null
  /** What the totals sum: 0 once a dispute is lost, else `amount_cents - refunded_cents` (generated). */
  counted_cents: ColumnType<number, never, never>
  /**
   * Its tax record (migration 0012): null (all three) when none; true with no donor for a company's; false
   * with the donor and the consent that covers it.
   */
  tax_company: boolean | null
  tax_donor_id: string | null
  tax_consent_id: string | null
  /** The name and address the donor asked a receipt to be made out to (migration 0014); null: none. */
  receipt_address: Json<ReceiptAddressRecord> | null
  /** The key of the donor's receipt link (migration 0015), unique where set; null: none. */
  receipt_token: string | null
}

/** A donor's hosted checkout at the card provider (migration 0009). */
export interface DonationCheckoutsTable {
  id: string
  campaign_id: string
  club_id: string
  account_id: string
  /** The provider's id of the hosted checkout; null until the provider has made it. */
  session_id: string | null
  amount_cents: number
  donor_name: string | null
  email: string
  message: string | null
  state: string
  /** The donation the paid checkout became. */
  donation_id: string | null
  /** domain/records.ts `CheckoutTaxRecord`: the donor's data and consent, or a company's (migration 0012). */
  tax: Json<CheckoutTaxRecord> | null
  /** The name and address the donor asked a receipt to be made out to (migration 0014); null: none. */
  receipt_address: Json<ReceiptAddressRecord> | null
  created_at: Timestamp
  expires_at: Timestamp
  updated_at: Timestamp
}

/** The card provider's events applied so far, each once (migration 0009). */
export interface PaymentEventsTable {
  id: string
  type: string
  account_id: string | null
  /** When the provider created the event (epoch ms). */
  created_at: number
  received_at: Timestamp
}

export interface PaymentAccountsTable {
  account_id: string
  club_id: string
  status: string
  charges_enabled: boolean
  payouts_enabled: boolean
  requirements: Json<string[]>
  reject_reason: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** When the provider created the `account.updated` event applied last (epoch ms); null before the first. */
  provider_event_at: number | null
}

export interface OnboardingLinksTable {
  id: string
  account_id: string
  club_id: string
  return_origin: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface AppLogoTable {
  /** Always true: the table holds at most one row. */
  singleton: ColumnType<boolean, boolean | undefined, never>
  id: string
  name: string
  path: string
  content_type: string
  size: number
  uploaded_at: Timestamp
}

/**
 * The bytes behind file records, kept on disk under `<DATA_DIR>/files/<path>` (server/files): staged
 * while `claimed_at` is null (uploaded, not yet recorded), claimed once a record uses them.
 */
export interface FileBlobsTable {
  path: string
  size: number
  /** What the content is (its magic bytes). */
  content_type: string
  staged_at: Timestamp
  claimed_at: Timestamp | null
}

/**
 * The audit log (migration 0007): append-only, read newest first by `sequence`. No foreign keys: an entry
 * outlives the user it names (the names are kept as they were).
 */
export interface AuditLogTable {
  sequence: Generated<string>
  id: string
  at: Timestamp
  action: string
  actor_uid: string | null
  actor_name: string
  actor_email: string
  club_id: string | null
  club_name: string | null
  user_uid: string | null
  user_name: string | null
  user_email: string | null
  changes: Json<Array<{ field: string; before: string | null; after: string | null }>>
}

export interface SettingsTable {
  key: string
  value: Json<unknown>
}

export interface MailOutboxTable {
  id: string
  sequence: Generated<string>
  to_address: string
  kind: string
  subject: string
  text: string
  link: string
  created_at: Timestamp
  /** Delivered over SMTP (server/mail/dispatcher.ts); null while pending or without SMTP. */
  sent_at: Timestamp | null
  /** Delivery attempts made (each claim counts one). */
  attempts: Generated<number>
  /** Not to be tried before this (a claim's lease, or the back-off after a failure); null: at once. */
  next_attempt_at: Timestamp | null
  /** The last delivery failure. */
  last_error: string | null
  /** Given up (attempts used up, or too old when first tried): never sent. */
  failed_at: Timestamp | null
  /** The request that queued it (its log lines' `reqId`, migration 0013); null: no request did. */
  request_id: string | null
}

export interface IdentityCredentialsTable {
  uid: string
  /** `scrypt$<salt>$<hash>`, both base64. */
  password_hash: string
  /** Epoch ms before which the account's ID tokens are refused. */
  sessions_valid_after: ColumnType<number, number, number>
}

export interface IdentityRefreshTokensTable {
  token: string
  uid: string
  auth_time: number
  created_at: Timestamp
}

export interface IdentityActionCodesTable {
  code: string
  kind: string
  uid: string
  email: string
  expires_at: Timestamp
  used_at: Timestamp | null
}

/** Maintained by triggers (migration 0002): never written by the adapters. */
export interface DonationDayTotalsTable {
  club_id: string
  campaign_id: string
  day: Day
  /** Every donation, refunded or disputed ones too. */
  count: number
  /** The sum of the donations' `counted_cents` (migration 0009). */
  cents: number
}

export interface ClubCountsTable {
  status: string
  club_type_id: string
  count: number
}

/** One limit's counter for one client (server/rate-limit-store.ts). */
export interface RateLimitCountersTable {
  key: string
  hits: number
  window_ends_at: Timestamp
}

/** When a periodic job may run next, across all processes (server/db/job-runs.ts). */
export interface JobRunsTable {
  name: string
  started_at: Timestamp
  next_run_at: Timestamp
}

/** Keys every server process uses alike (server/db/server-secrets.ts). */
export interface ServerSecretsTable {
  name: string
  value: string
}

/** The simulated card provider's state, shared by the server processes (server/payments/). */
export interface SimulatedProviderStateTable {
  name: string
  state: string
}

/** A provider account change whose transaction has not settled (migration 0011). */
export interface IdentityPendingAccountsTable {
  uid: string
  change: 'create' | 'delete'
  email: string | null
  since: Timestamp
}

/**
 * A club's tax data and its donor counter (migration 0012). A row made by the counter alone (a donor before
 * any tax data) has `updated_at` null: the club has no tax data yet.
 */
export interface ClubTaxTable {
  club_id: string
  tax_number: string | null
  last_report_on: Day | null
  /** domain/records.ts `DeductibilityEntryRecord`s, oldest first. */
  entries: Json<DeductibilityEntryRecord[]>
  /** The number the club's next donor gets. */
  next_donor_number: Generated<number>
  updated_at: Timestamp | null
}

/** A donor who gave their data for the transmission (migration 0012). */
export interface TaxDonorsTable {
  id: string
  club_id: string
  number: number
  ref_nr: string
  first_name: string
  last_name: string
  birth_date: Day
  /** domain/tax-donors.ts `taxDonorKey`; unique per club (`tax_donors_match_key`). */
  match_key: string
  bpk_state: string
  vbpk: string | null
  bpk_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** A donor's consent to the transmission (migration 0012). */
export interface TaxConsentsTable {
  id: string
  club_id: string
  donor_id: string
  email: string
  scope: string
  text: string
  given_at: Timestamp
  withdrawn_at: Timestamp | null
}

/** A year's transmission as made (migration 0012). */
export interface TaxTransmissionsTable {
  id: string
  club_id: string
  year: number
  mode: string
  category: string
  tax_number: string | null
  /** Epoch ms: the files' `Timestamp`. */
  created_at: number
  created_by_name: string
  /** domain/records.ts `TransmissionPartRecord`s, by part. */
  parts: Json<TransmissionPartRecord[]>
}

/** Which transmission of the club a file's `messageRefId` belongs to: unique per club (migration 0012). */
export interface TaxTransmissionPartsTable {
  club_id: string
  message_ref_id: string
  transmission_id: string
}

/** A receipt as issued (migration 0014): never changed but withdrawn. */
export interface ReceiptsTable {
  id: string
  club_id: string
  /** The club's running number: unique per club (`receipts_sequence_key`). */
  sequence: number
  number: string
  kind: string
  country: string
  year: number | null
  donor: Json<ReceiptAddressRecord>
  lines: Json<ReceiptLineRecord[]>
  total_cents: number
  place: string
  issued_on: Day
  issued_at: Timestamp
  /** Null: issued with the donor's confirmation (migration 0015). */
  issued_by_name: string | null
  status: string
  withdrawn_at: Timestamp | null
  withdrawn_by_name: string | null
  withdraw_reason: string | null
  replaces_id: string | null
  file_path: string
  file_sha256: string
  file_size: number
}

/** A donation an issued receipt covers: one row per donation, deleted when the receipt is withdrawn (migration 0014). */
export interface ReceiptDonationLocksTable {
  donation_id: string
  receipt_id: string
  club_id: string
}

/**
 * A club's receipt settings and its receipt counter (migration 0014). A row made by the counter alone (a
 * receipt before any settings) has `updated_at` null and no settings.
 */
export interface ReceiptSettingsTable {
  club_id: string
  place: string | null
  signer_name: string | null
  signer_role: string | null
  germany: Json<ReceiptSettingsRecord['germany']> | null
  /** The number the club's next receipt gets. */
  next_sequence: Generated<number>
  updated_at: Timestamp | null
}

export interface Database {
  users: UsersTable
  club_types: ClubTypesTable
  club_roles: ClubRolesTable
  clubs: ClubsTable
  memberships: MembershipsTable
  invitations: InvitationsTable
  files: FilesTable
  campaigns: CampaignsTable
  donations: DonationsTable
  donation_checkouts: DonationCheckoutsTable
  payment_events: PaymentEventsTable
  payment_accounts: PaymentAccountsTable
  onboarding_links: OnboardingLinksTable
  app_logo: AppLogoTable
  file_blobs: FileBlobsTable
  audit_log: AuditLogTable
  settings: SettingsTable
  mail_outbox: MailOutboxTable
  identity_credentials: IdentityCredentialsTable
  identity_refresh_tokens: IdentityRefreshTokensTable
  identity_action_codes: IdentityActionCodesTable
  donation_day_totals: DonationDayTotalsTable
  club_counts: ClubCountsTable
  rate_limit_counters: RateLimitCountersTable
  job_runs: JobRunsTable
  server_secrets: ServerSecretsTable
  simulated_provider_state: SimulatedProviderStateTable
  identity_pending_accounts: IdentityPendingAccountsTable
  club_tax: ClubTaxTable
  tax_donors: TaxDonorsTable
  tax_consents: TaxConsentsTable
  tax_transmissions: TaxTransmissionsTable
  tax_transmission_parts: TaxTransmissionPartsTable
  receipts: ReceiptsTable
  receipt_donation_locks: ReceiptDonationLocksTable
  receipt_settings: ReceiptSettingsTable
}

export type Row<T extends keyof Database> = Selectable<Database[T]>
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
