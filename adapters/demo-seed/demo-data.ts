/**
 * What the demo seed builds, for both backends: the seeded tables of the domain's records
 * (domain/records.ts), the offline identity's credentials, the app logo, the globals and the instant it was
 * built for. The mocked backend makes its in-memory state of it (mocks/db/seed-state.ts); the server writes
 * it into an empty database (server/db/seed.ts).
 *
 * A build is cached for its hour and shared: nobody changes it (the mocked backend's writes make new
 * tables, copy on write).
 */
import type {
  AppLogoRecord,
  AuditEntryRecord,
  CampaignRecord,
  ClubRecord,
  ClubRoleRecord,
  ClubTaxRecord,
  ClubTypeRecord,
  DonationRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  OnboardingLinkRecord,
  PaymentAccountRecord,
  ReceiptSettingsRecord,
  TaxConsentRecord,
  TaxDonorRecord,
  UserRecord,
} from '#domain/records.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import type { CredentialRecord } from '#adapters/offline-identity/offline-identity.ts'

export interface DemoTables {
  readonly users: ReadonlyMap<string, UserRecord>
  /** Every account's password, as the offline identity keeps it (a hash). */
  readonly credentials: ReadonlyMap<string, CredentialRecord>
  readonly clubTypes: ReadonlyMap<string, ClubTypeRecord>
  readonly clubRoles: ReadonlyMap<string, ClubRoleRecord>
  readonly memberships: ReadonlyMap<string, MembershipRecord>
  readonly invitations: ReadonlyMap<string, InvitationRecord>
  readonly clubs: ReadonlyMap<string, ClubRecord>
  readonly files: ReadonlyMap<string, FileRecord>
  readonly campaigns: ReadonlyMap<string, CampaignRecord>
  /** Generated the first time something reads them (seed-donations.ts). */
  readonly donations: ReadonlyMap<string, DonationRecord>
  readonly paymentAccounts: ReadonlyMap<string, PaymentAccountRecord>
  readonly onboardingLinks: ReadonlyMap<string, OnboardingLinkRecord>
  /** In the order appended, oldest first (a Map keeps insertion order). */
  readonly auditLog: ReadonlyMap<string, AuditEntryRecord>
  /** A club's tax data, by club id (seed-tax.ts). */
  readonly taxStatus: ReadonlyMap<string, ClubTaxRecord>
  readonly taxDonors: ReadonlyMap<string, TaxDonorRecord>
  readonly taxConsents: ReadonlyMap<string, TaxConsentRecord>
  /** A club's receipt settings, by club id (seed-receipts.ts). */
  readonly receiptSettings: ReadonlyMap<string, ReceiptSettingsRecord>
}

export interface DemoData {
  readonly tables: DemoTables
  readonly appLogo: AppLogoRecord | null
  readonly globals: Globals
  /** The instant the seed was built for; the generated donations are derived from it. */
  readonly seedAt: number
}
